/**
 * Areas that act on platform events, one line per listener. The payment webhook calls these inside
 * its transaction (a listener's error rolls the event back, so the provider's retry runs it again).
 */
import { markInvoicePaid } from '../domain/invoices/status';
import type { InvoicePaidListener } from '../domain/payments';

export const platformListeners: { invoicePaid: InvoicePaidListener[] } = {
  invoicePaid: [markInvoicePaid],
};
