/**
 * Reading applications over REST, built from the values the pull sends (`applicationValuesSql`), so
 * REST and the cache say the same: the list newest first (submitted, then id), one application, the settings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { APPLICATION_MESSAGES } from '../../../schema/applications';
import { restAnswer } from '../../../schema/rest-shape';
import { toApiHistoryEntry } from '../../../schema/threads';
import { architecturalApplications } from '../../../schema/tables';
import { APPLICATION_REST, type SyncedApplication } from '../../../sync/areas/applications';
import type { DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import type { Actor } from '../actor';
import { notFound } from '../errors';
import { requireBoard, settingsOf } from './rows';
import { applicationValuesSql, visibleApplications } from './sync';

export type ApiApplication = ReturnType<typeof toApiApplication>;

export const toApiApplication = (v: SyncedApplication) => restAnswer(v, APPLICATION_REST, { history: (history) => history.map(toApiHistoryEntry) });

async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedApplication[]> {
  const rows: { id: string; json: string }[] = await db.all(applicationValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedApplication);
}

/** GET /api/applications: the board's, all of the HOA; a resident's, their own. */
export async function listApplications(db: DbOrTx, actor: Actor): Promise<{ docs: ApiApplication[] }> {
  const a = architecturalApplications;
  const ids = sql`SELECT ${a.id} AS row_id FROM ${a} WHERE ${visibleApplications(actor)}`;
  const values = await valuesOf(db, actor, ids);
  values.sort((x, y) => y.submittedAt - x.submittedAt || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0));
  return { docs: values.map(toApiApplication) };
}

/** GET /api/applications/:id (and every write's answer). */
export async function getApplication(db: DbOrTx, actor: Actor, id: string): Promise<ApiApplication> {
  const [value] = await valuesOf(db, actor, sql`SELECT ${id} AS row_id`);
  if (!value) throw notFound(APPLICATION_MESSAGES.notFound);
  return toApiApplication(value);
}

/** GET /api/applications/settings (board). */
export async function getApplicationSettings(db: DbOrTx, actor: Actor): Promise<{ review_days: number; deadline_rule: string }> {
  requireBoard(actor);
  const s = await settingsOf(db, actor.hoaId);
  return { review_days: s.reviewDays, deadline_rule: s.deadlineRule };
}
