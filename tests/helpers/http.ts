import type { TestApp } from './app';
import { dayInputValue, zonedToday } from '../../schema/days';
import { DEMO_TIME_ZONE } from '../../worker/dev/seed-kit';

export const DEMO_PASSWORD = 'Password123';

export const DEMO = {
  maple: {
    superadmin: 'owner@maplegrove.test',
    board: 'board@maplegrove.test',
    resident: 'resident@maplegrove.test',
    resident2: 'resident2@maplegrove.test',
  },
  cedar: {
    superadmin: 'owner@cedarpark.test',
    board: 'board@cedarpark.test',
    resident: 'resident@cedarpark.test',
  },
} as const;

/**
 * `YYYY-MM-DD`, `days` from the demo HOAs' today on the real clock: their zone's calendar, which the
 * app's day rules use (in the hours after midnight UTC, UTC's date is already their tomorrow).
 */
export const demoDay = (days = 0, now = Date.now()) => dayInputValue(zonedToday(now, DEMO_TIME_ZONE) + days * 86_400_000);

export interface CallOptions {
  token?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** The caller's socket address (the in-process app sees it as Node's would); 127.0.0.1 by default. */
  ip?: string;
}

/** What @hono/node-server hands the app as `c.env`: the request's socket, so the app sees the peer address. */
export const socketEnv = (ip = '127.0.0.1') => ({ incoming: { socket: { remoteAddress: ip } } });

/** The request a client sends: JSON body, Bearer token, refresh cookie. */
export function requestInit(method: string, opts: CallOptions = {}): RequestInit {
  const headers: Record<string, string> = { ...opts.headers };
  // A form (multipart) sets its own content type with the boundary.
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const body = opts.body === undefined ? undefined : form || typeof opts.body === 'string' ? (opts.body as BodyInit) : JSON.stringify(opts.body);
  return { method, headers, body, redirect: 'manual' };
}

/** Status, parsed JSON (or the text, or null for no body) and headers. */
export async function readResponse(res: Response) {
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** One API call the way a client makes it, through the in-process app. */
export async function call(t: TestApp, method: string, path: string, opts: CallOptions = {}) {
  return readResponse(await t.app.request(`http://localhost${path}`, requestInit(method, opts), socketEnv(opts.ip)));
}

/** A POST whose body is streamed in 1 KB chunks without Content-Length (a body limit must count it as it arrives). */
export function postStreamed(t: TestApp, path: string, kilobytes: number) {
  const chunks = new ReadableStream({
    start(controller) {
      for (let i = 0; i < kilobytes; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
      controller.close();
    },
  });
  return t.app.request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit, socketEnv());
}

/** The refresh cookie from a Set-Cookie header, as `name=value` for the next request. */
export function refreshCookie(headers: Headers): string | undefined {
  const set = headers.get('set-cookie') ?? '';
  const match = /hoa_refresh=([^;]*)/.exec(set);
  return match && match[1] ? `hoa_refresh=${match[1]}` : undefined;
}

export async function login(t: TestApp, email: string, password = DEMO_PASSWORD) {
  // Each sign-in from its own address: suites sign in more often than the per-address limit allows.
  const r = await call(t, 'POST', '/api/auth/login', { body: { email, password }, ip: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { token: r.json.accessToken as string, user: r.json.user, cookie: refreshCookie(r.headers)! };
}

/** A server at `baseUrl` as the `app` that `call`, `login` and the sync test client use (workerd checks, benches). */
export function appOverHttp(baseUrl: string): TestApp {
  return {
    app: {
      request: (url: string, init?: RequestInit) => {
        const { pathname, search } = new URL(url, 'http://app');
        return fetch(`${baseUrl}${pathname}${search}`, init);
      },
    },
  } as unknown as TestApp;
}
