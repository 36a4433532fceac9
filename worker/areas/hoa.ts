/** The HOA's own settings, server half: REST only (its time zone, on /profile). */
import { hoaRoutes } from '../routes/hoa';
import { defineServerArea } from '../kit/server-area';

export const hoaArea = defineServerArea({
  name: 'hoa',
  routes: [{ path: '/api/hoa', router: hoaRoutes }],
});
