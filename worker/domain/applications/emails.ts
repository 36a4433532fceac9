/**
 * The mail of applications, queued through the outbox in the transaction of the event: the decision
 * letter to the resident, and the board's notice when an application is escalated at its deadline.
 * The board hears of a new application by the request's mail (the requests domain).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { APPLICATION_STATUS_LABELS } from '../../../schema/applications';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { requests, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { applicationDecisionEmail, applicationEscalatedEmail } from '../../emails';
import { queueEmail, queueEmails } from '../../services/email';
import { activeMembers } from '../members';
import type { ApplicationRow } from './rows';
import { hoaNameOf } from '../hoa-name';

/** What an application's mail is about in the outbox. */
export const applicationRef = (id: string) => `application:${id}`;
const applicationUrl = (deps: AppDeps, id: string) => `${deps.config.appUrl}/applications/${id}`;

async function factsOf(tx: Tx, row: ApplicationRow) {
  const hoaName = await hoaNameOf(tx, row.hoaId);
  const [request] = await tx.select({ title: requests.title }).from(requests).where(and(eq(requests.id, row.id), eq(requests.hoaId, row.hoaId))).limit(1);
  return { hoaName: hoaName, title: request?.title ?? 'Architectural application' };
}

const nudge = (deps: AppDeps) => deps.database.afterCommit(() => deps.onEmailQueued?.());

/** The decision letter to the resident (an active member: no mail to deactivated accounts). */
export async function mailDecisionLetter(deps: AppDeps, tx: Tx, row: ApplicationRow, letterHtml: string): Promise<void> {
  const [resident] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(activeMembers(row.hoaId, eq(users.id, row.userId))).limit(1);
  if (!resident) return;
  const facts = await factsOf(tx, row);
  const mail = applicationDecisionEmail({ ...facts, residentName: resident.name, statusLabel: APPLICATION_STATUS_LABELS[row.status], letterHtml, url: applicationUrl(deps, row.id) });
  await queueEmail(deps, tx, { hoaId: row.hoaId, to: resident.email, toUserId: resident.id, ref: applicationRef(row.id), ...mail });
  nudge(deps);
}

/** An application escalated at its deadline: every active board member and superadmin. */
export async function mailEscalated(deps: AppDeps, tx: Tx, row: ApplicationRow): Promise<void> {
  const board = await tx.select({ id: users.id, email: users.email }).from(users).where(activeMembers(row.hoaId, inArray(users.role, PRIVILEGED_ROLES)));
  if (board.length === 0) return;
  const mail = applicationEscalatedEmail({ ...(await factsOf(tx, row)), deadline: row.deadline, url: applicationUrl(deps, row.id) });
  await queueEmails(deps, tx, board.map((b) => ({ hoaId: row.hoaId, to: b.email, toUserId: b.id, ref: applicationRef(row.id), ...mail })));
  nudge(deps);
}
