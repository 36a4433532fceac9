/**
 * The mail of violations, queued through the outbox in the transaction of the event (so a rolled-back
 * change sends nothing, and each event queues once whether it came by REST or by the sync push, also
 * a push after an offline walk): the notice when a violation is issued, every status change, and every
 * public board message go to the resident. Each links to the violation.
 */
import { and, eq } from 'drizzle-orm';
import { richTextToPlain } from '../../../schema/rich-text';
import { addresses, users } from '../../../schema/tables';
import { VIOLATION_STAGE_LABELS, VIOLATION_STATUS_LABELS, type ViolationStage } from '../../../schema/violations';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { violationHearingEmail, violationLetterEmail, violationNoticeEmail, violationUpdateEmail, type QueuedEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import type { Actor } from '../actor';
import { activeMembers } from '../members';
import type { ViolationRow } from './read';
import { hoaNameOf } from '../hoa-name';

/** What a violation's mail is about in the outbox. */
export const violationRef = (id: string) => `violation:${id}`;

const violationUrl = (deps: AppDeps, id: string) => `${deps.config.appUrl}/compliance/${id}`;

async function hoaName(tx: Tx, hoaId: string) {
  return hoaNameOf(tx, hoaId);
}

/**
 * The resident a violation was issued to, when mail should reach them: an active member (no mail to
 * deactivated accounts), and not the one who acted (nothing for one's own action).
 */
async function recipient(tx: Tx, row: ViolationRow, actor: Actor | null) {
  if (row.userId === actor?.userId) return undefined;
  const [resident] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(activeMembers(row.hoaId, eq(users.id, row.userId))).limit(1);
  return resident;
}

async function queue(deps: AppDeps, tx: Tx, row: ViolationRow, to: { id: string; email: string }, mail: QueuedEmail) {
  await queueEmail(deps, tx, { hoaId: row.hoaId, to: to.email, toUserId: to.id, ref: violationRef(row.id), ...mail });
  deps.database.afterCommit(() => deps.onEmailQueued?.());
}

/** The case's address as a letter prints it, or null. */
async function addressLine(tx: Tx, row: ViolationRow): Promise<string | null> {
  if (!row.addressId) return null;
  const [a] = await tx.select({ street: addresses.street, unit: addresses.unitNumber }).from(addresses).where(and(eq(addresses.id, row.addressId), eq(addresses.hoaId, row.hoaId))).limit(1);
  return a ? `${a.street}${a.unit ? `, Unit ${a.unit}` : ''}` : null;
}

/** The notice the create screen's success message promises ("… and notification sent to resident"). */
export async function mailViolationIssued(deps: AppDeps, tx: Tx, row: ViolationRow, actor: Actor, photos: readonly { fileName: string }[] = []): Promise<void> {
  const resident = await recipient(tx, row, actor);
  if (!resident) return;
  const address = await addressLine(tx, row);
  const mail = violationNoticeEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: resident.name,
    title: row.title,
    category: row.category,
    messageHtml: row.message,
    dueDate: row.dueDate,
    address,
    url: violationUrl(deps, row.id),
    // Each photo opens on the violation page (a storage link would expire; the page signs a fresh one).
    photos: photos.map((p, i) => ({ name: p.fileName, url: `${violationUrl(deps, row.id)}#photo-${i + 1}` })),
  });
  await queue(deps, tx, row, resident, mail);
}

/** A new status, or a public board message (`messageHtml`): the resident hears of it. */
export async function mailViolationUpdate(deps: AppDeps, tx: Tx, row: ViolationRow, actor: Actor, messageHtml?: string): Promise<void> {
  const resident = await recipient(tx, row, actor);
  if (!resident) return;
  const mail = violationUpdateEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: resident.name,
    title: row.title,
    statusLabel: VIOLATION_STATUS_LABELS[row.status],
    messagePlain: messageHtml ? richTextToPlain(messageHtml) : null,
    url: violationUrl(deps, row.id),
  });
  await queue(deps, tx, row, resident, mail);
}

/** A stage's letter (courtesy notice, warning, fine): by mail, with the way to its printable page. `actor` null: the repeating fine's job. */
export async function mailViolationLetter(
  deps: AppDeps,
  tx: Tx,
  row: ViolationRow,
  actor: Actor | null,
  letter: { id: string; stage: ViolationStage; cureBy: number | null; fineCents: number },
): Promise<void> {
  const resident = await recipient(tx, row, actor);
  if (!resident) return;
  const mail = violationLetterEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: resident.name,
    title: row.title,
    category: row.category,
    stageLabel: VIOLATION_STAGE_LABELS[letter.stage],
    address: await addressLine(tx, row),
    cureBy: letter.cureBy,
    fineCents: letter.fineCents,
    finedCents: row.finedCents,
    url: violationUrl(deps, row.id),
    letterUrl: `${deps.config.appUrl}/violations/${row.id}/letters/${letter.id}`,
  });
  await queue(deps, tx, row, resident, mail);
}

/** A hearing scheduled or decided: the resident hears of it, with the reason and any credit. */
export async function mailViolationHearing(
  deps: AppDeps,
  tx: Tx,
  row: ViolationRow,
  actor: Actor,
  hearing: { scheduledFor: number | null; decisionLabel: string | null; reason: string | null; creditedCents: number },
): Promise<void> {
  const resident = await recipient(tx, row, actor);
  if (!resident) return;
  const mail = violationHearingEmail({ hoaName: await hoaName(tx, row.hoaId), residentName: resident.name, title: row.title, ...hearing, url: violationUrl(deps, row.id) });
  await queue(deps, tx, row, resident, mail);
}
