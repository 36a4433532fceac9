import { ZodError } from 'zod';
import type { FieldError } from '../../schema/validation';

/** An error the API answers with its own status and message (never a 500). */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 422 | 429 | 503,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
/** A single-field validation failure in the API's `errors: [{path,msg}]` shape. */
export const invalidField = (path: string, msg: string) => new AppError(400, msg, [{ path, msg }]);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
/** Rows of another HOA, or rows the actor may not see, answer this and nothing else. */
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });

/**
 * A failure worth retrying as is, raised on purpose (the push's TemporaryPushError is one): REST
 * answers it 503 with Retry-After, the push stops without advancing.
 */
export class TemporaryError extends Error {}

/** Error codes of the database driver (libSQL, Hrana) and the runtime's network that mean "try again". */
const TEMPORARY_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SERVER_ERROR',
  'HRANA_WEBSOCKET_ERROR',
  'HRANA_CLOSED_ERROR',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
]);
const isTemporaryCode = (code: unknown) =>
  typeof code === 'string' && (TEMPORARY_CODES.has(code) || /^SQLITE_(BUSY|LOCKED|IOERR)_/.test(code) || code.startsWith('UND_ERR_'));
/** What runtimes say when a fetch (Hrana over HTTP) never got an answer: fixed texts, never the client's. */
const NETWORK_FAILURES = new Set(['fetch failed', 'Network connection lost.']);

/**
 * Database busy, locked, full or unreachable: worth retrying as is. Decided by error type and driver
 * code only: a refusal (AppError, invalid arguments) never is, and no message text that could carry
 * what a client sent takes part. The push (worker/sync/push.ts) and the app's error handler
 * (worker/app.ts, 503 + Retry-After) both ask this.
 */
export function isTemporaryError(e: unknown): boolean {
  if (e instanceof TemporaryError) return true;
  if (e instanceof AppError || e instanceof ZodError) return false;
  for (let err: any = e, depth = 0; err && typeof err === 'object' && depth < 5; err = err.cause, depth++) {
    if (isTemporaryCode(err.code)) return true;
    if (err instanceof TypeError && NETWORK_FAILURES.has(err.message)) return true;
  }
  return false;
}

/** How long a client waits before trying again after a temporary failure (503 `Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;
export const TEMPORARY_FAILURE_MESSAGE = 'The server cannot do this right now. Please try again in a moment.';
