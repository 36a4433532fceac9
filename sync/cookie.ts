/**
 * The pull's cookie, shared by the server that writes it (worker/sync/pull.ts) and the app's puller
 * that reads it: the CVR version handed out, and `more` while a first pull is still coming in chunks.
 */
export interface SyncCookie {
  order: number;
  /** The view is not whole yet (cut at the row budget): pull again at once for the rest. */
  more?: true;
}

/** A cookie the server cut at its row budget: more chunks follow. */
export const cookieSaysMore = (cookie: unknown): boolean => typeof cookie === 'object' && cookie !== null && (cookie as SyncCookie).more === true;
