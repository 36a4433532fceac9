import { all, boardOnly, signedIn, type MatrixRow } from './types';

/** Platform services: presigned upload URLs of the four areas (downloads are in each area's rows), and the payment webhook. */
const pdf = { fileName: 'minutes.pdf', fileType: 'application/pdf', fileSize: 2048 };

export const servicesRows: MatrixRow[] = [
  { route: 'POST /api/announcements/presigned-url', expect: boardOnly(200), request: () => ({ body: pdf }) },
  { route: 'POST /api/documents/presigned-url', expect: boardOnly(200), request: () => ({ body: { ...pdf, feature: 'documents' } }) },
  { route: 'POST /api/requests/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  // Residents attach files to violation messages, so they may upload here too (docs/decisions/067-presigned-uploads-per-area.md).
  { route: 'POST /api/violations/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  // No session on webhooks: the signature is the authentication, and an unsigned call is a 400 for everyone.
  { route: 'POST /api/webhooks/stripe', expect: all(400), request: () => ({ body: { id: 'evt_1', type: 'account.updated' } }) },
];
