/**
 * The application rows a write needs: one the actor may see (404 otherwise, also another HOA's), the
 * board rule (403), the HOA's review settings and the size of its board.
 */
import { and, count, eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES, applicationPolicy, type DeadlineRule } from '../../../schema/applications';
import { applicationSettings, architecturalApplications, users } from '../../../schema/tables';
import { DEFAULT_APPLICATION_SETTINGS } from '../../../sync/areas/applications';
import type { DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import type { Actor } from '../actor';
import { forbidden, notFound } from '../errors';
import { activeMembers } from '../members';
import { visibleApplications } from './sync';

export type ApplicationRow = typeof architecturalApplications.$inferSelect;

export function requireBoard(actor: Actor) {
  if (!applicationPolicy.mayManage(actor.role)) throw forbidden(APPLICATION_MESSAGES.boardOnly);
}

export function requireReviewer(actor: Actor) {
  if (!applicationPolicy.mayReview(actor.role)) throw forbidden(APPLICATION_MESSAGES.reviewersOnly);
}

export async function getVisibleApplication(db: DbOrTx, viewer: Viewer, id: string): Promise<ApplicationRow> {
  const [row] = await db.select().from(architecturalApplications).where(and(visibleApplications(viewer), eq(architecturalApplications.id, id))).limit(1);
  if (!row) throw notFound(APPLICATION_MESSAGES.notFound);
  return row;
}

/** The HOA's review days and deadline rule, or the defaults. */
export async function settingsOf(db: DbOrTx, hoaId: string): Promise<{ reviewDays: number; deadlineRule: DeadlineRule }> {
  const [row] = await db.select().from(applicationSettings).where(eq(applicationSettings.hoaId, hoaId)).limit(1);
  return row ? { reviewDays: row.reviewDays, deadlineRule: row.deadlineRule } : DEFAULT_APPLICATION_SETTINGS;
}

/** The board: the HOA's active board members (who review). */
export async function boardSizeOf(db: DbOrTx, hoaId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(activeMembers(hoaId, eq(users.role, 'board')));
  return row?.n ?? 0;
}
