/**
 * The poke socket as the sync engine uses it: catch up once it is open, pull per poke, and end when
 * the socket closes or the engine stops listening. A stand-in WebSocket plays the server's part.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenOnSocket, socketUrl } from './poke-socket';

class FakeSocket extends EventTarget {
  static OPEN = 1;
  static last: FakeSocket;
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  message(data: string) {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('listenOnSocket', () => {
  it('catches up when the socket opens, pulls per poke, and ends when the socket closes', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const onOpen = vi.fn();
    const onPoke = vi.fn();
    let ended = false;
    const listening = listenOnSocket('ws://app.test/api/sync/poke-socket?ticket=t', onPoke, { signal: new AbortController().signal, maxMs: 60_000, onOpen }).then(() => (ended = true));
    const socket = FakeSocket.last;
    socket.open();
    expect(onOpen).toHaveBeenCalledOnce();
    expect(onPoke).not.toHaveBeenCalled();
    socket.message('poke');
    socket.message('pong');
    expect(onPoke).toHaveBeenCalledOnce();
    expect(ended).toBe(false);
    socket.close();
    await listening;
    expect(ended).toBe(true);
  });

  it('pulls on open when no catch-up is given, and ends when the engine stops listening', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const onPoke = vi.fn();
    const stop = new AbortController();
    const listening = listenOnSocket('ws://app.test/x', onPoke, { signal: stop.signal, maxMs: 60_000 });
    FakeSocket.last.open();
    expect(onPoke).toHaveBeenCalledOnce();
    stop.abort();
    await listening;
  });
});

describe('socketUrl', () => {
  it('turns the offered path into a ws(s) URL on the API origin', () => {
    expect(socketUrl('/api/sync/poke-socket?ticket=a', 'https://api.example.org', 'https://app.example.org')).toBe('wss://api.example.org/api/sync/poke-socket?ticket=a');
    expect(socketUrl('/api/sync/poke-socket?ticket=a', '', 'http://localhost:8787')).toBe('ws://localhost:8787/api/sync/poke-socket?ticket=a');
  });
});
