import { boardOnly, signedIn, type MatrixRow } from './types';

/**
 * The activity trail: board and superadmin read their HOA's (the calls name no row: the tenant scope
 * is the caller's HOA, tested in tests/api/activity.test.ts); every member reads their own account's.
 */
export const activityRows: MatrixRow[] = [
  { route: 'GET /api/activity', expect: boardOnly(200), request: () => ({ path: '/api/activity?kind=people' }) },
  { route: 'GET /api/activity/export', expect: boardOnly(200) },
  { route: 'GET /api/activity/actors', expect: boardOnly(200) },
  { route: 'GET /api/activity/mine', expect: signedIn(200) },
];
