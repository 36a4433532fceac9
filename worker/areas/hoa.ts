/** The HOA's own settings, server half (issue 36, item 25): REST only (its time zone, on /profile). */
import { hoaRoutes } from '../routes/hoa';
import type { ServerArea } from './types';

export const hoaArea: ServerArea = {
  name: 'hoa',
  routes: [{ path: '/api/hoa', router: hoaRoutes }],
};
