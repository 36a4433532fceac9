/**
 * Hearings: the resident a case was issued to asks for one (once, while the case is open); the board
 * schedules it and decides, with the reason recorded. Dismissed: the case is dismissed and its fines
 * are credited back. Reduced: the difference is credited and the fines stop repeating. Upheld: the
 * case goes on as it was. Each step is in the case's history and mailed to the resident.
 */
import { and, desc, eq } from 'drizzle-orm';
import { violationHearings, violationHistory, violations } from '../../../schema/tables';
import { FINE_HISTORY, FINE_MESSAGES, finePolicy, HEARING_DECISION_LABELS, isCaseOpen, type HearingUpdate } from '../../../schema/violation-fines';
import { VIOLATION_HISTORY } from '../../../schema/violations';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField } from '../errors';
import { postLedgerLine } from '../ledger';
import { recordHistory } from '../threads';
import { mailViolationHearing } from './emails';
import { fineCreditLine, hearingOutcome } from './fine-lines';
import { getVisibleViolation, type ViolationRow } from './read';
import { violationRows } from './sync';

const hearingOf = async (tx: Tx, row: ViolationRow) =>
  (await tx.select().from(violationHearings).where(and(eq(violationHearings.violationId, row.id), eq(violationHearings.hoaId, row.hoaId))).orderBy(desc(violationHearings.requestedAt)).limit(1))[0];

const bump = (deps: AppDeps, tx: Tx, row: ViolationRow, set: Partial<ViolationRow>) =>
  violationRows.update(deps, tx, and(eq(violations.id, row.id), eq(violations.hoaId, row.hoaId))!, { ...set, updatedAt: deps.clock() }).then((r) => r[0]);

/** The resident asks for a hearing. `id` is client-made by the mutator: the same id again changes nothing. */
export async function requestViolationHearing(deps: AppDeps, tx: Tx, actor: Actor, violationId: string, input: { id?: string; note: string }): Promise<ViolationRow> {
  if (!finePolicy.mayRequestHearing(actor.role)) throw forbidden(FINE_MESSAGES.residentOnly);
  const row = await getVisibleViolation(tx, actor, violationId);
  const hearing = await hearingOf(tx, row);
  if (hearing && input.id && hearing.id === input.id) return row;
  if (row.userId !== actor.userId) throw forbidden(FINE_MESSAGES.residentOnly);
  if (!isCaseOpen(row.status)) throw conflict(FINE_MESSAGES.closed);
  if (hearing) throw conflict(FINE_MESSAGES.hearingTaken);
  const note = input.note.trim();
  if (!note) throw invalidField('note', FINE_MESSAGES.noteRequired);
  const now = deps.clock();
  await tx.insert(violationHearings).values({ id: input.id ?? newId(), hoaId: row.hoaId, violationId: row.id, requestedBy: actor.userId, requestedAt: now, note });
  await recordHistory(tx, violationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: FINE_HISTORY.hearingRequested, at: now });
  return bump(deps, tx, row, {});
}

/** The board schedules the hearing, or decides it (`decision`, `reason`, and `reduced_to` in cents when reducing). */
export async function updateViolationHearing(deps: AppDeps, tx: Tx, actor: Actor, violationId: string, input: HearingUpdate): Promise<ViolationRow> {
  if (!finePolicy.mayManage(actor.role)) throw forbidden(FINE_MESSAGES.boardOnly);
  const row = await getVisibleViolation(tx, actor, violationId);
  const hearing = await hearingOf(tx, row);
  if (!hearing) throw conflict(FINE_MESSAGES.noHearing);
  if (hearing.decision) throw conflict(FINE_MESSAGES.hearingDecided);
  const now = deps.clock();
  const history = (action: string) => recordHistory(tx, violationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action, at: now });

  if ('scheduled_for' in input) {
    await tx.update(violationHearings).set({ scheduledFor: input.scheduled_for }).where(eq(violationHearings.id, hearing.id));
    await history(FINE_HISTORY.hearingScheduled);
    const updated = await bump(deps, tx, row, {});
    await mailViolationHearing(deps, tx, updated, actor, { scheduledFor: input.scheduled_for, decisionLabel: null, reason: null, creditedCents: 0 });
    return updated;
  }

  const { decision, reason } = input;
  const { credit, set } = hearingOutcome(row, decision, 'reduced_to' in input ? input.reduced_to : undefined);
  await tx.update(violationHearings).set({ decision, reason, decidedBy: actor.userId, decidedAt: now }).where(eq(violationHearings.id, hearing.id));
  if (credit > 0) await postLedgerLine(deps, tx, fineCreditLine(row, { id: hearing.id, decision, reason }, credit, now, actor.userId));
  await history(FINE_HISTORY.hearingDecided(decision));
  if (decision === 'dismissed' && row.status !== 'dismissed') await history(VIOLATION_HISTORY.statusChanged(row.status, 'dismissed'));
  const updated = await bump(deps, tx, row, set);
  await mailViolationHearing(deps, tx, updated, actor, { scheduledFor: hearing.scheduledFor, decisionLabel: HEARING_DECISION_LABELS[decision], reason, creditedCents: credit });
  return updated;
}
