import { signedIn, superadminOnly, type MatrixRow } from './types';

/** The HOA's settings: the superadmin's, always their own HOA (the call names no row); every member reads who pays the fees. */
export const hoaRows: MatrixRow[] = [
  { route: 'PUT /api/hoa/time-zone', expect: superadminOnly(200), request: () => ({ body: { time_zone: 'America/Denver' } }) },
  { route: 'GET /api/hoa/processing-fees', expect: signedIn(200) },
  { route: 'PUT /api/hoa/processing-fees', expect: superadminOnly(200), request: () => ({ body: { processing_fees: 'passed_on' } }) },
];
