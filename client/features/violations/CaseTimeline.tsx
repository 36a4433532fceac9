/** Every stage of a case with its date: reported, each letter (with its cure date, fine and printable copy), the hearing. */
import { Link } from 'wouter';
import { HEARING_DECISION_LABELS } from '../../../schema/violation-fines';
import { formatUsd } from '../../../schema/money';
import { VIOLATION_STAGE_LABELS } from '../../../schema/violations';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { formatDate, formatDateTime } from '../../lib/format';
import { Card, CardBody, CardHeader } from '../../ui';

interface Step {
  key: string;
  at: number;
  title: string;
  detail?: string;
  letterId?: string;
}

export function stepsOf(v: SyncedViolation): Step[] {
  const steps: Step[] = [{ key: 'reported', at: v.createdAt, title: 'Reported' }];
  for (const l of v.letters) {
    const parts = [l.cureBy != null ? `Cure by ${formatDate(l.cureBy)}` : null, l.fineCents > 0 ? `Fine ${formatUsd(l.fineCents)}` : null].filter(Boolean);
    steps.push({ key: l.id, at: l.sentAt, title: `${VIOLATION_STAGE_LABELS[l.stage]} letter`, detail: parts.join(' · '), letterId: l.id });
  }
  const h = v.hearing;
  if (h) {
    steps.push({ key: `${h.id}:asked`, at: h.requestedAt, title: 'Hearing requested' });
    if (h.scheduledFor != null) steps.push({ key: `${h.id}:when`, at: h.scheduledFor, title: 'Hearing', detail: formatDateTime(h.scheduledFor) });
    if (h.decision && h.decidedAt != null) steps.push({ key: `${h.id}:decided`, at: h.decidedAt, title: `Hearing decided: ${HEARING_DECISION_LABELS[h.decision]}`, detail: h.reason ?? undefined });
  }
  return steps.sort((a, b) => a.at - b.at);
}

export function CaseTimeline({ violation: v }: { violation: SyncedViolation }) {
  return (
    <Card>
      <CardHeader title="Case Timeline" />
      <CardBody>
        <ol className="space-y-4" aria-label="Case timeline">
          {stepsOf(v).map((s) => (
            <li key={s.key} className="relative border-l-2 border-neutral-200 pl-4">
              <span className="absolute -left-[5px] top-1.5 size-2 rounded-full bg-accent-600" aria-hidden="true" />
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-neutral-900">{s.title}</span>
                <time className="text-sm text-neutral-500" dateTime={new Date(s.at).toISOString()}>
                  {formatDate(s.at)}
                </time>
              </div>
              {s.detail && <p className="text-sm break-words text-neutral-600">{s.detail}</p>}
              {s.letterId && (
                <Link className="text-sm font-medium text-accent-700 hover:underline" href={`/violations/${v.id}/letters/${s.letterId}`}>
                  View letter
                </Link>
              )}
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
