/**
 * Payments, by concern: the webhook (webhooks.ts) and its events (subscriptions, the connected
 * account, invoice Checkouts), starting an invoice's Checkout (checkout.ts), and settling it once
 * (settlement.ts). The local provider's wiring is the entries' (worker/dev/local-payments.ts).
 */
export { ensureConnectAccount, startInvoiceCheckout } from './checkout';
export type { EventHandler, EventOutcome, HandlerContext } from './events';
export { PAYMENT_MESSAGES } from './messages';
export {
  CHECKOUT_FOLLOW_UP_RETRY_MS,
  closeInvoiceCheckouts,
  finishInvoiceCheckouts,
  type InvoicePaidListener,
  type InvoicePayment,
  type InvoicePaymentInFlight,
  type InvoicePaymentInFlightListener,
} from './settlement';
export { eventHandlers, receiveWebhook, WEBHOOK_MESSAGES } from './webhooks';
