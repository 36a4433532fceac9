/**
 * An HOA's fine schedules, one per category; a category the board has not set follows the defaults.
 * Saving a schedule re-sends the HOA's open cases of that category: their value shows what
 * advancing does next.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { violationFineSchedules, violations } from '../../../schema/tables';
import { DEFAULT_FINE_SCHEDULE, FINE_MESSAGES, finePolicy, toApiFineSchedule, type ApiFineSchedule, type FineSchedule, type FineScheduleInput } from '../../../schema/violation-fines';
import { changedValues } from '../../../schema/activity';
import { VIOLATION_CATEGORIES, type ViolationCategory } from '../../../schema/violations';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordActivity } from '../activity';
import { forbidden } from '../errors';
import { violationRows } from './sync';

type ScheduleRow = typeof violationFineSchedules.$inferSelect;
const scheduleOfRow = (r: ScheduleRow): FineSchedule => ({
  courtesyNotice: r.courtesyNotice,
  warning: r.warning,
  fineCents: r.fineCents,
  repeatDays: r.repeatDays,
  capCents: r.capCents,
  cureDays: r.cureDays,
});

/** The schedule a case of `category` follows in `hoaId`. */
export async function scheduleOf(db: DbOrTx, hoaId: string, category: ViolationCategory): Promise<FineSchedule> {
  const [row] = await db.select().from(violationFineSchedules).where(and(eq(violationFineSchedules.hoaId, hoaId), eq(violationFineSchedules.category, category))).limit(1);
  return row ? scheduleOfRow(row) : DEFAULT_FINE_SCHEDULE;
}

/** GET /api/violations/fine-schedules: every category, the board's or the defaults. */
export async function listFineSchedules(db: DbOrTx, actor: Actor): Promise<ApiFineSchedule[]> {
  if (!finePolicy.mayManage(actor.role)) throw forbidden(FINE_MESSAGES.boardOnly);
  const rows = await db.select().from(violationFineSchedules).where(eq(violationFineSchedules.hoaId, actor.hoaId));
  const set = new Map(rows.map((r) => [r.category, r]));
  return VIOLATION_CATEGORIES.map((c) => {
    const row = set.get(c);
    return toApiFineSchedule(c, row ? scheduleOfRow(row) : DEFAULT_FINE_SCHEDULE, !row);
  });
}

/** PUT /api/violations/fine-schedules: one category's schedule. Cases already fined keep what was posted. */
export async function saveFineSchedule(deps: AppDeps, tx: Tx, actor: Actor, input: FineScheduleInput): Promise<ApiFineSchedule> {
  if (!finePolicy.mayManage(actor.role)) throw forbidden(FINE_MESSAGES.boardOnly);
  const values = {
    courtesyNotice: input.courtesy_notice,
    warning: input.warning,
    fineCents: input.fine_cents,
    repeatDays: input.repeat_days,
    capCents: input.cap_cents,
    cureDays: input.cure_days,
    updatedAt: deps.clock(),
  };
  const before = await scheduleOf(tx, actor.hoaId, input.category);
  await tx
    .insert(violationFineSchedules)
    .values({ hoaId: actor.hoaId, category: input.category, ...values })
    .onConflictDoUpdate({ target: [violationFineSchedules.hoaId, violationFineSchedules.category], set: values });
  await violationRows.touch(deps, tx, and(eq(violations.hoaId, actor.hoaId), eq(violations.category, input.category), inArray(violations.status, ['open', 'under_review', 'escalated']))!);
  const change = changedValues(before as unknown as Record<string, unknown>, { courtesyNotice: values.courtesyNotice, warning: values.warning, fineCents: values.fineCents, repeatDays: values.repeatDays, capCents: values.capCents, cureDays: values.cureDays });
  if (change) await recordActivity(deps, tx, actor, { action: 'settings.fine_schedule', summary: `Changed the fine schedule of ${input.category}`, entity: 'fine_schedule', entityId: input.category, ...change });
  return toApiFineSchedule(input.category, scheduleOfRow({ hoaId: actor.hoaId, category: input.category, ...values }), false);
}
