/**
 * The mail of requests, queued through the outbox in the transaction of the event (so a rolled-back
 * change sends nothing, and each event queues once whether it came by REST or by the sync push):
 * a new request → the HOA's active board members; a status change and a staff answer → the resident.
 * Each links to the request.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { REQUEST_STATUS_LABELS } from '../../../schema/requests';
import { richTextToPlain } from '../../../schema/rich-text';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { addresses, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { requestFiledEmail, requestUpdateEmail } from '../../emails';
import { queueEmail, queueEmails } from '../../services/email';
import type { Actor } from '../actor';
import { activeMembers } from '../members';
import type { RequestRow } from './read';
import { hoaNameOf } from '../hoa-name';

/** What a request's mail is about in the outbox. */
export const requestRef = (id: string) => `request:${id}`;

const requestUrl = (deps: AppDeps, id: string) => `${deps.config.appUrl}/requests/${id}`;

async function hoaName(tx: Tx, hoaId: string) {
  return hoaNameOf(tx, hoaId);
}

/** The resident of a request, when they are still an active member (no mail to deactivated accounts). */
async function activeResident(tx: Tx, row: RequestRow) {
  const [resident] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(activeMembers(row.hoaId, eq(users.id, row.userId))).limit(1);
  return resident;
}

const nudge = (deps: AppDeps) => deps.database.afterCommit(() => deps.onEmailQueued?.());

/** A new request: every active board member and superadmin of the HOA but the one who filed it. */
export async function mailRequestFiled(deps: AppDeps, tx: Tx, row: RequestRow, actor: Actor): Promise<void> {
  const board = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(activeMembers(row.hoaId, inArray(users.role, PRIVILEGED_ROLES), ne(users.id, actor.userId)));
  if (board.length === 0) return;
  const [filer] = await tx.select({ name: users.name }).from(users).where(and(eq(users.id, row.userId), eq(users.hoaId, row.hoaId))).limit(1);
  const [address] = row.addressId
    ? await tx.select({ street: addresses.street, unit: addresses.unitNumber }).from(addresses).where(and(eq(addresses.id, row.addressId), eq(addresses.hoaId, row.hoaId))).limit(1)
    : [];
  const mail = requestFiledEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: filer?.name ?? 'A resident',
    address: address ? `${address.street}${address.unit ? `, Unit ${address.unit}` : ''}` : null,
    title: row.title,
    category: row.category,
    descriptionHtml: row.description,
    url: requestUrl(deps, row.id),
  });
  await queueEmails(deps, tx, board.map((b) => ({ hoaId: row.hoaId, to: b.email, toUserId: b.id, ref: requestRef(row.id), ...mail })));
  nudge(deps);
}

/**
 * The resident hears of a change the board made: a new status, or a staff answer (`messageHtml`,
 * public messages only). Nothing is sent for the resident's own actions.
 */
export async function mailRequestUpdate(deps: AppDeps, tx: Tx, row: RequestRow, actor: Actor, messageHtml?: string): Promise<void> {
  if (row.userId === actor.userId) return;
  const resident = await activeResident(tx, row);
  if (!resident) return;
  const mail = requestUpdateEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: resident.name,
    title: row.title,
    statusLabel: REQUEST_STATUS_LABELS[row.status],
    messagePlain: messageHtml ? richTextToPlain(messageHtml) : null,
    url: requestUrl(deps, row.id),
  });
  await queueEmail(deps, tx, { hoaId: row.hoaId, to: resident.email, toUserId: resident.id, ref: requestRef(row.id), ...mail });
  nudge(deps);
}
