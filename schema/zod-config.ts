import { z } from 'zod';

/**
 * zod's JIT off: it compiles each object schema's parser with `new Function` (and first probes with
 * `new Function('')`), which the app's CSP (no `unsafe-eval`) refuses and reports. zod reads the
 * setting when it builds an object schema, so this runs before any is built: `lazy` calls it before
 * its first build (every schema of schema/ and sync/, so on the client nothing reaches zod sooner),
 * and the worker's entries import worker/zod-config.ts before their own schemas. Not at import:
 * schema/ makes no zod call then (docs/decisions/169-lazy-schemas.md).
 */
export function configureZod() {
  if (!z.config().jitless) z.config({ jitless: true });
}
