/**
 * The board's reviews and the outcome. Each board member reviews once (a second review replaces
 * theirs while the application is open); the outcome is the policy's (`outcomeOf`: a majority of the
 * board). A carried meeting motion decides by `decideApplicationByMotion`. Board only (403), the
 * application through `visibleApplications` (404), open only (409).
 */
import { eq } from 'drizzle-orm';
import { APPLICATION_HISTORY, APPLICATION_MESSAGES, applicationPolicy, MOTION_OUTCOMES, reviewIssue, type ApplicationStatus, type DecidedBy, type MotionOutcome, type ReviewForm } from '../../../schema/applications';
import { applicationHistory, applicationReviews } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { conflict, invalidField } from '../errors';
import { recordHistory } from '../threads';
import { mailEscalated } from './emails';
import { boardSizeOf, getVisibleApplication, requireBoard, requireReviewer, type ApplicationRow } from './rows';
import { applicationIs, applicationRows } from './sync';

/** Sets the outcome and writes its history line (`who` acted: a board member, or the deadline job). */
export async function decide(deps: AppDeps, tx: Tx, row: ApplicationRow, status: ApplicationStatus, how: DecidedBy, who: Pick<Actor, 'userId' | 'role'>, action: string): Promise<ApplicationRow> {
  const now = deps.clock();
  const decided = status !== 'escalated';
  const [updated] = await applicationRows.update(deps, tx, applicationIs(row.hoaId, row.id), {
    status,
    decidedBy: decided ? how : null,
    decidedAt: decided ? now : null,
    updatedAt: now,
  });
  await recordHistory(tx, applicationHistory, who, { hoaId: row.hoaId, parentId: row.id, action, at: now });
  if (status === 'escalated') await mailEscalated(deps, tx, updated);
  return updated;
}

export async function reviewApplication(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: ReviewForm): Promise<ApplicationRow> {
  requireReviewer(actor);
  const row = await getVisibleApplication(tx, actor, id);
  if (!applicationPolicy.isOpen(row)) throw conflict(APPLICATION_MESSAGES.decided);
  const issue = reviewIssue(input);
  if (issue) throw invalidField(issue.path, issue.message);
  const now = deps.clock();
  const review = { decision: input.decision, conditions: input.conditions ?? null, reasons: input.reasons ?? null, at: now };
  await tx
    .insert(applicationReviews)
    .values({ hoaId: row.hoaId, applicationId: row.id, reviewerId: actor.userId, ...review })
    .onConflictDoUpdate({ target: [applicationReviews.applicationId, applicationReviews.reviewerId], set: review });
  await recordHistory(tx, applicationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: APPLICATION_HISTORY.reviewed(input.decision), isPublic: false, at: now });
  // Individual reviews are the board's: the resident reads the outcome.
  const reviews = await tx.select({ decision: applicationReviews.decision }).from(applicationReviews).where(eq(applicationReviews.applicationId, row.id));
  const outcome = applicationPolicy.outcomeOf(reviews, await boardSizeOf(tx, row.hoaId));
  if (outcome) return decide(deps, tx, row, outcome, 'reviews', actor, APPLICATION_HISTORY.decided(outcome));
  const [updated] = await applicationRows.update(deps, tx, applicationIs(row.hoaId, row.id), { updatedAt: now });
  return updated;
}

/**
 * The outcome of a carried meeting motion (approve or deny), for the meetings area to call inside its
 * own transaction. The same rules as a review: board only, visible, open.
 */
export async function decideApplicationByMotion(deps: AppDeps, tx: Tx, actor: Actor, applicationId: string, outcome: MotionOutcome): Promise<ApplicationRow> {
  requireBoard(actor);
  if (!MOTION_OUTCOMES.includes(outcome)) throw invalidField('outcome', APPLICATION_MESSAGES.outcomeInvalid);
  const row = await getVisibleApplication(tx, actor, applicationId);
  if (!applicationPolicy.isOpen(row)) throw conflict(APPLICATION_MESSAGES.decided);
  return decide(deps, tx, row, outcome, 'motion', actor, APPLICATION_HISTORY.decidedByMotion(outcome));
}
