/**
 * What a case's money writes to the resident's ledger, and what a hearing's decision does to it:
 * one definition for advancing and the repeating fine (advance.ts), the hearing (hearings.ts) and
 * history written at once (fine-history.ts, the demo seed).
 */
import { FINE_MESSAGES } from '../../../schema/violation-fines';
import type { HearingDecision } from '../../../schema/violations';
import { invalidField } from '../errors';
import type { NewLedgerLine } from '../ledger';
import type { ViolationRow } from './read';

type Case = Pick<ViolationRow, 'id' | 'hoaId' | 'userId' | 'title'>;

/** The case's `n`th fine; its cause `fine:<violation>:<n>` posts it once. */
export const fineLine = (row: Case, n: number, amountCents: number, at: number, by: string | null): NewLedgerLine => ({
  hoaId: row.hoaId,
  userId: row.userId,
  kind: 'fine',
  amountCents,
  description: `Fine: ${row.title}`,
  occurredAt: at,
  sourceKey: `fine:${row.id}:${n}`,
  violationId: row.id,
  createdBy: by,
});

/**
 * What deciding a hearing does to the case's money: the credit it posts and the case's new fields.
 * Upheld changes nothing; dismissed credits every fine back and dismisses the case; reduced credits
 * the difference down to `reducedTo` and stops the repeats (400 when there is nothing to reduce).
 */
export function hearingOutcome(row: Pick<ViolationRow, 'finedCents'>, decision: HearingDecision, reducedTo?: number): { credit: number; set: Partial<ViolationRow> } {
  if (decision === 'reduced') {
    if (row.finedCents <= 0) throw invalidField('reduced_to', FINE_MESSAGES.noFines);
    if (reducedTo! >= row.finedCents) throw invalidField('reduced_to', FINE_MESSAGES.reducedToTooHigh);
    return { credit: row.finedCents - reducedTo!, set: { finedCents: reducedTo!, nextFineAt: null } };
  }
  if (decision === 'dismissed') return { credit: row.finedCents, set: { status: 'dismissed', finedCents: 0, nextFineAt: null, resolvedBy: null, resolvedAt: null, resolutionNotes: null } };
  return { credit: 0, set: {} };
}

/** The credit a decided hearing posts, with the decision's reason; its cause `fine-credit:<violation>:<hearing>`. */
export const fineCreditLine = (row: Case, hearing: { id: string; decision: HearingDecision; reason: string }, credit: number, at: number, by: string): NewLedgerLine => ({
  hoaId: row.hoaId,
  userId: row.userId,
  kind: 'credit',
  amountCents: -credit,
  description: `Fines ${hearing.decision === 'dismissed' ? 'credited back' : 'reduced'} after hearing: ${row.title}`,
  reason: hearing.reason,
  occurredAt: at,
  sourceKey: `fine-credit:${row.id}:${hearing.id}`,
  violationId: row.id,
  createdBy: by,
});
