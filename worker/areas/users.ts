/** Users and addresses, server half: REST (docs/decisions/111-users-rest-only.md says why), the bulk add's body limit, the synced members the pickers show and the synced address directory (board and superadmin). */
import { addressSyncArea } from '../domain/addresses/sync';
import { memberSyncArea } from '../domain/members/sync';
import { addressRoutes } from '../routes/addresses';
import { emailChangeRoutes, userRoutes } from '../routes/users';
import { defineServerArea } from '../kit/server-area';

export const usersArea = defineServerArea({
  name: 'users',
  routes: [
    // The bulk add: up to 1,000 rows of a CSV (BULK_MAX_ROWS) in one body.
    { path: '/api/users', router: userRoutes, bodyLimits: { '/bulk': 1024 * 1024 } },
    { path: '/api/addresses', router: addressRoutes },
    // The link of an email change (no sign-in: the token is the key).
    { path: '/api/email-change', router: emailChangeRoutes },
  ],
  sync: [memberSyncArea, addressSyncArea],
});
