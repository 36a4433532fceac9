/** An invoice's Checkout at the provider: its session's outcome settles it, a refund's late failure is told to the board. */
import { eq } from 'drizzle-orm';
import { connectAccounts, invoiceCheckouts } from '../../../schema/tables';
import type { HandlerContext, EventHandler } from './events';
import { isStale } from './events';
import type { AppDeps } from '../../deps';
import type { InvoicePaymentDetails, PaymentEvent } from '../../services/payments/types';
import { PAYMENT_MESSAGES } from './messages';
import { checkoutRow, MONEY_TAKEN, refundFailed, settleCheckout, settleInFlight, type CheckoutRow } from './settlement';
import { linkReactivation } from './subscription-events';

type CheckoutOutcome = 'paid' | 'failed' | 'expired' | 'processing';

function checkoutStatus(type: string, object: Record<string, any>): CheckoutOutcome | null {
  if (type === 'checkout.session.expired') return 'expired';
  if (type === 'checkout.session.async_payment_failed') return 'failed';
  if (type === 'checkout.session.async_payment_succeeded') return 'paid';
  // completed: paid by card at once; a bank payment completes unpaid and settles days later.
  if (object.payment_status === 'paid') return 'paid';
  return object.payment_status === 'unpaid' ? 'processing' : null;
}

/** Events whose payment the receipt (or the failure mail) names: the provider is asked how it was paid, before the transaction. */
const DESCRIBED = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']);

/**
 * How an invoice Checkout was paid, asked of the provider outside the webhook's transaction (Stripe's
 * session events do not carry it). A provider error leaves it unknown: the payment still settles, its
 * receipt then says "Online payment".
 */
export async function describeCheckoutPayment(deps: AppDeps, event: PaymentEvent): Promise<InvoicePaymentDetails | null> {
  const s = event.object;
  if (!DESCRIBED.has(event.type) || s.metadata?.kind !== 'invoice' || !event.account || !s.id) return null;
  try {
    return await deps.payments.describeInvoicePayment({ connectedAccountId: event.account, sessionId: String(s.id) });
  } catch (e) {
    console.error(`checkout ${s.id}: could not read how it was paid`, e);
    return null;
  }
}

/**
 * checkout.session.*: an invoice Checkout settles (receipt mail, invoices area notified), or its bank
 * payment starts processing or fails (the invoice shows it; a failure mails the resident); a
 * reactivation links its subscription.
 */
export const applyCheckout: EventHandler = async (ctx) => {
  const { tx, event, deps } = ctx;
  const session = event.object;
  if (session.metadata?.kind === 'reactivation') return linkReactivation(ctx);

  const checkout = (await checkoutRow(tx, String(session.id))) ?? (await recordUnknownCheckout(ctx));
  if (!checkout) return 'ignored';
  const status = checkoutStatus(event.type, session);
  if (!status) return 'ignored';
  // A payment is settled or refunded once: a late "expired" or "failed", or a second "paid", changes nothing.
  if (MONEY_TAKEN.includes(checkout.status)) return 'stale';
  // A bank payment starts processing once, and fails once (a failure reported first is not undone by a late "completed").
  if ((status === 'processing' && !['open', 'expiring'].includes(checkout.status)) || (status === 'failed' && checkout.status === 'failed')) return 'stale';
  if (isStale(checkout.lastEventAt, event.created)) return 'stale';
  const title = String(session.description ?? session.metadata?.title ?? 'Invoice');
  const paymentIntentId = (session.payment_intent as string | null) ?? checkout.paymentIntentId;
  const method = ctx.details ?? undefined;
  if (status === 'processing' || status === 'failed') {
    const stage = status === 'processing' ? 'processing' : 'failed';
    const reason = ctx.details?.failureReason ?? (stage === 'failed' ? PAYMENT_MESSAGES.bankPaymentFailed : null);
    if (await settleInFlight(deps, tx, checkout, { stage, paymentIntentId, eventAt: event.created, method, reason })) ctx.queuedEmail = true;
    return 'applied';
  }
  if (await settleCheckout(deps, tx, checkout, { status, paymentIntentId, eventAt: event.created, title, method })) ctx.queuedEmail = true;
  return 'applied';
};

/**
 * An invoice Checkout the app has no row for (the provider created it but the row was never written,
 * or a second tab's session): recorded from its metadata when the HOA's own connected account took it.
 */
async function recordUnknownCheckout({ tx, event, deps }: HandlerContext): Promise<CheckoutRow | undefined> {
  const s = event.object;
  const m = s.metadata ?? {};
  if (m.kind !== 'invoice' || !m.hoa_id || !m.invoice_id || !m.user_id || typeof s.amount_total !== 'number') return undefined;
  const [account] = await tx.select().from(connectAccounts).where(eq(connectAccounts.hoaId, String(m.hoa_id))).limit(1);
  if (!account || account.accountId !== event.account) return undefined;
  const now = deps.clock();
  // What the invoice asked: the session's total less a processing fee passed on.
  const feeCents = Number(m.fee_cents ?? 0) || 0;
  const values = { id: String(s.id), hoaId: String(m.hoa_id), invoiceId: String(m.invoice_id), userId: String(m.user_id), amountCents: s.amount_total - feeCents, feeCents, status: 'open' as const, url: String(s.url ?? ''), createdAt: now, updatedAt: now };
  return (await tx.insert(invoiceCheckouts).values(values).returning())[0];
}

/**
 * refund.updated / charge.refund.updated / refund.failed: a refund the provider accepted can still
 * fail later (a closed card account); the board is then told as for a refused one.
 */
export const refundUpdated: EventHandler = async (ctx) => {
  const refund = ctx.event.object;
  const checkoutId = refund.metadata?.checkout_id;
  if (refund.status !== 'failed' || !checkoutId) return 'ignored';
  const checkout = await checkoutRow(ctx.tx, String(checkoutId));
  if (checkout?.status !== 'refunded' || checkout.refundId !== refund.id) return 'ignored';
  await refundFailed(ctx.deps, ctx.tx, checkout, `The refund failed after it was accepted (${refund.failure_reason ?? 'no reason given'}).`);
  ctx.queuedEmail = true;
  return 'applied';
};
