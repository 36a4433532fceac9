/**
 * /inspections/:id, the round screen (phone-first: it is used walking): the progress bar, the next
 * address first, each address with its residents and "No issues" / "Record violation", done ones
 * with their outcome, who did it and Undo; Pause / Resume, Finish Round (with a confirm that says
 * how many are left), the summary and Print Report. Everything from the cache, every change a mutator:
 * it all works offline. Over REST while the cache has not received the round (shown, not yet marked).
 */
import { useState } from 'react';
import { useParams } from 'wouter';
import { formatDay } from '../../../schema/days';
import { finishLeftQuestion, INSPECTION_MESSAGES, inspectionPolicy, progressLabel, type RoundStatus } from '../../../schema/inspections';
import type { SyncedStop } from '../../../sync/areas/inspections';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, Card, Dialog, DialogActions, FileTextIcon, PageHeader, Unavailable } from '../../ui';
import { actingUser } from '../threads';
import { RoundStatusBadge } from './badges';
import { RoundReport } from './RoundReport';
import { RoundSummary, useRecordedViolations } from './RoundSummary';
import { StopCard, type StopActions } from './StopCard';
import { ROUND_UNAVAILABLE, useRoundEntity } from './use-round-entity';

const NO_STOPS: SyncedStop[] = [];
const crumbs = (title: string) => [{ label: 'Inspection Rounds', href: '/inspections' }, { label: title }];

export function RoundPage() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useRoundEntity(id);
  const stops = loaded.entity?.stops ?? NO_STOPS;
  const me = useCurrentUser();
  const rep = useReplicache();
  const violations = useRecordedViolations(stops);
  const [finishing, setFinishing] = useState(false);
  const shown = { by: me ? actingUser(me) : undefined };

  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={ROUND_UNAVAILABLE} title="Inspection Round" breadcrumb={crumbs('Inspection Round')} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  }
  const { round } = loaded.entity;
  // Marks are mutators on the cached round: until the cache has it (a moment after a page loads here), they wait.
  const ready = loaded.inCache;
  const can = me ? inspectionPolicy.actionsFor(round, me.role) : { mark: false, pause: false, resume: false, finish: false };
  const done = stops.filter((s) => s.outcome).length;
  const left = inspectionPolicy.leftOf(stops).length;
  const setStatus = (status: RoundStatus) => rep?.mutate.setInspectionRoundStatus({ id: round.id, status, shown });
  const actionsOf = (stop: SyncedStop): StopActions => ({
    waiting: !ready,
    mark: can.mark ? () => rep?.mutate.markInspectionStop({ roundId: round.id, addressId: stop.addressId, outcome: 'no_issues', violationId: null, shown }) : undefined,
    undo: me && inspectionPolicy.mayUndo(round, stop, me.id) ? () => rep?.mutate.undoInspectionStop({ roundId: round.id, addressId: stop.addressId, shown }) : undefined,
  });
  const percent = stops.length ? Math.round((done / stops.length) * 100) : 0;
  // Started on a device whose cache has no address directory yet (first use offline): the server's answer brings the stops.
  const waitsForStops = stops.length === 0 && round.version === 0;

  const summary = (
    <div className="print:hidden">
      <RoundSummary stops={stops} violations={violations} />
    </div>
  );
  // The open stops in walking order, the next one first; then the done ones.
  const stopLists = (
    <section aria-label="Addresses" className="space-y-5 print:hidden">
      {[
        { title: `To do (${left})`, list: stops.filter((s) => !s.outcome) },
        { title: inspectionPolicy.isOpen(round) ? `Done (${done})` : `Addresses (${stops.length})`, list: stops.filter((s) => s.outcome) },
      ].map(
        (group) =>
          group.list.length > 0 && (
            <div key={group.title} className="space-y-3">
              <h2 className="text-base font-semibold text-neutral-900">{group.title}</h2>
              <div className="grid gap-3 lg:grid-cols-2">
                {group.list.map((stop, i) => (
                  <StopCard key={stop.id} stop={stop} next={i === 0 && !stop.outcome && can.mark} actions={actionsOf(stop)} />
                ))}
              </div>
            </div>
          ),
      )}
    </section>
  );

  return (
    <div className="space-y-5">
      <div className="print:hidden">
        <PageHeader
          title={round.title}
          subtitle={`${formatDay(round.date)} · Started by ${round.startedBy.name}`}
          breadcrumb={crumbs(round.title)}
          badges={<RoundStatusBadge status={round.status} />}
          actions={
            <>
              {can.pause && (
                <Button variant="secondary" disabled={!ready} onClick={() => setStatus('paused')}>
                  Pause
                </Button>
              )}
              {can.resume && (
                <Button variant="secondary" disabled={!ready} onClick={() => setStatus('in_progress')}>
                  Resume
                </Button>
              )}
              {can.finish && (
                <Button disabled={!ready} onClick={() => setFinishing(true)}>
                  Finish Round
                </Button>
              )}
              <Button variant="secondary" onClick={() => window.print()}>
                <FileTextIcon className="size-4" />
                Print Report
              </Button>
            </>
          }
        />
      </div>

      {inspectionPolicy.isOpen(round) ? (
        <>
          <Card className="space-y-2 p-4 print:hidden">
            <p className="font-medium text-neutral-900" id="round-progress">
              {progressLabel(done, stops.length)} done
            </p>
            <div role="progressbar" aria-labelledby="round-progress" aria-valuemin={0} aria-valuemax={stops.length} aria-valuenow={done} className="h-3 overflow-hidden rounded-full bg-neutral-200">
              <div className="h-full rounded-full bg-accent-700 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            {waitsForStops && <p className="text-sm text-neutral-600">{INSPECTION_MESSAGES.noStopsYet}</p>}
          </Card>
          {stopLists}
          {summary}
        </>
      ) : (
        <>
          {summary}
          {stopLists}
        </>
      )}

      <RoundReport round={round} stops={stops} hoaName={me?.hoa_name ?? ''} titles={new Map(violations.map((v) => [v.id, v.title]))} />

      <Dialog
        open={finishing}
        onClose={() => setFinishing(false)}
        title="Finish Round"
        description={left > 0 ? finishLeftQuestion(left) : `${INSPECTION_MESSAGES.allDone} Finish the round?`}
        footer={
          <DialogActions
            onCancel={() => setFinishing(false)}
            label="Finish Round"
            onClick={() => {
              setStatus('finished');
              setFinishing(false);
            }}
          />
        }
      />
    </div>
  );
}
