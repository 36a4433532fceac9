import { Hono } from 'hono';
import { downloadUrlBody, presignedUrlBody, type UploadFeature } from '../../schema/uploads';
import { completeUpload, presignDownload, presignUpload, type AttachmentReadRule } from '../domain/uploads';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

/**
 * `POST /presigned-url` (and `POST /download-url` where the spec has it) for one area, and
 * `POST /uploads/:uploadId/complete` for an upload the client named (a photo queued offline):
 * 200 {s3Key} once the object is stored as declared, 409 while it is missing, 400 when it is not the
 * declared file, 404 for another user's or HOA's id. Mounted by createApp under the area's path next
 * to the area's own router (worker/areas, `uploads`); these paths are this one's only. Who may upload is decided in domain/uploads.ts; who may download, by
 * the area's `mayRead` beside the default rule.
 */
export function uploadRoutes(feature: UploadFeature, opts: { download: boolean; mayRead?: AttachmentReadRule }) {
  const routes = new Hono<AppEnv>().post('/presigned-url', requireAuth, validate('json', presignedUrlBody), async (c) =>
    c.json(await presignUpload(c.var.deps, c.var.actor, feature, c.req.valid('json'))),
  );
  routes.post('/uploads/:uploadId/complete', requireAuth, async (c) => c.json(await completeUpload(c.var.deps, c.var.actor, feature, c.req.param('uploadId'))));
  if (opts.download) {
    routes.post('/download-url', requireAuth, validate('json', downloadUrlBody), async (c) =>
      c.json(await presignDownload(c.var.deps, c.var.actor, feature, c.req.valid('json').s3Key, opts.mayRead)),
    );
  }
  return routes;
}
