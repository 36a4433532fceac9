import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Request body limits. Every /api route gets `default`; the routes listed here get what their largest
 * legitimate body needs. Rich text is at most 100,000 characters (up to 4 bytes each in UTF-8), a push
 * carries the mutations a client queued while offline, and provider webhooks are the provider's size.
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

/** Platform route patterns (exact path, `:param` segments, or a prefix ending in `/*`) with another limit than the default. */
const PLATFORM_LIMITS: [pattern: string, bytes: number][] = [
  ['/api/auth/*', BODY_LIMITS.auth],
  ['/api/sync/push', BODY_LIMITS.push],
  ['/api/webhooks/*', BODY_LIMITS.webhook],
];

/** A route pattern as a RegExp, built once: `:param` is one non-empty segment, a trailing `/*` any rest. */
function patternRegExp(pattern: string): RegExp {
  const prefix = pattern.endsWith('/*');
  const parts = (prefix ? pattern.slice(0, -2) : pattern).split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}${prefix ? '/' : '$'}`);
}

/** The limit of the first pattern the path matches, else the default. */
export function bodyLimits(limits: [pattern: string, bytes: number][]): (path: string) => number {
  const compiled = limits.map(([pattern, bytes]) => [patternRegExp(pattern), bytes] as const);
  return (path) => compiled.find(([re]) => re.test(path))?.[1] ?? BODY_LIMITS.default;
}

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

/**
 * Refuses an oversized body with 413 before anything reads it (also when it arrives without
 * Content-Length). `areaLimits`: the areas' own larger routes (rich text), `ServerArea.bodyLimits`.
 */
export function limitRequestBody(areaLimits: [string, number][]) {
  const limitFor = bodyLimits([...PLATFORM_LIMITS, ...areaLimits]);
  return createMiddleware<AppEnv>(async (c, next) => {
    // A GET or HEAD has no body. Hono's bodyLimit looks for one on the raw Request, which makes the
    // Node adapter build a full web Request and stream (a quarter of a small push or pull's CPU):
    // a declared length is checked here, and only a body without one is counted as it streams.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = limitFor(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > max ? tooLarge(c, max) : next();
    }
    return limiter(max)(c, next);
  });
}
