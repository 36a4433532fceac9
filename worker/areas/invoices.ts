/** Invoices, server half (community §1–§9, platform §3): REST, the payment account, the status mutator, the overdue and Checkout follow-up jobs. */
import type { invoiceMutators } from '../../sync/areas/invoices';
import { markOverdueInvoices, setInvoiceStatus } from '../domain/invoices';
import { finishInvoiceCheckouts } from '../domain/payments';
import { invoiceRoutes } from '../routes/invoices';
import { stripeConnectRoutes } from '../routes/stripe-connect';
import type { ServerArea, ServerMutators } from './types';

const mutators: ServerMutators<keyof typeof invoiceMutators> = {
  setInvoiceStatus: (deps, tx, actor, args) => setInvoiceStatus(deps, tx, actor, args.id, args),
};

export const invoicesArea: ServerArea = {
  name: 'invoices',
  routes: [
    { path: '/api/invoices', router: invoiceRoutes },
    // The HOA's account the invoices are paid into.
    { path: '/api/stripe-connect', router: stripeConnectRoutes },
  ],
  mutators,
  jobs: [
    { name: 'mark-overdue-invoices', run: (deps) => markOverdueInvoices(deps) },
    // Checkout expiries and refunds not yet done at the provider (each is first tried right after its commit).
    { name: 'finish-invoice-checkouts', run: (deps) => finishInvoiceCheckouts(deps) },
  ],
};
