/**
 * The dashboard's figures for API clients (GET /api/dashboard/metrics and
 * /recent-activity). The same shared function the client runs over its cache (schema/dashboard.ts)
 * runs here over the synced values this viewer would pull, so the two answer the same; the
 * community figures come from the directory (not synced). Board and superadmin only.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { computeDashboard, DASHBOARD_MESSAGES, dashboardPolicy, type CommunityInfo } from '../../schema/dashboard';
import { users } from '../../schema/tables';
import { dashboardSources } from '../../sync/areas';
import type { AppDeps } from '../deps';
import type { Viewer } from '../sync/area';
import { rowValuesSql } from '../sync/values';
import type { Actor } from './actor';
import { addressStatistics } from './addresses';
import { forbidden } from './errors';
import { isActiveUser } from './users';

/** Every value of `space` the viewer may see, as the pull would send it. */
async function visibleValues(deps: AppDeps, viewer: Viewer, space: string): Promise<unknown[]> {
  const area = deps.areas.syncAreaOf(space);
  if (!area) throw new Error(`dashboard source ${space} has no server sync area`);
  const rows = await deps.database.db.all<{ id: string; json: string }>(rowValuesSql(area, viewer, 'every visible row'));
  return rows.map((r) => JSON.parse(r.json));
}

/**
 * Units and occupied homes as the address directory counts them (the same function as /addresses'
 * stat cards), board members from the active users (as the user list counts them).
 */
export async function communityInfo(deps: AppDeps, hoaId: string): Promise<CommunityInfo> {
  const { db } = deps.database;
  const activeBoard = and(eq(users.hoaId, hoaId), isNull(users.deletedAt), isActiveUser(), eq(users.role, 'board'));
  const [directory, [board]] = await Promise.all([addressStatistics(db, { hoaId }), db.select({ n: count() }).from(users).where(activeBoard)]);
  return { units: directory.totalAddresses, occupied: directory.occupied, boardMembers: board.n };
}

function requireBoard(actor: Actor) {
  if (!dashboardPolicy.maySee(actor.role)) throw forbidden('Access denied');
}

export async function dashboardFigures(deps: AppDeps, actor: Actor) {
  requireBoard(actor);
  const now = deps.clock();
  const values = new Map<string, unknown[]>();
  for (const source of dashboardSources) if (!values.has(source.space)) values.set(source.space, await visibleValues(deps, actor, source.space));
  return computeDashboard(dashboardSources, (space) => values.get(space) ?? [], now);
}

export async function dashboardMetrics(deps: AppDeps, actor: Actor) {
  const { metrics } = await dashboardFigures(deps, actor);
  return { metrics, community: await communityInfo(deps, actor.hoaId) };
}

export async function recentActivity(deps: AppDeps, actor: Actor) {
  return (await dashboardFigures(deps, actor)).activity;
}

export { DASHBOARD_MESSAGES };
