/** Dues and invoices, client half: the screens and their guards, and the Dues entry. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';
import { DUES_FIRST_PAGE } from './first-page';

const DuesPage = lazyPage(() => import('./DuesPage'), 'DuesPage');
const DueCreatePage = lazyPage(() => import('./DueCreatePage'), 'DueCreatePage');
const DueDetailPage = lazyPage(() => import('./DueDetailPage'), 'DueDetailPage');
const InvoiceDetailPage = lazyPage(() => import('./InvoiceDetailPage'), 'InvoiceDetailPage');
const StripeSetupPage = lazyPage(() => import('./StripeSetupPage'), 'StripeSetupPage');

export const duesClientArea = defineClientArea({
  routes: [
    // A first visit shows the dues over REST until the cache has them (dueList's firstPage).
    { path: '/dues', access: 'signed-in', page: DuesPage, firstRead: DUES_FIRST_PAGE },
    // Others are sent back to /dues.
    { path: '/dues/create', access: 'board', denied: '/dues', page: DueCreatePage },
    { path: '/dues/:id', access: 'signed-in', page: DueDetailPage, firstRead: '/api/dues/:id' },
    { path: '/invoices/:id', access: 'signed-in', page: InvoiceDetailPage, firstRead: '/api/invoices/:id' },
    { path: '/stripe-setup', access: 'superadmin', page: StripeSetupPage },
  ],
  nav: [{ label: 'Dues', href: '/dues', alsoActive: ['/invoices'] }],
});
