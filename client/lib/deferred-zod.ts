/**
 * zod as the client's build sees it: vite.config.ts points `zod` here. zod is about a tenth of the
 * JavaScript a signed-in screen loaded before its first paint, yet no screen needs it to paint: every
 * schema is built on first use (schema/lazy.ts), and a screen checks a form only when it is sent. So
 * it loads once the first screen has settled (main.tsx), beside the sync engine, which waits for it.
 *
 * The rule this brings: nothing reads a schema while a screen first renders. What checks input
 * awaits `loadZod()` first (the form hooks, the dialogs), or checks while the user types once
 * `useZodArrived()`. A screen shown from a REST row, whose values the area's schema names, waits for
 * zod with the row (use-synced-entity.ts), and the boot script preloads it for such screens
 * (vite/route-preloads.ts). tests/e2e/before-schemas.e2e.test.ts opens every screen with zod held back.
 */
import { useEffect, useState } from 'react';

type Members = typeof import('./zod-members').zodMembers;

let members: Members | null = null;
let arriving: Promise<void> | null = null;

/** Loads zod once; resolves when schemas can be built (at once when they can). */
export function loadZod(): Promise<void> {
  arriving ??= import('./zod-members').then(
    (m) => {
      members = m.zodMembers;
    },
    (e: unknown) => {
      // A failed chunk load (offline, a new deploy) may be tried again.
      arriving = null;
      throw e;
    },
  );
  return arriving;
}

/** Whether zod has arrived. */
export const zodArrived = () => members !== null;

/** Whether zod has arrived, rendering again once it has (loading it): for a check shown while the user types. */
export function useZodArrived(): boolean {
  const [arrived, setArrived] = useState(zodArrived);
  useEffect(() => {
    if (arrived) return;
    let live = true;
    void loadZod().then(() => live && setArrived(true));
    return () => {
      live = false;
    };
  }, [arrived]);
  return arrived;
}

/** `z`, each member read from zod once it has arrived; before, a read throws (a schema read too early). */
export const z = new Proxy({} as Members, {
  get(_, key) {
    if (!members) throw new Error(`zod has not arrived yet (z.${String(key)}): a schema was read before loadZod() resolved`);
    return Reflect.get(members, key);
  },
});
