/**
 * Reading the trail: the HOA's (board and superadmin: filters, search, pages, the CSV export) and a
 * member's own account's. Always inside the caller's HOA. Newest first, ties by id, the greater first.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_MESSAGES, ACTIVITY_PAGE_SIZE, activityCsv, activityPolicy, type ActivityQuery, type ApiActivity, type ApiActivityActor, type ApiActivityPage } from '../../../schema/activity';
import { DAY_MS } from '../../../schema/days';
import { activity } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { containsSql } from '../contains';
import { forbidden } from '../errors';
import { hoaTimeZone } from '../hoa-days';

/** The most rows one export holds. */
export const ACTIVITY_EXPORT_MAX = 10_000;

type Row = typeof activity.$inferSelect;

function apiActivity(r: Row, withDevice = true): ApiActivity {
  return {
    _id: r.id,
    at: new Date(r.at).toISOString(),
    actor: { _id: r.actorId, name: r.actorName },
    action: r.action,
    kind: r.kind,
    summary: r.summary,
    entity: { kind: r.entityKind, _id: r.entityId },
    before: r.before ?? null,
    after: r.after ?? null,
    device: withDevice ? r.device : null,
    client_group_id: withDevice ? r.clientGroupId : null,
  };
}

/** The moment a calendar day (its UTC midnight) begins in `timeZone`. */
export function zoneDayStart(day: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const offset = (at: number) => {
    const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  };
  return day - offset(day - offset(day));
}

const cursorOf = (r: Row) => `${r.at}:${r.id}`;
function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const at = Number(cursor.slice(0, cursor.indexOf(':')));
  const id = cursor.slice(cursor.indexOf(':') + 1);
  return or(lt(activity.at, at), and(eq(activity.at, at), lt(activity.id, id)));
}

async function filtersOf(db: DbOrTx, actor: Actor, q: ActivityQuery): Promise<SQL> {
  const zone = q.from != null || q.to != null ? await hoaTimeZone(db, actor.hoaId) : null;
  return and(
    eq(activity.hoaId, actor.hoaId),
    q.actor ? eq(activity.actorId, q.actor) : undefined,
    q.kind ? eq(activity.kind, q.kind) : undefined,
    q.q ? containsSql(sql`${activity.summary}`, q.q) : undefined,
    q.from != null ? gte(activity.at, zoneDayStart(q.from, zone!)) : undefined,
    q.to != null ? lt(activity.at, zoneDayStart(q.to + DAY_MS, zone!)) : undefined,
  )!;
}

function mayView(actor: Actor) {
  if (!activityPolicy.mayView(actor.role)) throw forbidden(ACTIVITY_MESSAGES.boardOnly);
}

type Paging = Pick<ActivityQuery, 'cursor' | 'page' | 'limit'>;

/** A page: after `cursor` when given, else the `page`th of `limit` rows. */
async function page(db: DbOrTx, where: SQL, q: Paging, withDevice: boolean): Promise<ApiActivityPage> {
  const limit = q.limit ?? ACTIVITY_PAGE_SIZE;
  const number = q.cursor ? 1 : (q.page ?? 1);
  const rows = await db
    .select()
    .from(activity)
    .where(and(where, afterCursor(q.cursor)))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(limit + 1)
    .offset((number - 1) * limit);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return { docs: shown.map((r) => apiActivity(r, withDevice)), page: number, hasNextPage: more, next_cursor: more ? cursorOf(shown[shown.length - 1]) : null };
}

/** `GET /api/activity`: the HOA's trail, filtered, a page at a time. */
export async function listActivity(db: DbOrTx, actor: Actor, q: ActivityQuery): Promise<ApiActivityPage> {
  mayView(actor);
  return page(db, await filtersOf(db, actor, q), q, true);
}

/** `GET /api/activity?format=csv`: every filtered row (up to the export's maximum), newest first, times in the HOA's zone. */
export async function exportActivity(db: DbOrTx, actor: Actor, q: ActivityQuery): Promise<{ csv: string; filename: string }> {
  mayView(actor);
  const rows = await db
    .select()
    .from(activity)
    .where(await filtersOf(db, actor, q))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(ACTIVITY_EXPORT_MAX);
  const timeZone = await hoaTimeZone(db, actor.hoaId);
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const timeText = (iso: string) => f.format(new Date(iso)).replace(',', '');
  return { csv: activityCsv(rows.map((r) => apiActivity(r)), timeText), filename: 'activity.csv' };
}

/** The actors the filter offers: everyone the HOA's trail names, by name. */
export async function activityActors(db: DbOrTx, actor: Actor): Promise<{ docs: ApiActivityActor[] }> {
  mayView(actor);
  const rows = await db
    .select({ id: activity.actorId, name: sql<string>`max(${activity.actorName})` })
    .from(activity)
    .where(and(eq(activity.hoaId, actor.hoaId), sql`${activity.actorId} IS NOT NULL`))
    .groupBy(activity.actorId);
  return { docs: rows.map((r) => ({ _id: r.id!, name: r.name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}

/** `GET /api/activity/mine`: the trail of the caller's own account (any member). The board's devices are not shown. */
export async function listMyActivity(db: DbOrTx, actor: Actor, q: Paging): Promise<ApiActivityPage> {
  return page(db, and(eq(activity.hoaId, actor.hoaId), eq(activity.subjectUserId, actor.userId))!, q, false);
}
