/**
 * A member's email changed by the board (Edit User): a link is mailed to the new address and the
 * email changes only when it is opened (`POST /api/users/confirm-email`), so a typo never locks the
 * member out and no one can take an address they do not read. A newer request replaces an unused
 * older one. The address must still be free in the HOA when the link is opened; one that has an
 * account in another HOA joins the membership to that account.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { INVITATION_TTL_MS, PEOPLE_MESSAGES } from '../../../schema/people';
import { USER_MESSAGES } from '../../../schema/users';
import { emailChanges, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { emailChangeEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { newId, randomToken, sha256Hex } from '../../services/tokens';
import { badRequest, invalidField } from '../errors';
import { shownName, updateUser, type UserRow } from '../users';
import { hoaNameOf } from '../hoa-name';
import { accountHolder } from '../accounts';
import { endAccess } from './access';

/** Whether another member of the membership's HOA (deleted ones too: the unique index counts them) holds `email`. */
async function emailTakenInHoa(tx: Tx, email: string, member: Pick<UserRow, 'id' | 'hoaId'>): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.hoaId, member.hoaId), ne(users.id, member.id), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return row != null;
}

/** Asks for the change: a live member of this HOA with the address is named (400); the link goes to `email`. */
export async function requestEmailChange(deps: AppDeps, tx: Tx, target: UserRow, email: string): Promise<void> {
  const [own] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.hoaId, target.hoaId), ne(users.id, target.id), isNull(users.deletedAt), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (own) throw invalidField('email', USER_MESSAGES.emailTaken);
  const now = deps.clock();
  await tx.update(emailChanges).set({ usedAt: now }).where(and(eq(emailChanges.userId, target.id), isNull(emailChanges.usedAt)));
  const token = randomToken();
  await tx.insert(emailChanges).values({ id: newId(), hoaId: target.hoaId, userId: target.id, newEmail: email, tokenHash: await sha256Hex(token), createdAt: now, expiresAt: now + INVITATION_TTL_MS });
  const hoaName = await hoaNameOf(tx, target.hoaId, 'your HOA');
  const url = `${deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await queueEmail(deps, tx, {
    hoaId: target.hoaId,
    to: email,
    toUserId: target.id,
    ...emailChangeEmail({ hoaName, name: shownName(target), url }),
    redactAfterDelivery: true,
  });
}

/** `POST /api/users/confirm-email` {token}: the email becomes the new one; a used, expired or unknown link, or a taken address, is 400. */
export async function confirmEmailChange(deps: AppDeps, token: string): Promise<{ message: string }> {
  const now = deps.clock();
  return deps.database.transaction(async (tx) => {
    const [row] = await tx
      .select({ change: emailChanges, user: users })
      .from(emailChanges)
      .innerJoin(users, and(eq(users.id, emailChanges.userId), eq(users.hoaId, emailChanges.hoaId), isNull(users.deletedAt)))
      .where(eq(emailChanges.tokenHash, await sha256Hex(token)))
      .limit(1);
    if (!row || row.change.usedAt != null || row.change.expiresAt <= now) throw badRequest(PEOPLE_MESSAGES.emailChangeInvalid);
    if (await emailTakenInHoa(tx, row.change.newEmail, row.user)) throw badRequest(PEOPLE_MESSAGES.emailChangeInvalid);
    await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, row.change.id));
    // An address with an account in another HOA: the membership joins that account (its password),
    // and its sessions end, as after a password reset.
    const account = row.user.status === 'invited' ? undefined : await accountHolder(tx, row.change.newEmail, row.user.id);
    await updateUser(deps, tx, row.user, { email: row.change.newEmail, updatedAt: now, ...(account ? { passwordHash: account.passwordHash } : {}) });
    if (account) await endAccess(tx, row.user.id, now);
    return { message: PEOPLE_MESSAGES.emailChanged(row.change.newEmail) };
  });
}
