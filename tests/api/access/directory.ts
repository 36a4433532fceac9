import { signedIn, superadminOnly, type MatrixRow } from './types';

/**
 * The resident directory: every member reads it and keeps their own choices; only the superadmin
 * switches it (kept on here: the matrix shares one database). No route names a row: the HOA is the caller's.
 */
export const directoryRows: MatrixRow[] = [
  { route: 'GET /api/directory', expect: signedIn(200) },
  { route: 'GET /api/directory/me', expect: signedIn(200) },
  { route: 'PUT /api/directory/me', expect: signedIn(200), request: () => ({ body: { listed: false, share_email: false, share_phone: false } }) },
  { route: 'GET /api/directory/settings', expect: signedIn(200) },
  { route: 'PUT /api/directory/settings', expect: superadminOnly(200), request: () => ({ body: { enabled: true } }) },
];
