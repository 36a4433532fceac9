/**
 * The deadline and the HOA's review settings. The job (`applyApplicationDeadlines`, run by the jobs
 * runner; time is `deps.clock`) applies the HOA's rule to each application still under review at its
 * deadline: approved by default (most state statutes), or escalated to the full board (status
 * Escalated, the board mailed). Each in its own transaction, recorded in the history with the time.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { APPLICATION_HISTORY, type ApplicationSettingsForm } from '../../../schema/applications';
import { applicationSettings, architecturalApplications } from '../../../schema/tables';
import { AUTOMATIC_ACTOR_ID } from '../../../schema/threads';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { decide } from './review';
import { requireBoard, settingsOf } from './rows';
import { applicationSettingsRows } from './sync';

/** The deadline job acts for nobody: its history lines read "Automatic" to the board, the HOA's staff to residents. */
const DEADLINE_JOB = { userId: AUTOMATIC_ACTOR_ID, role: 'board' } as const;

export async function applyApplicationDeadlines(deps: AppDeps, opts: { limit?: number } = {}): Promise<number> {
  const now = deps.clock();
  const a = architecturalApplications;
  const due = and(eq(a.status, 'under_review'), lte(a.deadline, now));
  const candidates = await deps.database.db.select({ id: a.id }).from(a).where(due).orderBy(asc(a.deadline)).limit(opts.limit ?? 100);
  let applied = 0;
  for (const { id } of candidates) {
    const done = await deps.database.transaction(async (tx) => {
      const [row] = await tx.select().from(a).where(and(eq(a.id, id), due)).limit(1);
      if (!row) return false;
      const { deadlineRule } = await settingsOf(tx, row.hoaId);
      const action = deadlineRule === 'escalated' ? APPLICATION_HISTORY.escalated(row.deadline) : APPLICATION_HISTORY.approvedByDefault(row.deadline);
      await decide(deps, tx, row, deadlineRule, 'deadline', DEADLINE_JOB, action);
      return true;
    });
    if (done) applied++;
  }
  return applied;
}

/** The board changes the review days (new applications take them) and the deadline rule. */
export async function saveApplicationSettings(deps: AppDeps, tx: Tx, actor: Actor, input: ApplicationSettingsForm): Promise<void> {
  requireBoard(actor);
  const values = { reviewDays: input.review_days, deadlineRule: input.deadline_rule, updatedAt: deps.clock() };
  const updated = await applicationSettingsRows.update(deps, tx, eq(applicationSettings.hoaId, actor.hoaId), values);
  if (updated.length === 0) await applicationSettingsRows.insert(deps, tx, { id: actor.hoaId, hoaId: actor.hoaId, ...values });
}
