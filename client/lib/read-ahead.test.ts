/**
 * The read begun ahead of a screen (`readAhead`): the screen's own GET of the same path takes it,
 * once, within ten seconds; any other call, a later one, or one after that goes to the server. And
 * a route's `reads` filled in as the screens spell their paths.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPath } from '../app/route-def';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: string[];

beforeEach(() => {
  vi.resetModules();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return url.includes('missing') ? json(404, { message: 'Request not found' }) : json(200, { _id: url.split('/').pop(), call: calls.length });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const load = () => import('./api');

describe('a read begun ahead of its screen', () => {
  it('is taken by the screen’s GET of the same path: one request, the same answer', async () => {
    const { api, readAhead } = await load();
    readAhead('/api/requests/r1');
    readAhead('/api/requests/r1'); // a render again: still one read
    expect(await api('/api/requests/r1')).toEqual({ _id: 'r1', call: 1 });
    expect(calls).toEqual(['/api/requests/r1']);
  });

  it('is taken once: a later read of the same path asks the server again', async () => {
    const { api, readAhead } = await load();
    readAhead('/api/requests/r1');
    await api('/api/requests/r1');
    expect(await api('/api/requests/r1')).toEqual({ _id: 'r1', call: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not taken by another path, nor by a call with options (a query, a write)', async () => {
    const { api, readAhead } = await load();
    readAhead('/api/requests/r1');
    await api('/api/requests/r2');
    await api('/api/requests/r1', { query: { page: 2 } });
    await api('/api/requests/r1', { method: 'PUT', body: {} });
    expect(calls).toHaveLength(4);
    expect(await api('/api/requests/r1')).toEqual({ _id: 'r1', call: 1 });
    expect(calls).toHaveLength(4);
  });

  it('is not taken after ten seconds: the screen reads afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, readAhead } = await load();
    readAhead('/api/requests/r1');
    vi.setSystemTime(Date.now() + 10_001);
    expect(await api('/api/requests/r1')).toEqual({ _id: 'r1', call: 2 });
  });

  it('gives the screen the server’s refusal as its own read would; nobody taking a failed read is no error', async () => {
    const { api, ApiError, readAhead } = await load();
    readAhead('/api/requests/missing');
    const refused = await api('/api/requests/missing').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as InstanceType<typeof ApiError>).status).toBe(404);
    readAhead('/api/requests/missing-again'); // never taken: its rejection is handled
    await new Promise((r) => setTimeout(r, 10));
  });
});

describe('a route’s reads', () => {
  it('fills the route’s parameters in, encoded as the screens’ reads encode them', () => {
    expect(readPath('/api/requests/:id', { id: 'abc-1' })).toBe('/api/requests/abc-1');
    expect(readPath('/api/violations/:id', { id: 'a b/c', letterId: 'l1' })).toBe('/api/violations/a%20b%2Fc');
  });

  it('names only the route’s own parameters, and an API path', async () => {
    const { ROUTES } = await import('../app/routes');
    const reading = ROUTES.filter((r) => r.reads);
    expect(reading.length).toBeGreaterThanOrEqual(17);
    for (const r of reading) {
      expect(r.reads).toMatch(/^\/api\//);
      const params = (s: string) => [...s.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      expect(params(r.path), r.path).toEqual(expect.arrayContaining(params(r.reads!)));
    }
  });
});
