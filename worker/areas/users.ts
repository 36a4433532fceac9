/** Users and addresses, server half (platform §2, §4–§7): REST only (docs/decisions/111-users-rest-only.md says why), and the bulk add's body limit. */
import { addressRoutes } from '../routes/addresses';
import { userRoutes } from '../routes/users';
import type { ServerArea } from './types';

export const usersArea: ServerArea = {
  name: 'users',
  routes: [
    { path: '/api/users', router: userRoutes },
    { path: '/api/addresses', router: addressRoutes },
  ],
  // Up to 1,000 rows of a CSV (BULK_MAX_ROWS) in one body.
  bodyLimits: [['/api/users/bulk', 1024 * 1024]],
};
