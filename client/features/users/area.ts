/** Users and addresses, client half: /users and /addresses, board and superadmin, each in the navigation. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const UsersPage = lazyPage(() => import('./UsersPage'), 'UsersPage');
const AddressesPage = lazyPage(() => import('../addresses/AddressesPage'), 'AddressesPage');
const ConfirmEmailPage = lazyPage(() => import('./ConfirmEmailPage'), 'ConfirmEmailPage');

export const usersClientArea = defineClientArea({
  routes: [
    { path: '/users', access: 'board', page: UsersPage },
    { path: '/addresses', access: 'board', page: AddressesPage },
    // The link of an email change: whoever opens it, signed in or not.
    { path: '/confirm-email', access: 'open', page: ConfirmEmailPage },
  ],
  nav: [
    { label: 'Users', href: '/users' },
    { label: 'Addresses', href: '/addresses' },
  ],
});
