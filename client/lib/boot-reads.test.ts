/**
 * The first screen's read the boot script sent (vite/boot.ts): the REST client takes its answer once,
 * for the same plain read only, and reads afresh when that answer is a 401 or never came.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_READS_KEY } from './session-keys';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let window: Record<string, unknown>;

async function loadApi(reads: Record<string, Promise<Response>>) {
  vi.resetModules();
  window = { [BOOT_READS_KEY]: reads };
  vi.stubGlobal('window', window);
  fetchMock = vi.fn(async () => json(200, { from: 'network' }));
  vi.stubGlobal('fetch', fetchMock);
  return import('./api');
}

beforeEach(() => vi.spyOn(performance, 'now').mockReturnValue(1_000));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a read the boot script sent', () => {
  it('answers the first plain read of its path, once; the next read goes to the network', async () => {
    const { api } = await loadApi({ '/api/requests/r1': Promise.resolve(json(200, { from: 'boot' })) });
    expect(await api('/api/requests/r1')).toEqual({ from: 'boot' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('/api/requests/r1')).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not taken by another path, nor by a call with options (a write, a query)', async () => {
    const { api } = await loadApi({ '/api/requests/r1': Promise.resolve(json(200, { from: 'boot' })) });
    expect(await api('/api/requests/r2')).toEqual({ from: 'network' });
    expect(await api('/api/requests/r1', { method: 'PUT', body: {} })).toEqual({ from: 'network' });
    expect(await api('/api/requests/r1', { query: { page: 2 } })).toEqual({ from: 'network' });
    expect(await api('/api/requests/r1')).toEqual({ from: 'boot' });
  });

  it('gives the server’s error as any read does (a row of another HOA: 404)', async () => {
    const { api } = await loadApi({ '/api/requests/r1': Promise.resolve(json(404, { message: 'Request not found' })) });
    await expect(api('/api/requests/r1')).rejects.toEqual(expect.objectContaining({ status: 404, message: 'Request not found' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is read again when its answer is a 401 or it got none (the refresh failed)', async () => {
    const { api } = await loadApi({
      '/api/requests/r1': Promise.resolve(json(401, { message: 'Unauthorized' })),
      '/api/requests/r2': Promise.reject(new Error('no session')),
    });
    expect(await api('/api/requests/r1')).toEqual({ from: 'network' });
    expect(await api('/api/requests/r2')).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used once the page has long started', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const { api } = await loadApi({ '/api/requests/r1': Promise.resolve(json(200, { from: 'boot' })) });
    expect(await api('/api/requests/r1')).toEqual({ from: 'network' });
  });
});
