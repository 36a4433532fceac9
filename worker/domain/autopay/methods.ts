/**
 * A resident's saved payment methods: the resident made a customer of the HOA's connected account
 * once, a hosted setup page saving a card or US bank account, the method recorded when the setup
 * returns (its return URL or `setup_intent.succeeded`, whichever comes first: once either way), and
 * removal. Provider calls stay outside transactions.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AUTOPAY_MESSAGES, type AutopaySetupBody } from '../../../schema/autopay';
import { autopayEnrollments, connectAccounts, paymentCustomers, savedPaymentMethods, users } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { badRequest, conflict, notFound } from '../errors';
import { PAYMENT_MESSAGES } from '../payments/messages';

export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;

/** The HOA's connected account, when it takes payments. */
export async function chargingAccount(db: DbOrTx, hoaId: string): Promise<string | null> {
  const [account] = await db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, hoaId)).limit(1);
  return account?.chargesEnabled ? account.accountId : null;
}

export const activeMethods = (db: DbOrTx, hoaId: string, userId: string) =>
  db.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.hoaId, hoaId), eq(savedPaymentMethods.userId, userId), isNull(savedPaymentMethods.removedAt))).orderBy(asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id));

/** One of the resident's saved methods still in use; 404 otherwise (another's, another HOA's, removed). */
export async function ownMethod(db: DbOrTx, actor: Pick<Actor, 'hoaId' | 'userId'>, id: string): Promise<SavedMethodRow> {
  const [row] = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.hoaId, actor.hoaId), eq(savedPaymentMethods.userId, actor.userId), isNull(savedPaymentMethods.removedAt)))
    .limit(1);
  if (!row) throw notFound(AUTOPAY_MESSAGES.methodNotFound);
  return row;
}

export async function customerOf(db: DbOrTx, hoaId: string, userId: string): Promise<string | null> {
  const [row] = await db.select().from(paymentCustomers).where(and(eq(paymentCustomers.hoaId, hoaId), eq(paymentCustomers.userId, userId))).limit(1);
  return row?.customerId ?? null;
}

/** The resident as a customer of the connected account, created once (its idempotency key is the resident's). */
async function ensureCustomer(deps: AppDeps, actor: Actor, accountId: string): Promise<string> {
  const db = deps.database.db;
  const existing = await customerOf(db, actor.hoaId, actor.userId);
  if (existing) return existing;
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(and(eq(users.id, actor.userId), eq(users.hoaId, actor.hoaId))).limit(1);
  if (!user) throw notFound(AUTOPAY_MESSAGES.residentNotFound);
  const metadata = { hoa_id: actor.hoaId, user_id: actor.userId };
  const { id } = await deps.payments.autopay.createCustomer({ connectedAccountId: accountId, email: user.email, name: user.name, metadata, idempotencyKey: `customer:${actor.hoaId}:${actor.userId}` });
  await deps.database.transaction((tx) => tx.insert(paymentCustomers).values({ hoaId: actor.hoaId, userId: actor.userId, customerId: id, createdAt: deps.clock() }).onConflictDoNothing());
  return (await customerOf(db, actor.hoaId, actor.userId)) ?? id;
}

/** `POST /api/autopay/methods/setup` → the hosted page saving a card or bank account; it returns to /autopay. */
export async function startMethodSetup(deps: AppDeps, actor: Actor, body: AutopaySetupBody): Promise<{ url: string }> {
  const accountId = await chargingAccount(deps.database.db, actor.hoaId);
  if (!accountId) throw badRequest(PAYMENT_MESSAGES.accountNotReady);
  const customerId = await ensureCustomer(deps, actor, accountId);
  const back = `${deps.config.appUrl}/autopay`;
  const session = await deps.payments.autopay.createSetupSession({
    connectedAccountId: accountId,
    customerId,
    kind: body.kind,
    successUrl: `${back}?setup={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
    metadata: { hoa_id: actor.hoaId, user_id: actor.userId },
    idempotencyKey: `setup:${actor.hoaId}:${actor.userId}:${newId()}`,
  });
  return { url: session.url };
}

/**
 * A setup that succeeded: its method, read from the provider, recorded for its resident once (the
 * return and the webhook both come here). Only a method of the resident's own customer on the HOA's account.
 */
export async function saveSetupMethod(deps: AppDeps, input: { hoaId: string; userId: string; customerId: string | null; paymentMethodId: string }): Promise<SavedMethodRow | null> {
  const db = deps.database.db;
  const accountId = await chargingAccount(db, input.hoaId);
  const customerId = await customerOf(db, input.hoaId, input.userId);
  if (!accountId || !customerId || customerId !== input.customerId) return null;
  const pm = await deps.payments.autopay.getPaymentMethod({ connectedAccountId: accountId, paymentMethodId: input.paymentMethodId });
  const now = deps.clock();
  const values = { id: newId(), hoaId: input.hoaId, userId: input.userId, providerId: pm.id, kind: pm.kind, label: pm.label, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear, createdAt: now };
  return deps.database.transaction(async (tx) => {
    await tx.insert(savedPaymentMethods).values(values).onConflictDoNothing();
    const [row] = await tx.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.hoaId, input.hoaId), eq(savedPaymentMethods.providerId, pm.id))).limit(1);
    return row ?? null;
  });
}

/** The setup page's return (`/autopay?setup=<session>`): the method saved now, without waiting for the webhook. */
export async function finishMethodSetup(deps: AppDeps, actor: Actor, sessionId: string): Promise<SavedMethodRow | null> {
  const accountId = await chargingAccount(deps.database.db, actor.hoaId);
  if (!accountId) return null;
  const result = await deps.payments.autopay.getSetupSession({ connectedAccountId: accountId, sessionId }).catch(() => null);
  if (result?.status !== 'succeeded' || !result.paymentMethodId || result.metadata.user_id !== actor.userId || result.metadata.hoa_id !== actor.hoaId) return null;
  return saveSetupMethod(deps, { hoaId: actor.hoaId, userId: actor.userId, customerId: result.customerId, paymentMethodId: result.paymentMethodId });
}

/**
 * `DELETE /api/autopay/methods/:id`: removed from the resident's list and detached at the provider.
 * The method autopay charges stays until autopay is given another or turned off (409).
 */
export async function removeMethod(deps: AppDeps, actor: Actor, id: string): Promise<{ message: string }> {
  const method = await ownMethod(deps.database.db, actor, id);
  await deps.database.transaction(async (tx) => {
    const [enrolled] = await tx.select().from(autopayEnrollments).where(and(eq(autopayEnrollments.hoaId, actor.hoaId), eq(autopayEnrollments.userId, actor.userId))).limit(1);
    if (enrolled && enrolled.methodId === method.id && enrolled.status !== 'stopped') throw conflict(AUTOPAY_MESSAGES.methodInUse);
    await tx.update(savedPaymentMethods).set({ removedAt: deps.clock() }).where(eq(savedPaymentMethods.id, method.id));
  });
  const accountId = await chargingAccount(deps.database.db, actor.hoaId);
  // Removed here whatever the provider says: a failed detach leaves an unused method at the provider, never a charge.
  if (accountId) await deps.payments.autopay.detachPaymentMethod({ connectedAccountId: accountId, paymentMethodId: method.providerId }).catch((e) => console.error(`autopay: detaching ${method.providerId} failed`, e));
  return { message: 'Payment method removed.' };
}
