import { boardOnly, type MatrixRow } from './types';

/** Dashboard figures (residents are sent to /announcements; the API refuses them). */
export const dashboardRows: MatrixRow[] = [
  { route: 'GET /api/dashboard/metrics', expect: boardOnly(200) },
  { route: 'GET /api/dashboard/recent-activity', expect: boardOnly(200) },
];
