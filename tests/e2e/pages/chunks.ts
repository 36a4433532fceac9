/** Holding one of the app's lazy chunks back, as a slow network would, to see the page before it arrives. */
import type { BrowserContext } from 'playwright-core';

/**
 * Holds a chunk (e.g. `RichTextEditor`, `sync-engine`) back until `release`; `requested` once the
 * page asked for it. A later hold of the same chunk stands before this one (the newest route first).
 */
export async function holdChunk(context: BrowserContext, name: string) {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const hold = { requested: false, release };
  await context.route(`**/assets/${name}-*.js`, async (route) => {
    hold.requested = true;
    await released;
    await route.continue();
  });
  return hold;
}
