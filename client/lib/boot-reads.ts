/**
 * The first screen's REST read the boot script (vite/boot.ts) sent with the start-up refresh's token,
 * for a route that declares one (`firstRead` in client/app/route-def.ts): the REST client takes its
 * answer instead of sending the same read again (`api` in ./api.ts). Taken once, and only while the
 * page starts: later the screen reads afresh.
 */
import { BOOT_READS_KEY } from './session-keys';

/** A boot read older than this is not used (the screen that wanted it would have taken it by then). */
const FRESH_FOR_MS = 10_000;

export function takeBootRead(path: string): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const reads = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[BOOT_READS_KEY];
  const read = reads?.[path];
  if (!read) return null;
  delete reads[path];
  return performance.now() < FRESH_FOR_MS ? read : null;
}
