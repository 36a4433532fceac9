/**
 * One stop of the round screen: the address, its residents, and either the two actions ("No
 * issues", one tap; "Record violation", the prefilled violation form) or what became of it, who did
 * it, and Undo for them while the round is open. Big targets: it is used walking, at 375 px.
 */
import { Link } from 'wouter';
import { addressLabel } from '../../../schema/addresses';
import { stopRecipient } from '../../../schema/inspections';
import { STATUS_LABELS } from '../../../schema/users';
import type { SyncedStop } from '../../../sync/areas/inspections';
import { ButtonLink, Button, Card, cx } from '../../ui';
import { StopOutcomeBadge } from './badges';

export interface StopActions {
  mark?: () => void;
  undo?: () => void;
  /** The round is not in the cache yet (the marks are mutators on it): the buttons wait. */
  waiting?: boolean;
}

/** The violation form, prefilled with whom it goes to (`stopRecipient`); it comes back here after Create Violation. */
export const recordViolationHref = (stop: SyncedStop) => {
  const query = new URLSearchParams({ round: stop.roundId, address: stop.addressId });
  const recipient = stopRecipient(stop);
  if (recipient) query.set('user_id', recipient.id);
  return `/compliance/create?${query}`;
};

/** The stop's residents as a line: "Vacant" when none, one not active with their status ("Mia Thompson (Inactive)"). */
export const stopResidentsLine = (stop: Pick<SyncedStop, 'residents'>) =>
  stop.residents.map((r) => (r.status && r.status !== 'active' ? `${r.name} (${STATUS_LABELS[r.status]})` : r.name)).join(', ') || 'Vacant';

export function StopCard({ stop, next, actions }: { stop: SyncedStop; next: boolean; actions: StopActions }) {
  const label = addressLabel({ street: stop.address.street, unit_number: stop.address.unitNumber });
  const residents = stopResidentsLine(stop);
  return (
    <Card className={cx('p-4', next && 'border-accent-600 ring-1 ring-accent-600')}>
      <article aria-label={label} className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {next && <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">Next</p>}
            <h3 className="font-semibold text-neutral-900">{label}</h3>
            <p className="text-sm text-neutral-600">{residents}</p>
          </div>
          {stop.outcome && <StopOutcomeBadge outcome={stop.outcome} />}
        </div>
        {stop.outcome ? (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-neutral-600">
            <span>
              {stop.doneBy ? `By ${stop.doneBy.name}` : 'When the round was finished'}
              {stop.violationId && (
                <>
                  {' · '}
                  <Link href={`/compliance/${stop.violationId}`} className="font-medium text-accent-700 underline-offset-4 hover:underline">
                    View violation
                  </Link>
                </>
              )}
            </span>
            {actions.undo && (
              <Button variant="ghost" size="sm" disabled={actions.waiting} onClick={actions.undo}>
                Undo
              </Button>
            )}
          </div>
        ) : (
          actions.mark && (
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" className="h-11" disabled={actions.waiting} onClick={actions.mark}>
                No issues
              </Button>
              <ButtonLink href={recordViolationHref(stop)} className="h-11">
                Record violation
              </ButtonLink>
            </div>
          )
        )}
      </article>
    </Card>
  );
}
