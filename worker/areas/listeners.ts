/**
 * Areas that act on platform events, one line per listener. The payment webhook calls these inside
 * its transaction (a listener's error rolls the event back, so the provider's retry runs it again).
 */
import { markInvoicePaid } from '../domain/invoices/status';
import type { InvoicePaidListener } from '../domain/payments';

export const platformListeners: { invoicePaid: InvoicePaidListener[] } = {
  // Called through a wrapper: invoices/status closes Checkouts through domain/payments, which imports
  // this list, so at import time markInvoicePaid may not be defined yet (issue 37 removes the circle).
  invoicePaid: [(...a) => markInvoicePaid(...a)],
};
