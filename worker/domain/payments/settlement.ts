/**
 * An invoice is paid once: a Checkout's outcome settled on its row (the areas' `invoicePaid`
 * listeners told: the invoices area posts the payment and mails its receipt), and the provider calls that follow a commit (expire the
 * sessions of an invoice that stopped taking payments, refund a payment that came anyway).
 */
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { hoas, invoiceCheckouts, connectAccounts, users, type InvoiceCheckoutStatus } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { refundFailedEmail } from '../../emails';
import type { LedgerPaymentMethod } from '../../../schema/ledger';
import { queueEmail } from '../../services/email';
import { PaymentRefusedError } from '../../services/payments/types';
import { PAYMENT_MESSAGES } from './messages';

/**
 * What an area does when an invoice's Checkout is paid (the invoices area marks the invoice paid).
 * Declared by the area (`listeners.invoicePaid`, worker/kit/server-area.ts). `false`: the invoice no longer takes this payment (paid another
 * way, canceled, another amount) and the listener changed nothing; the payment is then refunded.
 */
export type InvoicePaidListener = (deps: AppDeps, tx: Tx, paid: InvoicePayment) => Promise<boolean | void>;
export interface InvoicePayment {
  hoaId: string;
  invoiceId: string;
  checkoutId: string;
  /** What the invoice asked (a processing fee passed on is charged on top and not counted here). */
  amountCents: number;
  /** The processing fee the resident paid on top (passed on by the HOA), for the receipt; none when absorbed. */
  feeCents?: number;
  paidAt: number;
  /** How it was paid, as the receipt says it (card, us_bank_account), when the provider said. */
  method: LedgerPaymentMethod;
  methodDetail: string | null;
  reference: string | null;
}

/**
 * What an area does while a bank payment of an invoice is in flight (the invoices area shows it as
 * processing, and on failure makes it payable again and mails the resident why). Declared by the area
 * (`listeners.invoicePaymentInFlight`, worker/kit/server-area.ts).
 */
export type InvoicePaymentInFlightListener = (deps: AppDeps, tx: Tx, payment: InvoicePaymentInFlight) => Promise<void>;
export interface InvoicePaymentInFlight {
  stage: 'processing' | 'failed';
  hoaId: string;
  invoiceId: string;
  checkoutId: string;
  /** The resident who paid. */
  userId: string;
  amountCents: number;
  at: number;
  methodDetail: string | null;
  /** Why it failed, in the provider's words (failed only). */
  reason: string | null;
}

/** invoice_checkouts rows whose money was taken: nothing the provider says later reopens them. */
export const MONEY_TAKEN: readonly InvoiceCheckoutStatus[] = ['paid', 'refunding', 'refunded', 'refund_failed'];

export type CheckoutRow = typeof invoiceCheckouts.$inferSelect;
export const checkoutRow = async (tx: DbOrTx, id: string): Promise<CheckoutRow | undefined> => (await tx.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, id)).limit(1))[0];

/**
 * What an invoice Checkout came to (an event, or the provider's answer to an expiry), applied to its
 * row in the caller's transaction. A payment goes to the invoices area: taken, it mails the receipt;
 * refused (the invoice stopped taking payments first), it is refunded after the commit and mails
 * nothing. Returns whether mail was queued (the receipt, with the payment's ledger line).
 */
export async function settleCheckout(
  deps: AppDeps,
  tx: Tx,
  checkout: CheckoutRow,
  result: { status: 'paid' | 'failed' | 'expired'; paymentIntentId: string | null; eventAt: number | null; title: string; method?: PaymentMethodOfCheckout },
): Promise<boolean> {
  const now = deps.clock();
  // The method the provider reported (the receipt's words), else what the row knew.
  const method = result.method?.method ?? checkout.method;
  const methodDetail = result.method?.methodDetail ?? checkout.methodDetail;
  const set = { status: result.status, paymentIntentId: result.paymentIntentId, method, methodDetail, lastEventAt: result.eventAt ?? checkout.lastEventAt, updatedAt: now };
  // Before the listeners: the invoice settling expires its other open Checkouts, not this one.
  await tx.update(invoiceCheckouts).set(set).where(eq(invoiceCheckouts.id, checkout.id));
  if (result.status !== 'paid') return false;
  const paid: InvoicePayment = {
    hoaId: checkout.hoaId,
    invoiceId: checkout.invoiceId,
    checkoutId: checkout.id,
    amountCents: checkout.amountCents,
    feeCents: checkout.feeCents,
    paidAt: now,
    method: ledgerMethodOf(method),
    methodDetail,
    reference: result.paymentIntentId ?? checkout.id,
  };
  let taken = true;
  for (const listener of deps.areas.listeners.invoicePaid) if ((await listener(deps, tx, paid)) === false) taken = false;
  if (!taken) {
    await tx.update(invoiceCheckouts).set({ status: 'refunding' }).where(eq(invoiceCheckouts.id, checkout.id));
    followUpAfterCommit(deps, [checkout.id]);
    return false;
  }
  // The receipt was mailed with the payment's ledger line (worker/domain/ledger/post.ts).
  return true;
}

/** How a Checkout was paid, as the provider reported it. */
export interface PaymentMethodOfCheckout {
  method: string | null;
  methodDetail: string | null;
}

/**
 * A bank payment's days in flight on its row: `processing` when its session completed unpaid, `failed`
 * when the bank refused it (a late failure of a row no longer processing changes nothing). The areas'
 * listeners mark the invoice; returns whether mail was queued.
 */
export async function settleInFlight(
  deps: AppDeps,
  tx: Tx,
  checkout: CheckoutRow,
  result: { stage: 'processing' | 'failed'; paymentIntentId: string | null; eventAt: number; method?: PaymentMethodOfCheckout; reason: string | null },
): Promise<boolean> {
  const now = deps.clock();
  const method = result.method?.method ?? checkout.method;
  const methodDetail = result.method?.methodDetail ?? checkout.methodDetail;
  const status = result.stage;
  await tx.update(invoiceCheckouts).set({ status, paymentIntentId: result.paymentIntentId, method, methodDetail, lastEventAt: result.eventAt, updatedAt: now }).where(eq(invoiceCheckouts.id, checkout.id));
  const payment: InvoicePaymentInFlight = {
    stage: result.stage,
    hoaId: checkout.hoaId,
    invoiceId: checkout.invoiceId,
    checkoutId: checkout.id,
    userId: checkout.userId,
    amountCents: checkout.amountCents,
    at: now,
    methodDetail,
    reason: result.reason,
  };
  for (const listener of deps.areas.listeners.invoicePaymentInFlight) await listener(deps, tx, payment);
  return result.stage === 'failed';
}

/** The receipt's method of a Checkout payment: the method the provider reported, else "Online payment". */
const ledgerMethodOf = (method: string | null): LedgerPaymentMethod => (method === 'card' || method === 'us_bank_account' ? method : 'online');

/**
 * An invoice stopped taking payments (paid by check, canceled, paid through another Checkout): its
 * open Checkouts are marked `expiring` in the caller's transaction and expired at the provider after
 * the commit, so their pages take no card. A payment that still comes is refunded (settleCheckout).
 */
export async function closeInvoiceCheckouts(deps: AppDeps, tx: Tx, invoice: { hoaId: string; invoiceId: string }): Promise<void> {
  const open = and(eq(invoiceCheckouts.invoiceId, invoice.invoiceId), eq(invoiceCheckouts.hoaId, invoice.hoaId), eq(invoiceCheckouts.status, 'open'));
  const rows = await tx.update(invoiceCheckouts).set({ status: 'expiring', updatedAt: deps.clock() }).where(open).returning({ id: invoiceCheckouts.id });
  if (rows.length) followUpAfterCommit(deps, rows.map((r) => r.id));
}

/** How long a row waits before the job tries its provider call again (the first try follows its commit). */
export const CHECKOUT_FOLLOW_UP_RETRY_MS = 10 * 60_000;

/** The provider calls of rows just committed: after the commit, after the response, never in the transaction. */
export function followUpAfterCommit(deps: AppDeps, ids: string[]) {
  deps.database.afterCommit(() => deps.afterResponse(() => finishInvoiceCheckouts(deps, ids)));
}

/** Rows whose provider call is under way in this process (the after-commit run and the job do not both make it). */
const inFlight = new Set<string>();

/**
 * The provider calls invoice Checkouts wait for, made outside any transaction: expire the sessions of
 * invoices that stopped taking payments (`expiring`), refund the payments that came anyway
 * (`refunding`). `ids`: those rows, right after their commit; none: the job's retry of every row that
 * has waited CHECKOUT_FOLLOW_UP_RETRY_MS (a crash, a provider outage). The calls are idempotent
 * (the refund's key is the row's), and an outcome is recorded only while its row still waits.
 */
export async function finishInvoiceCheckouts(deps: AppDeps, ids?: string[]): Promise<void> {
  const waiting = inArray(invoiceCheckouts.status, ['expiring', 'refunding']);
  const which = ids ? inArray(invoiceCheckouts.id, ids) : lt(invoiceCheckouts.updatedAt, deps.clock() - CHECKOUT_FOLLOW_UP_RETRY_MS);
  const rows = await deps.database.db.select().from(invoiceCheckouts).where(and(waiting, which)).limit(100);
  for (const row of rows) {
    if (inFlight.has(row.id)) continue;
    inFlight.add(row.id);
    try {
      await (row.status === 'expiring' ? expireCheckout(deps, row) : refundCheckout(deps, row));
    } catch (e) {
      console.error(`invoice checkout ${row.id}: the provider call for ${row.status} failed; the job tries again`, e);
      await deps.database.transaction((tx) => tx.update(invoiceCheckouts).set({ updatedAt: deps.clock() }).where(and(eq(invoiceCheckouts.id, row.id), eq(invoiceCheckouts.status, row.status))));
    } finally {
      inFlight.delete(row.id);
    }
  }
}

async function connectedAccountOf(deps: AppDeps, hoaId: string): Promise<string | null> {
  const [account] = await deps.database.db.select({ id: connectAccounts.accountId }).from(connectAccounts).where(eq(connectAccounts.hoaId, hoaId)).limit(1);
  return account?.id ?? null;
}

/** `expiring` → expired at the provider. A session paid first is settled as its event would (refunded: the invoice no longer takes it). */
async function expireCheckout(deps: AppDeps, row: CheckoutRow): Promise<void> {
  const account = await connectedAccountOf(deps, row.hoaId);
  const state = account ? await deps.payments.expireInvoiceCheckout({ connectedAccountId: account, sessionId: row.id }) : { status: 'expired' as const, paid: false, paymentIntentId: null };
  if (state.status === 'open') throw new Error('the provider left the session open');
  await deps.database.transaction(async (tx) => {
    const now = await checkoutRow(tx, row.id);
    if (now?.status !== 'expiring') return;
    if (state.status === 'expired') await tx.update(invoiceCheckouts).set({ status: 'expired', updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, row.id));
    else if (state.paid) {
      if (await settleCheckout(deps, tx, now, { status: 'paid', paymentIntentId: state.paymentIntentId, eventAt: null, title: 'Invoice' })) deps.database.afterCommit(() => deps.onEmailQueued?.());
    }
    // Complete but unpaid (a delayed method): its async event settles it; the job looks again later.
    else await tx.update(invoiceCheckouts).set({ updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, row.id));
  });
}

/** `refunding` → refunded at the provider, or `refund_failed` and the board told when the provider refuses. */
async function refundCheckout(deps: AppDeps, row: CheckoutRow): Promise<void> {
  const account = await connectedAccountOf(deps, row.hoaId);
  let refund: { id: string; status: string };
  try {
    if (!row.paymentIntentId || !account) throw new PaymentRefusedError(PAYMENT_MESSAGES.noPaymentReference);
    const metadata = { hoa_id: row.hoaId, invoice_id: row.invoiceId, checkout_id: row.id };
    refund = await deps.payments.refundInvoicePayment({ connectedAccountId: account, paymentIntentId: row.paymentIntentId, metadata, idempotencyKey: `refund:${row.id}` });
  } catch (e) {
    if (!(e instanceof PaymentRefusedError)) throw e;
    return deps.database.transaction(async (tx) => {
      const now = await checkoutRow(tx, row.id);
      if (now?.status === 'refunding') await refundFailed(deps, tx, now, e.message);
    });
  }
  const failed = refund.status === 'failed' || refund.status === 'canceled';
  await deps.database.transaction(async (tx) => {
    const now = await checkoutRow(tx, row.id);
    if (now?.status !== 'refunding') return;
    await tx.update(invoiceCheckouts).set({ status: 'refunded', refundId: refund.id, updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, row.id));
    if (failed) await refundFailed(deps, tx, { ...now, refundId: refund.id }, `The refund ${refund.id} was ${refund.status}.`);
  });
}

/**
 * A refund the provider refused (or that failed later): the row says why, and the HOA's board and
 * superadmins get a mail asking them to refund it themselves. Nothing changes on the invoice.
 */
export async function refundFailed(deps: AppDeps, tx: Tx, checkout: CheckoutRow, reason: string): Promise<void> {
  await tx.update(invoiceCheckouts).set({ status: 'refund_failed', refundError: reason, updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, checkout.id));
  const [hoa] = await tx.select().from(hoas).where(eq(hoas.id, checkout.hoaId)).limit(1);
  const [payer] = await tx.select().from(users).where(and(eq(users.id, checkout.userId), eq(users.hoaId, checkout.hoaId))).limit(1);
  const board = await tx.select().from(users).where(and(eq(users.hoaId, checkout.hoaId), inArray(users.role, PRIVILEGED_ROLES), eq(users.status, 'active'), isNull(users.deletedAt)));
  for (const member of board) {
    const mail = refundFailedEmail({
      hoaName: hoa?.name ?? 'your HOA',
      name: member.name,
      payerName: payer?.name ?? 'A resident',
      amountCents: checkout.amountCents,
      paymentReference: checkout.paymentIntentId ?? checkout.id,
      reason,
      url: `${deps.config.appUrl}/invoices/${checkout.invoiceId}`,
    });
    await queueEmail(deps, tx, { hoaId: checkout.hoaId, to: member.email, toUserId: member.id, ref: `invoice:${checkout.invoiceId}`, ...mail });
  }
  if (board.length) deps.database.afterCommit(() => deps.onEmailQueued?.());
}
