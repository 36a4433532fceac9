import { announcementRows } from './announcements';
import { authRows } from './auth';
import { billingRows } from './billing';
import { dashboardRows } from './dashboard';
import { documentRows } from './documents';
import { requestRows } from './requests';
import { servicesRows } from './services';
import type { MatrixRow } from './types';
import { syncRows } from './sync';

/** The access matrix of ARCHITECTURE.md: every registered /api route, one area file each. */
export const accessMatrix: MatrixRow[] = [...authRows, ...syncRows, ...servicesRows, ...announcementRows, ...documentRows, ...requestRows, ...dashboardRows, ...billingRows];
