/**
 * An HOA's "today" (docs/decisions/210-hoa-time-zone-days.md): a day without a time (a due date, a send day) is a calendar
 * day of the HOA's time zone, so the server, the jobs and the screens (which get the zone with the
 * signed-in user) agree on when it is past, whatever the UTC day or the reader's zone.
 */
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, zonedToday } from '../../schema/days';
import { HOA_SETTINGS_MESSAGES, hoaSettingsPolicy } from '../../schema/hoa-settings';
import { hoas } from '../../schema/tables';
import { cachedUntilNextWrite, type Database, type DbOrTx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from './actor';
import { recordActivity } from './activity/record';
import { forbidden, notFound } from './errors';

/** The HOA's IANA time zone. */
export async function hoaTimeZone(db: DbOrTx, hoaId: string): Promise<string> {
  const [row] = await db.select({ timeZone: hoas.timeZone }).from(hoas).where(eq(hoas.id, hoaId)).limit(1);
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * `PUT /api/hoa/time-zone` (superadmin): the HOA's zone from now on (the body is validated by
 * `hoaTimeZoneBody`). Members get it on their record the next time it is read (profile, refresh).
 */
export async function setHoaTimeZone(deps: AppDeps, actor: Actor, timeZone: string): Promise<{ time_zone: string }> {
  if (!hoaSettingsPolicy.mayChangeTimeZone(actor.role)) throw forbidden(HOA_SETTINGS_MESSAGES.superadminOnly);
  const [row] = await deps.database.transaction(async (tx) => {
    const before = await hoaTimeZone(tx, actor.hoaId);
    const saved = await tx.update(hoas).set({ timeZone }).where(eq(hoas.id, actor.hoaId)).returning({ timeZone: hoas.timeZone });
    if (saved.length && before !== timeZone) {
      await recordActivity(deps, tx, actor, { action: 'settings.time_zone', summary: `Changed the HOA's time zone to ${timeZone}`, entity: 'hoa', entityId: actor.hoaId, before: { time_zone: before }, after: { time_zone: timeZone } });
    }
    return saved;
  });
  if (!row) throw notFound();
  return { time_zone: row.timeZone };
}

/** The UTC midnight of the HOA's calendar day at `now`. */
export const hoaToday = async (db: DbOrTx, hoaId: string, now: number): Promise<number> => zonedToday(now, await hoaTimeZone(db, hoaId));

/**
 * `hoaToday` for a read outside a transaction: the zone is kept until this process next writes
 * (`cachedUntilNextWrite`), so a list whose rows fall due (violations, invoices) runs no statement
 * for it on a repeated read.
 */
export const hoaTodayForRead = async (database: Pick<Database, 'db' | 'client'>, hoaId: string, now: number): Promise<number> =>
  zonedToday(now, await cachedUntilNextWrite(database, `time-zone:${hoaId}`, () => hoaTimeZone(database.db, hoaId)));

/** Each HOA's today at `now` (the jobs, which work across HOAs). */
export async function hoaTodays(db: DbOrTx, hoaIds: string[], now: number): Promise<Map<string, number>> {
  const todays = new Map<string, number>();
  for (let i = 0; i < hoaIds.length; i += 500) {
    const rows = await db.select({ id: hoas.id, timeZone: hoas.timeZone }).from(hoas).where(inArray(hoas.id, hoaIds.slice(i, i + 500)));
    for (const r of rows) todays.set(r.id, zonedToday(now, r.timeZone));
  }
  for (const id of hoaIds) if (!todays.has(id)) todays.set(id, zonedToday(now, DEFAULT_TIME_ZONE));
  return todays;
}

/** The latest calendar day anywhere on Earth at `now` (UTC+14): no HOA's today is later (the jobs' first filter). */
export const latestToday = (now: number) => zonedToday(now, 'Etc/GMT-14');
