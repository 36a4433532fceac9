/**
 * Pokes over a WebSocket (Workers: the HOA's poke room). The server hands out the socket's URL with
 * a single-use ticket (GET /api/sync/poke); this opens it, calls `onPoke` per poke, keeps it alive
 * with pings the runtime answers, and resolves when the socket ends (closed by the server, the
 * network, `signal`, or after `maxMs`, so the next ticket is asked for with a fresh access token).
 */
export const POKE_SOCKET_PING_MS = 25_000;

/** ws(s):// for a path given relative to the API's origin. */
export function socketUrl(path: string, apiBase: string, pageOrigin: string): string {
  const url = new URL(path, apiBase || pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** `onOpen` runs once the socket is up (catch up on what changed before it), `onPoke` per poke. */
export function listenOnSocket(url: string, onPoke: () => void, opts: { signal: AbortSignal; maxMs: number; onOpen?: () => void }): Promise<void> {
  return new Promise((done) => {
    const ws = new WebSocket(url);
    const ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), POKE_SOCKET_PING_MS);
    const lifetime = setTimeout(() => ws.close(1000), opts.maxMs);
    const end = () => {
      clearInterval(ping);
      clearTimeout(lifetime);
      opts.signal.removeEventListener('abort', abort);
      done();
    };
    const abort = () => ws.close(1000);
    opts.signal.addEventListener('abort', abort);
    // Whatever changed before the socket opened.
    ws.addEventListener('open', opts.onOpen ?? onPoke);
    ws.addEventListener('message', (e) => {
      if (e.data === 'poke') onPoke();
    });
    ws.addEventListener('close', end);
  });
}
