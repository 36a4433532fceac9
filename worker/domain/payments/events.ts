/** What the payment webhook hands each event's handler, and the ordering rule the handlers share. */
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { InvoicePaymentDetails, PaymentEvent } from '../../services/payments/types';

/** What a handler did with an event; recorded with the event id. */
export type EventOutcome = 'applied' | 'stale' | 'ignored';

export interface HandlerContext {
  deps: AppDeps;
  tx: Tx;
  event: PaymentEvent;
  /** How an invoice Checkout was paid, asked of the provider before the transaction (checkout events only). */
  details?: InvoicePaymentDetails | null;
  /** Set by handlers that queued mail, so delivery is nudged after commit. */
  queuedEmail: boolean;
}
export type EventHandler = (ctx: HandlerContext) => Promise<EventOutcome>;

/**
 * Ordering rule: an event older than the state it would change is stale. Stripe's `created` has
 * one-second resolution, so an event of the same second still applies, except that nothing of the
 * same second brings a canceled subscription back.
 */
export function isStale(lastEventAt: number | null, eventAt: number, current?: { status: string }, incoming?: { status: string }): boolean {
  if (lastEventAt == null) return false;
  if (eventAt < lastEventAt) return true;
  return eventAt === lastEventAt && current?.status === 'canceled' && incoming?.status !== 'canceled';
}
