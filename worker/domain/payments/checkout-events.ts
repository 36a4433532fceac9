/** An invoice's Checkout at the provider: its session's outcome settles it, a refund's late failure is told to the board. */
import { eq } from 'drizzle-orm';
import { connectAccounts, invoiceCheckouts } from '../../../schema/tables';
import type { HandlerContext, EventHandler } from './events';
import { isStale } from './events';
import { checkoutRow, MONEY_TAKEN, refundFailed, settleCheckout, type CheckoutRow } from './settlement';
import { linkReactivation } from './subscription-events';

function checkoutStatus(type: string, object: Record<string, any>): 'paid' | 'failed' | 'expired' | null {
  if (type === 'checkout.session.expired') return 'expired';
  if (type === 'checkout.session.async_payment_failed') return 'failed';
  if (type === 'checkout.session.async_payment_succeeded') return 'paid';
  // completed: paid by card at once; a delayed method completes unpaid and settles later.
  return object.payment_status === 'paid' ? 'paid' : null;
}

/** checkout.session.*: an invoice Checkout settles (receipt mail, invoices area notified); a reactivation links its subscription. */
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
  if (isStale(checkout.lastEventAt, event.created)) return 'stale';
  const title = String(session.description ?? session.metadata?.title ?? 'Invoice');
  const paymentIntentId = (session.payment_intent as string | null) ?? checkout.paymentIntentId;
  if (await settleCheckout(deps, tx, checkout, { status, paymentIntentId, eventAt: event.created, title })) ctx.queuedEmail = true;
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
  const values = { id: String(s.id), hoaId: String(m.hoa_id), invoiceId: String(m.invoice_id), userId: String(m.user_id), amountCents: s.amount_total, status: 'open' as const, url: String(s.url ?? ''), createdAt: now, updatedAt: now };
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
