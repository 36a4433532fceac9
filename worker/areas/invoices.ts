/** Invoices, server half: REST, the payment account, the synced invoices, the status and waiver mutators, the overdue, late fee and Checkout follow-up jobs, the paid Checkout's listener. */
import type { invoiceMutators } from '../../sync/areas/invoices';
import { addLateFees, markOverdueInvoices, setInvoiceStatus, waiveLateFee } from '../domain/invoices';
import { bankPaymentInFlight } from '../domain/invoices/processing';
import { markInvoicePaid } from '../domain/invoices/status';
import { invoiceSyncArea } from '../domain/invoices/sync';
import { finishInvoiceCheckouts } from '../domain/payments';
import { invoiceRoutes } from '../routes/invoices';
import { stripeConnectRoutes } from '../routes/stripe-connect';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

const mutators: ServerMutators<keyof typeof invoiceMutators> = {
  setInvoiceStatus: (deps, tx, actor, args) => setInvoiceStatus(deps, tx, actor, args.id, args),
  waiveLateFee: (deps, tx, actor, args) => waiveLateFee(deps, tx, actor, args.id, { reason: args.reason }),
};

export const invoicesArea = defineServerArea({
  name: 'invoices',
  routes: [
    { path: '/api/invoices', router: invoiceRoutes },
    // The HOA's account the invoices are paid into.
    { path: '/api/stripe-connect', router: stripeConnectRoutes },
  ],
  sync: [invoiceSyncArea],
  mutators,
  jobs: [
    { name: 'mark-overdue-invoices', run: (deps) => markOverdueInvoices(deps) },
    // Each open invoice's late fee once its due date and grace days have passed (once per invoice, ever).
    { name: 'add-late-fees', run: (deps) => addLateFees(deps) },
    // Checkout expiries and refunds not yet done at the provider (each is first tried right after its commit).
    { name: 'finish-invoice-checkouts', run: (deps) => finishInvoiceCheckouts(deps) },
  ],
  // A paid Checkout marks its invoice paid, in the webhook's transaction (an error rolls the event back for the provider's retry).
  listeners: { invoicePaid: markInvoicePaid, invoicePaymentInFlight: bankPaymentInFlight },
});
