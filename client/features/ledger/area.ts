/** The statement of account and receipts, client half: the screens and their guards (the way in is the account menu's entry). */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const StatementPage = lazyPage(() => import('./StatementPage'), 'StatementPage');
const ReceiptPage = lazyPage(() => import('./ReceiptPage'), 'ReceiptPage');

export const ledgerClientArea = defineClientArea({
  routes: [
    { path: '/account', access: 'signed-in', page: StatementPage },
    // A member's statement is the board's; a resident is sent to their own.
    { path: '/account/:userId', access: 'board', denied: '/account', page: StatementPage },
    { path: '/receipts/:id', access: 'signed-in', page: ReceiptPage, firstRead: '/api/ledger/lines/:id' },
  ],
});
