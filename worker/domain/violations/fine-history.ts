/**
 * A case's letters, fines and hearing as history written at once (the demo seed): the rows that
 * advancing, the repeating fine's job and the hearing would have written at the times given, by the
 * same rules (schema/violation-fines.ts) and with the same ledger lines (fine-lines.ts), so the case,
 * its letters and the resident's statement agree by construction.
 */
import { zonedToday } from '../../../schema/days';
import { cureByFrom, FINE_HISTORY, fineDue, nextFineAfter, nextStage, type FineSchedule } from '../../../schema/violation-fines';
import { VIOLATION_HISTORY, type HearingDecision } from '../../../schema/violations';
import type { violationHearings, violationLetters } from '../../../schema/tables';
import type { Role } from '../../../schema/roles';
import { newId } from '../../services/tokens';
import { ledgerLineRow } from '../ledger';
import { historyRow } from '../threads';
import { fineCreditLine, fineLine, hearingOutcome } from './fine-lines';
import type { ViolationRow } from './read';

type By = { userId: string; role: Role };

/** What happened to a case, in order: the board advanced it, the job repeated its fine (when it was next due), the resident asked a hearing, the board scheduled and decided it. */
export type FineStep =
  | { advance: number; by: By }
  | { repeat: true }
  | { hearing: number; by: By; note: string }
  | { schedule: number; by: By; for: number }
  | { decide: number; by: By; decision: HearingDecision; reason: string; reducedTo?: number };

export interface FineHistory {
  letters: (typeof violationLetters.$inferInsert)[];
  lines: ReturnType<typeof ledgerLineRow>[];
  history: ReturnType<typeof historyRow>[];
  hearing: typeof violationHearings.$inferInsert | null;
  /** The case's fields after the steps. */
  set: Pick<ViolationRow, 'stage' | 'cureBy' | 'finedCents' | 'nextFineAt' | 'status' | 'updatedAt'> & Partial<ViolationRow>;
}

/** Replays `steps` on `row` (a case at its first stage, no fines) under `schedule`; days are the HOA's (`timeZone`). Throws on a step the case could not take. */
export function fineHistory(row: ViolationRow, schedule: FineSchedule, timeZone: string, steps: FineStep[]): FineHistory {
  const out: FineHistory = { letters: [], lines: [], history: [], hearing: null, set: { stage: row.stage, cureBy: row.cureBy, finedCents: row.finedCents, nextFineAt: row.nextFineAt, status: row.status, updatedAt: row.updatedAt } };
  const s = out.set;
  const log = (by: By, action: string, at: number) => out.history.push(historyRow(by, { hoaId: row.hoaId, parentId: row.id, action, at }));
  const fine = (at: number, by: By, sentBy: string | null, cureBy: number) => {
    const amount = fineDue(schedule, s.finedCents);
    const n = out.letters.filter((l) => l.stage === 'fined').length + 1;
    const line = amount > 0 ? ledgerLineRow(fineLine(row, n, amount, at, sentBy), at) : null;
    if (line) out.lines.push(line);
    out.letters.push({ id: newId(), hoaId: row.hoaId, violationId: row.id, stage: 'fined', sentAt: at, cureBy, fineCents: amount, ledgerLineId: line?.id ?? null, sentBy });
    if (amount > 0) log(by, FINE_HISTORY.fined(amount), at);
    s.finedCents += amount;
  };
  for (const step of steps) {
    if ('advance' in step) {
      const at = step.advance;
      const stage = nextStage(s.stage, schedule);
      if (!stage) throw new Error(`fineHistory: ${row.title} has no stage after ${s.stage}`);
      const cureBy = cureByFrom(schedule, zonedToday(at, timeZone));
      log(step.by, FINE_HISTORY.letter(stage), at);
      if (stage === 'fined') {
        fine(at, step.by, step.by.userId, cureBy);
        s.nextFineAt = nextFineAfter(schedule, s.finedCents, at);
      } else {
        out.letters.push({ id: newId(), hoaId: row.hoaId, violationId: row.id, stage, sentAt: at, cureBy, fineCents: 0, sentBy: step.by.userId });
      }
      Object.assign(s, { stage, cureBy, updatedAt: at });
    } else if ('repeat' in step) {
      const at = s.nextFineAt;
      if (at == null) throw new Error(`fineHistory: ${row.title} has no repeating fine due`);
      const cureBy = cureByFrom(schedule, zonedToday(at, timeZone));
      fine(at, { userId: row.issuedBy, role: 'board' }, null, cureBy);
      Object.assign(s, { nextFineAt: nextFineAfter(schedule, s.finedCents, at), cureBy, updatedAt: at });
    } else if ('hearing' in step) {
      out.hearing = { id: newId(), hoaId: row.hoaId, violationId: row.id, requestedBy: step.by.userId, requestedAt: step.hearing, note: step.note };
      log(step.by, FINE_HISTORY.hearingRequested, step.hearing);
      s.updatedAt = step.hearing;
    } else if ('schedule' in step) {
      Object.assign(out.hearing!, { scheduledFor: step.for });
      log(step.by, FINE_HISTORY.hearingScheduled, step.schedule);
      s.updatedAt = step.schedule;
    } else {
      const at = step.decide;
      const { credit, set } = hearingOutcome(s, step.decision, step.reducedTo);
      Object.assign(out.hearing!, { decision: step.decision, reason: step.reason, decidedBy: step.by.userId, decidedAt: at });
      if (credit > 0) out.lines.push(ledgerLineRow(fineCreditLine(row, { id: out.hearing!.id!, decision: step.decision, reason: step.reason }, credit, at, step.by.userId), at));
      log(step.by, FINE_HISTORY.hearingDecided(step.decision), at);
      if (step.decision === 'dismissed' && s.status !== 'dismissed') log(step.by, VIOLATION_HISTORY.statusChanged(s.status, 'dismissed'), at);
      Object.assign(s, set, { updatedAt: at });
    }
  }
  return out;
}
