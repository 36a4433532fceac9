import { superadminOnly, type MatrixRow } from './types';

/** The HOA's settings: the superadmin's, always their own HOA (the call names no row). */
export const hoaRows: MatrixRow[] = [{ route: 'PUT /api/hoa/time-zone', expect: superadminOnly(200), request: () => ({ body: { time_zone: 'America/Denver' } }) }];
