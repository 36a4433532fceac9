/** An invoice paid online: the HOA's connected account, and a Checkout Session for one invoice. */
import { and, eq } from 'drizzle-orm';
import type { CheckoutMethod } from '../../../schema/processing-fees';
import { connectAccounts, invoiceCheckouts } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { checkoutOffer } from '../../services/payments/types';
import { badRequest, conflict } from '../errors';
import { PAYMENT_MESSAGES } from './messages';
import { followUpAfterCommit } from './settlement';

/**
 * The HOA's connected account: created at the provider once (idempotency key per HOA) and recorded.
 * Provider calls stay outside transactions: a call to the provider cannot be rolled back.
 */
export async function ensureConnectAccount(deps: AppDeps, hoa: { id: string; name: string }, ownerEmail: string): Promise<typeof connectAccounts.$inferSelect> {
  const [existing] = await deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, hoa.id)).limit(1);
  if (existing) return existing;
  const { id } = await deps.payments.createConnectAccount({ email: ownerEmail, businessName: hoa.name, metadata: { hoa_id: hoa.id }, idempotencyKey: `connect:${hoa.id}` });
  const now = deps.clock();
  return deps.database.transaction(async (tx) => {
    await tx.insert(connectAccounts).values({ hoaId: hoa.id, accountId: id, createdAt: now, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(connectAccounts).where(eq(connectAccounts.hoaId, hoa.id)).limit(1);
    return row;
  });
}

/**
 * A Checkout Session paying one invoice into the HOA's connected account. An open session of the same
 * invoice is reused (a second click does not create a second payment); its row is what the webhook
 * settles. The caller (invoices area) has already checked that the actor is the invoice's recipient.
 */
export async function startInvoiceCheckout(
  deps: AppDeps,
  input: {
    hoaId: string;
    invoiceId: string;
    userId: string;
    email: string;
    amountCents: number;
    /** Card, bank account (default both); one when the resident chose it for a fee passed on. */
    methods?: readonly CheckoutMethod[];
    /** The processing fee passed on (its own line on the page); default 0, the HOA absorbs it. */
    feeCents?: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    /** Asked again when the session is recorded: an invoice settled meanwhile gets its session expired (409). */
    stillPayable?: (tx: Tx) => Promise<boolean>;
  },
): Promise<{ id: string; url: string }> {
  const db = deps.database.db;
  const [account] = await db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, input.hoaId)).limit(1);
  if (!account?.chargesEnabled) throw badRequest(PAYMENT_MESSAGES.accountNotReady);
  const previous = await db.select().from(invoiceCheckouts).where(and(eq(invoiceCheckouts.hoaId, input.hoaId), eq(invoiceCheckouts.invoiceId, input.invoiceId)));
  const { methods, feeCents } = checkoutOffer(input);
  const chosen = methods.length === 1 ? methods[0] : null;
  // The same offer only: another method or fee is another session.
  const open = previous.find((c) => c.status === 'open' && c.amountCents === input.amountCents && c.userId === input.userId && c.feeCents === feeCents && c.method === chosen);
  if (open) return { id: open.id, url: open.url };
  const session = await deps.payments.createInvoiceCheckout({
    connectedAccountId: account.accountId,
    amountCents: input.amountCents,
    methods,
    feeCents,
    description: input.description,
    customerEmail: input.email,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    metadata: { hoa_id: input.hoaId, invoice_id: input.invoiceId, user_id: input.userId, fee_cents: String(feeCents) },
    idempotencyKey: `invoice:${input.invoiceId}:checkout:${previous.length + 1}`,
  });
  const now = deps.clock();
  const payable = await deps.database.transaction(async (tx) => {
    const payable = input.stillPayable ? await input.stillPayable(tx) : true;
    const status = payable ? 'open' : 'expiring';
    const values = { id: session.id, hoaId: input.hoaId, invoiceId: input.invoiceId, userId: input.userId, amountCents: input.amountCents, feeCents, method: chosen, status, url: session.url, createdAt: now, updatedAt: now } as const;
    const recorded = await tx.insert(invoiceCheckouts).values(values).onConflictDoNothing().returning({ id: invoiceCheckouts.id });
    if (!payable && recorded.length) followUpAfterCommit(deps, [session.id]);
    return payable;
  });
  if (!payable) throw conflict(PAYMENT_MESSAGES.noLongerPayable);
  return session;
}
