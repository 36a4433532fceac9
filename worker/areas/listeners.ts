/**
 * Areas that act on platform events, one line per listener. The payment webhook calls these inside
 * its transaction (a listener's error rolls the event back, so the provider's retry runs it again).
 * Issue "Dues and invoices" adds the invoices area's `invoicePaid` listener here.
 */
import type { InvoicePaidListener } from '../domain/payments';

export const platformListeners: { invoicePaid: InvoicePaidListener[] } = {
  invoicePaid: [],
};
