/** Invoices, server half (community §1–§9, platform §3): REST, the payment account, the status mutator, the overdue job. */
import type { invoiceMutators } from '../../sync/areas/invoices';
import { markOverdueInvoices, setInvoiceStatus } from '../domain/invoices';
import { invoiceRoutes } from '../routes/invoices';
import { stripeConnectRoutes } from '../routes/stripe-connect';
import type { ServerArea, ServerMutators } from './types';

const mutators: ServerMutators<keyof typeof invoiceMutators> = {
  setInvoiceStatus: (deps, tx, actor, args) => setInvoiceStatus(deps, tx, actor, args.id, args.status),
};

export const invoicesArea: ServerArea = {
  name: 'invoices',
  routes: [
    { path: '/api/invoices', router: invoiceRoutes },
    // The HOA's account the invoices are paid into.
    { path: '/api/stripe-connect', router: stripeConnectRoutes },
  ],
  mutators,
  jobs: [{ name: 'mark-overdue-invoices', run: (deps) => markOverdueInvoices(deps) }],
};
