/** The payment provider's webhook: each event verified, recorded once, and dispatched to its handler. */
import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import { WebhookSignatureError, type PaymentEvent } from '../../services/payments/types';
import { badRequest } from '../errors';
import { applyAccount } from './account-events';
import { autopayCharge, setupSucceeded } from './autopay-events';
import { applyCheckout, describeCheckoutPayment, refundUpdated } from './checkout-events';
import type { EventHandler, EventOutcome, HandlerContext } from './events';
import { applySubscription, paymentFailed, trialWillEnd } from './subscription-events';

/**
 * The dispatch table. Events not listed are acknowledged and recorded as ignored:
 * `invoice.paid` changes the subscription's status, which arrives as `customer.subscription.updated`;
 * the signup's `setup_intent.succeeded` is confirmed by the signup call itself (autopay's saves a method).
 */
export const eventHandlers: Record<string, EventHandler> = {
  'customer.subscription.created': applySubscription,
  'customer.subscription.updated': applySubscription,
  'customer.subscription.deleted': applySubscription,
  'customer.subscription.paused': applySubscription,
  'customer.subscription.resumed': applySubscription,
  'customer.subscription.trial_will_end': trialWillEnd,
  'invoice.payment_failed': paymentFailed,
  'account.updated': applyAccount,
  'checkout.session.completed': applyCheckout,
  'checkout.session.async_payment_succeeded': applyCheckout,
  'checkout.session.async_payment_failed': applyCheckout,
  'checkout.session.expired': applyCheckout,
  'refund.updated': refundUpdated,
  'refund.failed': refundUpdated,
  'charge.refund.updated': refundUpdated,
  'setup_intent.succeeded': setupSucceeded,
  'payment_intent.succeeded': autopayCharge,
  'payment_intent.payment_failed': autopayCharge,
};

export const WEBHOOK_MESSAGES = { invalidSignature: 'Invalid webhook signature' } as const;

/**
 * POST /api/webhooks/stripe and the local provider's events: verify the signature, then in one
 * transaction record the event id (a replay or duplicate stops here) and apply it. A handler error
 * rolls back both, so the provider's retry processes the event again.
 */
export async function receiveWebhook(deps: AppDeps, rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean; outcome: EventOutcome | null }> {
  let event: PaymentEvent;
  try {
    event = await deps.payments.verifyWebhook(rawBody, signature, deps.clock());
  } catch (e) {
    if (e instanceof WebhookSignatureError) throw badRequest(WEBHOOK_MESSAGES.invalidSignature);
    throw e;
  }
  const seenBefore = async (db: DbOrTx) => (await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id)).limit(1)).length > 0;
  // Provider calls stay outside the transaction (a replay makes none).
  const details = (await seenBefore(deps.database.db)) ? null : await describeCheckoutPayment(deps, event);
  const result = await deps.database.transaction(async (tx) => {
    if (await seenBefore(tx)) return { duplicate: true, outcome: null, queuedEmail: false };
    const ctx: HandlerContext = { deps, tx, event, details, queuedEmail: false };
    const handler = eventHandlers[event.type];
    const outcome = handler ? await handler(ctx) : 'ignored';
    await tx.insert(paymentEvents).values({ id: event.id, type: event.type, createdAt: event.created, processedAt: deps.clock(), outcome });
    return { duplicate: false, outcome, queuedEmail: ctx.queuedEmail };
  });
  if (result.queuedEmail) deps.onEmailQueued?.();
  return { received: true, duplicate: result.duplicate, outcome: result.outcome };
}
