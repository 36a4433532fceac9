/**
 * Names the session shares with the boot script (vite/boot.ts), which runs before the bundle and
 * so cannot import them: this module imports nothing.
 */

/** localStorage key of the signed-in flag (holds the last known user). */
export const SIGNED_IN_KEY = 'hoa.signedIn';

/** The Web Lock every refresh of this browser takes (refresh tokens rotate; two at once would replay one). */
export const REFRESH_LOCK_NAME = 'hoa-session-refresh';

/** The window property holding the refresh the boot script started (a Promise<Response>). */
export const BOOT_REFRESH_KEY = '__hoaBootRefresh';

/** The window property holding the first screen's REST read the boot script sent (path → Promise<Response>), taken once (client/lib/boot-reads.ts). */
export const BOOT_READS_KEY = '__hoaBootReads';

/** The window property listing the sync engine's chunks (their URLs), for the app to preload a few per task (client/lib/replicache.ts). */
export const ENGINE_CHUNKS_KEY = '__hoaEngineChunks';

/** The refresh call's path. */
export const REFRESH_PATH = '/api/auth/refresh';

/** Every API call gives up after this long. */
export const API_TIMEOUT_MS = 10_000;
