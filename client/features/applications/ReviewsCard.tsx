/**
 * The board's reviews of an application: each member's decision with its conditions or reasons, how
 * many are in of the majority needed, and the acting member's own review (Approve / Approve with
 * conditions / Deny) written through a mutator, so a board member reviews offline at a meeting.
 */
import { useState } from 'react';
import { APPLICATION_MESSAGES, majorityOf, REVIEW_DECISION_LABELS, REVIEW_DECISIONS, reviewSchema, type ReviewDecision } from '../../../schema/applications';
import { peoplePolicy } from '../../../schema/people';
import { MEMBER_SPACE, type SyncedMember } from '../../../sync/areas/members';
import type { SyncedApplication } from '../../../sync/areas/applications';
import { prefixOf } from '../../../sync/keys';
import { formatDateTime } from '../../lib/format';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { usePrefix } from '../../lib/use-synced-list';
import { Alert, Button, Card, CardBody, CardHeader, Field, Textarea } from '../../ui';
import { actingUser } from '../threads';
import { loadZod } from '../../lib/deferred-zod';

const DECISION_TONE: Record<ReviewDecision, string> = { approve: 'text-success-700', approve_with_conditions: 'text-success-700', deny: 'text-danger-700' };

function useBoardSize() {
  const { data } = usePrefix<SyncedMember>(prefixOf(MEMBER_SPACE));
  return data.filter((m) => m.role === 'board' && peoplePolicy.isPickable(m)).length;
}

export function ReviewsCard({ application, canReview }: { application: SyncedApplication; canReview: boolean }) {
  const me = useCurrentUser();
  const rep = useReplicache();
  const boardSize = useBoardSize();
  const mine = application.reviews.find((r) => r.reviewer.id === me?.id);
  const [decision, setDecision] = useState<ReviewDecision>(mine?.decision ?? 'approve');
  const [conditions, setConditions] = useState(mine?.conditions ?? '');
  const [reasons, setReasons] = useState(mine?.reasons ?? '');
  const [errors, setErrors] = useState<Partial<Record<'conditions' | 'reasons', string>>>({});
  const [saved, setSaved] = useState(false);
  const needed = majorityOf(Math.max(boardSize, application.reviews.length));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    await loadZod();
    const parsed = reviewSchema.safeParse({ decision, conditions: decision === 'approve_with_conditions' ? conditions : null, reasons: decision === 'deny' ? reasons : null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    await rep?.mutate.reviewApplication({ applicationId: application.id, ...parsed.data, shown: { by: me ? actingUser(me) : undefined } });
    setSaved(true);
  }

  return (
    <Card>
      <CardHeader title="Board Reviews" description={`${application.reviews.length} ${application.reviews.length === 1 ? 'review' : 'reviews'} in · ${needed} of ${Math.max(boardSize, 1)} needed for a decision`} />
      <CardBody className="space-y-4">
        {application.reviews.length > 0 && (
          <ul aria-label="Reviews" className="space-y-3">
            {application.reviews.map((r) => (
              <li key={r.reviewer.id} className="text-sm">
                <p>
                  <span className="font-medium text-neutral-900">{r.reviewer.name}</span> · <span className={DECISION_TONE[r.decision]}>{REVIEW_DECISION_LABELS[r.decision]}</span>
                </p>
                {(r.conditions || r.reasons) && <p className="whitespace-pre-wrap text-neutral-700">{r.conditions ?? r.reasons}</p>}
                <p className="text-xs text-neutral-500">{formatDateTime(r.at)}</p>
              </li>
            ))}
          </ul>
        )}
        {canReview && (
          <form onSubmit={submit} noValidate aria-label="Your review" className="space-y-3 border-t border-neutral-200 pt-4">
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-neutral-800">{mine ? 'Change your review' : 'Your review'}</legend>
              {REVIEW_DECISIONS.map((d) => (
                <label key={d} className="flex items-center gap-2 text-sm text-neutral-800">
                  <input type="radio" name="decision" value={d} checked={decision === d} onChange={() => setDecision(d)} className="size-4 accent-accent-700" />
                  {REVIEW_DECISION_LABELS[d]}
                </label>
              ))}
            </fieldset>
            {decision === 'approve_with_conditions' && (
              <Field label="Conditions" required error={errors.conditions}>
                <Textarea name="conditions" rows={3} value={conditions} onChange={(e) => setConditions(e.target.value)} invalid={!!errors.conditions} />
              </Field>
            )}
            {decision === 'deny' && (
              <Field label="Reasons" required error={errors.reasons}>
                <Textarea name="reasons" rows={3} value={reasons} onChange={(e) => setReasons(e.target.value)} invalid={!!errors.reasons} />
              </Field>
            )}
            <Button type="submit" className="w-full sm:w-auto">
              Submit Review
            </Button>
            {saved && <Alert tone="success">{APPLICATION_MESSAGES.reviewSaved}</Alert>}
          </form>
        )}
      </CardBody>
    </Card>
  );
}
