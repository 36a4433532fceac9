import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Request body limits. Every /api route gets `default`; a route that needs more declares its limit
 * where it is mounted (`ServerRoute.bodyLimits`): what its largest legitimate body needs. Rich text
 * is at most 100,000 characters (up to 4 bytes each in UTF-8), a push carries the mutations a client
 * queued while offline, and provider webhooks are the provider's size.
 */
export const BODY_LIMITS = {
  default: 64 * KiB,
  auth: 16 * KiB,
  richText: 1 * MiB,
  /** A multipart upload: one file of at most 10 MB (schema/uploads.ts) and its form framing. */
  upload: 10 * MiB + 64 * KiB,
  /** Stripe's events are a few KiB; anything near this is not one of them. */
  webhook: 512 * KiB,
  push: 8 * MiB,
} as const;

const tooLarge = (c: Context, maxSize: number) => c.json({ message: `The request is too large (at most ${Math.round(maxSize / KiB)} KB).` }, 413);

const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
const limiter = (maxSize: number) => {
  let m = limiters.get(maxSize);
  if (!m) {
    m = bodyLimit({ maxSize, onError: (c) => tooLarge(c, maxSize) });
    limiters.set(maxSize, m);
  }
  return m;
};

/** The limits routes declared (`declareBodyLimits`), by request: the first that matched. */
const declared = new WeakMap<Context, number>();

/**
 * Registers each route's declared body limit (`ServerRoute.bodyLimits`, worker/kit/server-area.ts)
 * on `app`, matched as Hono matches routes (`:param` one segment, a trailing `/*` the rest).
 * Registered before `limitRequestBody`, which applies it.
 */
export function declareBodyLimits(app: Hono<AppEnv>, limits: readonly { path: string; bytes: number }[]): void {
  for (const { path, bytes } of limits) {
    app.use(path, async (c, next) => {
      if (!declared.has(c)) declared.set(c, bytes);
      await next();
    });
  }
}

/**
 * Refuses an oversized body with 413 before anything reads it (also when it arrives without
 * Content-Length): the limit its route declared, else the default.
 */
export const limitRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  // A GET or HEAD has no body. Hono's bodyLimit looks for one on the raw Request, which makes the
  // Node adapter build a full web Request and stream (a quarter of a small push or pull's CPU):
  // a declared length is checked here, and only a body without one is counted as it streams.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const max = declared.get(c) ?? BODY_LIMITS.default;
  const length = c.req.header('content-length');
  if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined) {
    return Number(length) > max ? tooLarge(c, max) : next();
  }
  return limiter(max)(c, next);
});
