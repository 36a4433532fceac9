/**
 * Areas whose issues have not landed yet but whose attachment endpoints exist already (platform
 * services): only their presign routes. Each is replaced by the area's own declaration when built.
 */
import type { UploadFeature } from '../../schema/uploads';
import type { ServerArea } from './types';

export const uploadsOnly = (feature: UploadFeature, download: boolean): ServerArea => ({
  name: feature,
  uploads: { feature, path: `/api/${feature}`, download },
});
