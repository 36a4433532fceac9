/** HTTP calls against the Worker under wrangler dev (the workerd counterpart of tests/helpers/http.ts). */
import { inject } from 'vitest';
import { DEMO_PASSWORD, refreshCookie } from '../helpers/http';

export { DEMO, DEMO_PASSWORD, refreshCookie } from '../helpers/http';

export interface CallOptions {
  token?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export async function call(method: string, path: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${inject('workerUrl')}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

export async function login(email: string, password = DEMO_PASSWORD) {
  const r = await call('POST', '/api/auth/login', { body: { email, password } });
  if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { token: r.json.accessToken as string, user: r.json.user, cookie: refreshCookie(r.headers)!, setCookie: r.headers.get('set-cookie') ?? '' };
}
