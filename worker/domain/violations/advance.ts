/**
 * Moving a case along its category's fine schedule: each stage writes its letter, sets the cure date
 * and mails the resident; the fine stage posts the fine to the resident's ledger (capped) and, when
 * the schedule repeats it, when it next posts. The job posts the repeating fine while the case stays
 * open, until the cap. Each fine's ledger cause is `fine:<violation>:<n>`, so a retried push or a
 * rerun job posts nothing twice.
 */
import { and, asc, count, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { formatUsd } from '../../../schema/money';
import { violationHistory, violationLetters, violations } from '../../../schema/tables';
import { cureByFrom, FINE_HISTORY, FINE_MESSAGES, fineDue, finePolicy, isCaseOpen, nextFineAfter, nextStage, type FineSchedule } from '../../../schema/violation-fines';
import type { ViolationStage } from '../../../schema/violations';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { recordActivity } from '../activity';
import { conflict, forbidden } from '../errors';
import { hoaToday } from '../hoa-days';
import { postLedgerLine } from '../ledger';
import { recordHistory } from '../threads';
import { mailViolationLetter } from './emails';
import { fineLine } from './fine-lines';
import { getVisibleViolation, type ViolationRow } from './read';
import { scheduleOf } from './schedules';
import { violationRows } from './sync';

type HistoryActor = Pick<Actor, 'userId' | 'role'>;

/** Posts the case's next fine (its `n`th) and writes its letter; the amount is the schedule's, capped. Returns the updated row. */
async function postFine(deps: AppDeps, tx: Tx, row: ViolationRow, schedule: FineSchedule, by: HistoryActor, letter: { id: string; cureBy: number | null; sentBy: string | null }) {
  const now = deps.clock();
  const amount = fineDue(schedule, row.finedCents);
  const [{ n }] = await tx.select({ n: count() }).from(violationLetters).where(and(eq(violationLetters.violationId, row.id), eq(violationLetters.hoaId, row.hoaId), eq(violationLetters.stage, 'fined')));
  const line = amount > 0 ? await postLedgerLine(deps, tx, fineLine(row, n + 1, amount, now, letter.sentBy)) : null;
  const posted = line ? amount : 0;
  const finedCents = row.finedCents + posted;
  await tx.insert(violationLetters).values({ id: letter.id, hoaId: row.hoaId, violationId: row.id, stage: 'fined', sentAt: now, cureBy: letter.cureBy, fineCents: posted, ledgerLineId: line?.id ?? null, sentBy: letter.sentBy });
  if (posted > 0) await recordHistory(tx, violationHistory, by, { hoaId: row.hoaId, parentId: row.id, action: FINE_HISTORY.fined(posted), at: now });
  return { finedCents, posted, nextFineAt: nextFineAfter(schedule, finedCents, row.nextFineAt ?? now) };
}

/**
 * The board moves a case to the next stage its schedule has. `from`, when given, is the stage the
 * board saw: a case that moved on meanwhile is refused (409), not advanced twice. `id` is the
 * letter's (client-made by the mutator): the same id again changes nothing.
 */
export async function advanceViolation(deps: AppDeps, tx: Tx, actor: Actor, violationId: string, input: { id?: string; from?: ViolationStage } = {}): Promise<ViolationRow> {
  if (!finePolicy.mayManage(actor.role)) throw forbidden(FINE_MESSAGES.boardOnly);
  const row = await getVisibleViolation(tx, actor, violationId);
  if (input.id) {
    const [sent] = await tx.select({ id: violationLetters.id }).from(violationLetters).where(eq(violationLetters.id, input.id)).limit(1);
    if (sent) return row;
  }
  if (!isCaseOpen(row.status)) throw conflict(FINE_MESSAGES.closed);
  if (input.from && input.from !== row.stage) throw conflict(FINE_MESSAGES.stageMoved);
  const schedule = await scheduleOf(tx, row.hoaId, row.category);
  const stage = nextStage(row.stage, schedule);
  if (!stage) throw conflict(FINE_MESSAGES.lastStage);
  const now = deps.clock();
  const cureBy = cureByFrom(schedule, await hoaToday(tx, row.hoaId, now));
  const letter = { id: input.id ?? newId(), cureBy, sentBy: actor.userId };
  await recordHistory(tx, violationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: FINE_HISTORY.letter(stage), at: now });
  let set: Partial<ViolationRow> = { stage, cureBy, updatedAt: now };
  let fineCents = 0;
  if (stage === 'fined') {
    const fine = await postFine(deps, tx, { ...row, nextFineAt: null }, schedule, actor, letter);
    fineCents = fine.posted;
    set = { ...set, finedCents: fine.finedCents, nextFineAt: fine.nextFineAt };
  } else {
    await tx.insert(violationLetters).values({ id: letter.id, hoaId: row.hoaId, violationId: row.id, stage, sentAt: now, cureBy, fineCents: 0, sentBy: actor.userId });
  }
  const [updated] = await violationRows.update(deps, tx, and(eq(violations.id, row.id), eq(violations.hoaId, row.hoaId))!, set);
  if (stage === 'fined') {
    await recordActivity(deps, tx, actor, { action: 'violation.fined', summary: `Fined ${formatUsd(fineCents)} on the violation "${row.title}"`, entity: 'violation', entityId: row.id, before: { stage: row.stage, fined_cents: row.finedCents }, after: { stage, fined_cents: updated.finedCents } });
  }
  await mailViolationLetter(deps, tx, updated, actor, { id: letter.id, stage, cureBy, fineCents });
  return updated;
}

/**
 * The repeating fine: every open case whose next fine is due gets it (and its letter), until the
 * cap. Each case in its own transaction, claimed by moving `nextFineAt` on: a rerun, or a run
 * overlapping this one, finds nothing due.
 */
export async function postRepeatingFines(deps: AppDeps, opts: { limit?: number } = {}): Promise<number> {
  const now = deps.clock();
  const due = and(isNotNull(violations.nextFineAt), lte(violations.nextFineAt, now), eq(violations.stage, 'fined'), inArray(violations.status, ['open', 'under_review', 'escalated']));
  const candidates = await deps.database.db.select({ id: violations.id }).from(violations).where(due).orderBy(asc(violations.nextFineAt)).limit(opts.limit ?? 100);
  let posted = 0;
  for (const { id } of candidates) {
    const fined = await deps.database.transaction(async (tx) => {
      const [row] = await tx.select().from(violations).where(and(eq(violations.id, id), due)).limit(1);
      if (!row) return false;
      const schedule = await scheduleOf(tx, row.hoaId, row.category);
      // The fine a schedule no longer has, or a cap reached, ends the repeats.
      if (fineDue(schedule, row.finedCents) <= 0) {
        await violationRows.update(deps, tx, eq(violations.id, row.id), { nextFineAt: null });
        return false;
      }
      const cureBy = cureByFrom(schedule, await hoaToday(tx, row.hoaId, now));
      const letterId = newId();
      const fine = await postFine(deps, tx, row, schedule, { userId: row.issuedBy, role: 'board' }, { id: letterId, cureBy, sentBy: null });
      const [updated] = await violationRows.update(deps, tx, eq(violations.id, row.id), { finedCents: fine.finedCents, nextFineAt: fine.nextFineAt, cureBy, updatedAt: now });
      if (fine.posted > 0) await mailViolationLetter(deps, tx, updated, null, { id: letterId, stage: 'fined', cureBy, fineCents: fine.posted });
      return fine.posted > 0;
    });
    if (fined) posted++;
  }
  return posted;
}
