/** HTTP calls against the Worker under wrangler dev (the workerd counterpart of tests/helpers/http.ts). */
import { inject } from 'vitest';
import { appOverHttp, DEMO_PASSWORD, readResponse, refreshCookie, requestInit, type CallOptions } from '../helpers/http';

export { DEMO, DEMO_PASSWORD, demoDay, refreshCookie } from '../helpers/http';

/** One API call the way a client makes it, over HTTP to the Worker. */
export async function call(method: string, path: string, opts: CallOptions = {}) {
  return readResponse(await fetch(`${inject('workerUrl')}${path}`, requestInit(method, opts)));
}

/**
 * Signs in from an address of its own (CF-Connecting-IP, which Cloudflare's edge would set and
 * wrangler dev passes on): the whole run signs in more often than one address may (30 per 15 min).
 * The per-address limit itself is checked in tests/api.
 */
export async function login(email: string, password = DEMO_PASSWORD) {
  const ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const r = await call('POST', '/api/auth/login', { body: { email, password }, headers: { 'CF-Connecting-IP': ip } });
  if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { token: r.json.accessToken as string, user: r.json.user, cookie: refreshCookie(r.headers)!, setCookie: r.headers.get('set-cookie') ?? '' };
}

/** Polls `read` until it returns a value: the Worker finishes some work after it answers. */
export async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for the Worker');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The Worker as the `app` the sync test client calls (tests/sync/client.ts), over HTTP. */
export const workerApp = appOverHttp(inject('workerUrl'));
