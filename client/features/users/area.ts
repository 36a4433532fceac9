/** Users and addresses, client half: /users and /addresses, board and superadmin (platform §2). */
import { lazyPage, type RouteDef } from '../../app/route-def';

const UsersPage = lazyPage(() => import('./UsersPage'), 'UsersPage');
const AddressesPage = lazyPage(() => import('../addresses/AddressesPage'), 'AddressesPage');

export const userRoutes: RouteDef[] = [
  { path: '/users', access: 'board', page: UsersPage },
  { path: '/addresses', access: 'board', page: AddressesPage },
];
