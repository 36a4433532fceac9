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
