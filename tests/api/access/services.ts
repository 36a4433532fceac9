import type { UploadFeature } from '../../../schema/uploads';
import type { fakeStorage } from '../../helpers/services';
import { call, DEMO, login } from '../../helpers/http';
import { all, boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/** Platform services: presigned upload URLs of the four areas (downloads are in each area's rows), and the payment webhook. */
const pdf = { fileName: 'minutes.pdf', fileType: 'application/pdf', fileSize: 2048 };

/**
 * An upload the caller named and whose object has arrived (the fake storage is told, as a browser's PUT
 * would): its completion path. A resident completes a board feature's upload of the board member's.
 */
async function arrivedUpload(ctx: MatrixContext, feature: UploadFeature, token: string) {
  const uploadId = crypto.randomUUID();
  const body = { ...pdf, uploadId, ...(feature === 'documents' ? { feature } : {}) };
  const up = await call(ctx.t, 'POST', `/api/${feature}/presigned-url`, { token, body });
  (ctx.t.deps.storage as ReturnType<typeof fakeStorage>).receive(up.json.s3Key, pdf.fileSize, pdf.fileType);
  return { path: `/api/${feature}/uploads/${uploadId}/complete` };
}
const uploaderToken = (ctx: MatrixContext, feature: UploadFeature, who: Who) =>
  who === 'anon' || (who === 'resident' && (feature === 'announcements' || feature === 'documents')) ? ctx.token.board : ctx.token[who];
const completeRow = (feature: UploadFeature, expect: MatrixRow['expect']): MatrixRow => ({
  route: `POST /api/${feature}/uploads/:uploadId/complete`,
  expect,
  request: (ctx, who) => arrivedUpload(ctx, feature, uploaderToken(ctx, feature, who)),
  otherHoa: { request: async (ctx) => arrivedUpload(ctx, feature, (await login(ctx.t, DEMO.cedar.board)).token), expect: feature === 'announcements' || feature === 'documents' ? { resident: 403, board: 404, superadmin: 404 } : 404 },
});

export const servicesRows: MatrixRow[] = [
  // Completing an upload the device named (a photo queued offline): only the uploader's own; another HOA's is a 404.
  completeRow('announcements', boardOnly(200)),
  completeRow('documents', boardOnly(200)),
  completeRow('requests', signedIn(200)),
  completeRow('violations', signedIn(200)),
  { route: 'POST /api/announcements/presigned-url', expect: boardOnly(200), request: () => ({ body: pdf }) },
  { route: 'POST /api/documents/presigned-url', expect: boardOnly(200), request: () => ({ body: { ...pdf, feature: 'documents' } }) },
  { route: 'POST /api/requests/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  // Residents attach files to violation messages, so they may upload here too (docs/decisions/067-presigned-uploads-per-area.md).
  { route: 'POST /api/violations/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  // No session on webhooks: the signature is the authentication, and an unsigned call is a 400 for everyone.
  { route: 'POST /api/webhooks/stripe', expect: all(400), request: () => ({ body: { id: 'evt_1', type: 'account.updated' } }) },
];
