/**
 * The one REST client: JSON, cookies, the Bearer access token, a 10 s timeout,
 * one refresh and one retry on 401. The session module plugs itself in with `configureAuth`, so
 * this file does not depend on it.
 */
import type { FieldError } from '../../schema/validation';
import { takeBootRead } from './boot-reads';
import { API_BASE_URL } from './config';
import { API_TIMEOUT_MS } from './session-keys';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind,
    readonly errors: FieldError[] = [],
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The request never got an answer (offline, DNS, timeout): the session must not end because of it. */
  get isNetwork() {
    return this.kind !== 'http';
  }
  /**
   * The answer's own message, or null when it had none (a bare 500 from a proxy): screens then show
   * their own words ('Login failed', …) rather than `message`'s 'HTTP 500: …'.
   */
  get serverMessage(): string | null {
    const m = (this.body as { message?: unknown } | null)?.message;
    return typeof m === 'string' && m ? m : null;
  }
}

/** The error of a call whose refresh the server refused (the user is signed out). */
const sessionExpired = () => new ApiError('Session expired', 401, 'http', [], { message: 'Session expired' });

/** The outcome of a refresh: a new token, a server rejection (sign out), or no answer (stay signed in). */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

interface AuthHooks {
  getAccessToken: () => string | null;
  refresh: () => Promise<RefreshOutcome>;
  onSessionExpired: () => void;
}

let auth: AuthHooks = {
  getAccessToken: () => null,
  refresh: async () => 'rejected',
  onSessionExpired: () => {},
};

export function configureAuth(hooks: AuthHooks) {
  auth = hooks;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the Bearer token and refresh on 401 (default). Off for login, refresh and the other public calls. */
  authenticated?: boolean;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE_URL}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  // A CSV export is read as its text.
  if (res.ok && res.headers.get('content-type')?.startsWith('text/csv')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One HTTP exchange without the refresh logic; throws ApiError for timeouts, network failures and non-OK answers. */
export async function rawRequest<T = unknown>(path: string, opts: RequestOptions = {}, token: string | null = null): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined && !(opts.body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiError('Request timeout', 0, 'timeout');
    if (opts.signal?.aborted) throw e;
    throw new ApiError(e instanceof Error ? e.message : 'Network error', 0, 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  return readResponse<T>(res);
}

/** An answer's body, or an ApiError with the server's message when it is not a success. */
export async function readResponse<T = unknown>(res: Response): Promise<T> {
  const body = await parseBody(res);
  if (!res.ok) {
    const b = body as { message?: unknown; errors?: unknown } | null;
    const message = typeof b?.message === 'string' && b.message ? b.message : `HTTP ${res.status}: ${res.statusText}`;
    const errors = Array.isArray(b?.errors) ? (b.errors as FieldError[]) : [];
    throw new ApiError(message, res.status, 'http', errors, body);
  }
  return body as T;
}

/**
 * An API call as the app makes it. On 401 it refreshes the session once and retries once;
 * when the server rejects the refresh the user is signed out and the error is 'Session expired'.
 * A plain read the boot script already sent for the first screen takes that answer (./boot-reads.ts).
 */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  if (opts.authenticated === false) return rawRequest<T>(path, opts);
  // Only a read with no options at all is the one the boot script sent.
  const plainRead = Object.keys(opts).length === 0;
  const boot = plainRead ? takeBootRead(path) : null;
  if (boot) {
    const res = await boot.catch(() => null);
    // No answer, or a token that expired since: read as any call does.
    if (res && res.status !== 401) return readResponse<T>(res);
  }
  try {
    return await rawRequest<T>(path, opts, auth.getAccessToken());
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
  }
  const outcome = await auth.refresh();
  if (outcome === 'unreachable') throw new ApiError('Network error', 0, 'network');
  if (outcome === 'rejected') {
    auth.onSessionExpired();
    throw sessionExpired();
  }
  try {
    return await rawRequest<T>(path, opts, auth.getAccessToken());
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      auth.onSessionExpired();
      throw sessionExpired();
    }
    throw e;
  }
}

/** The message to show for a failed call: the server's message, 'Request timeout', else the screen's `fallback`. */
export function errorMessage(e: unknown, fallback: string): string {
  if (!(e instanceof ApiError)) return fallback;
  if (e.kind === 'timeout') return e.message;
  return e.serverMessage ?? fallback;
}
