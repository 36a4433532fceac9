/**
 * Replicache endpoints. Authenticated like every API call (Bearer access token).
 *
 * POST /push applies a prefix of the mutations when the push reaches its cap (worker/sync/push.ts
 * PUSH_LIMITS) and answers 200 `{unprocessed: n}`; 429 with Retry-After when the user's per-minute
 * budget is spent; 503 when the database is busy (nothing of the failed slice kept).
 *
 * POST /pull answers Replicache's PullResponseV1; with `?patch=columns` (the app's own puller) each
 * area's puts are one `put-columns` operation (sync/patch-columns.ts) instead of one per row.
 *
 * GET /poke offers what this server has for pokes:
 * - Node: a server-sent-events stream, read with fetch (not EventSource) so the token stays in the
 *   Authorization header;
 * - Workers: `{ transport: 'websocket', url }`, a socket URL with a single-use 30-second ticket
 *   (a WebSocket cannot carry the header); GET /poke-socket?ticket= upgrades it in the HOA's room;
 * - neither: 204, and the client polls.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { handlePull, pullRequestSchema, serializePullResponse } from '../sync/pull';
import { handlePush, pushRequestSchema } from '../sync/push';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { POKE_STREAM_MAX_MS } from '../sync/poke';
import { signPokeTicket, verifyPokeTicket } from '../services/tokens';
import { RETRY_AFTER_SECONDS, unauthorized } from '../domain/errors';
import { jsonText } from './respond';
import { validate } from '../middleware/validate';

const HEARTBEAT_MS = 25_000;

export const syncRoutes = new Hono<AppEnv>()
  // The ticket is this route's credential; it is registered before the middleware below, which
  // therefore never runs for it.
  .get('/poke-socket', async (c) => {
    const { deps } = c.var;
    const ticket = await verifyPokeTicket(deps.config.jwtSecret, c.req.query('ticket') ?? '', deps.clock());
    if (!ticket || !deps.pokes?.connect) throw unauthorized('Authentication required');
    const res = await deps.pokes.connect(c.req.raw, { hoaId: ticket.hoaId, userId: ticket.userId }, ticket);
    // The room's answer has immutable headers; the app's middleware adds its own to a new one.
    return new Response(res.body, { status: res.status, headers: res.headers, webSocket: (res as { webSocket?: unknown }).webSocket } as ResponseInit);
  })
  .use('*', requireAuth)
  .post('/push', validate('json', pushRequestSchema), async (c) => {
    const result = await handlePush(c.var.deps, c.var.actor, c.req.valid('json'));
    if (result.response) return c.json(result.response);
    if (result.stopped === 'temporary') return c.json({ message: 'The server is busy. Your changes will be sent again shortly.' }, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    // A capped push: the prefix is applied, the app's pusher sends the rest at once.
    return c.json(result.unprocessed > 0 ? { unprocessed: result.unprocessed } : {});
  })
  .post('/pull', validate('json', pullRequestSchema), async (c) => {
    // `?patch=columns`: the app's puller reads the compact patch (sync/patch-columns.ts).
    const format = c.req.query('patch') === 'columns' ? 'columns' : 'ops';
    const res = await handlePull(c.var.deps, c.var.actor, c.req.valid('json'), { format });
    return jsonText(c, serializePullResponse(res));
  })
  .get('/poke', async (c) => {
    const { deps, actor } = c.var;
    const hub = deps.pokes;
    if (hub?.connect && !hub.subscribe) {
      const ticket = await signPokeTicket(deps.config.jwtSecret, actor, deps.clock());
      return c.json({ transport: 'websocket', url: `/api/sync/poke-socket?ticket=${encodeURIComponent(ticket)}` });
    }
    // No hub that can hold connections here (Workers without a Durable Object): clients poll.
    if (!hub?.subscribe) return c.body(null, 204);
    const subscribe = hub.subscribe.bind(hub);
    const { hoaId, userId } = c.var.actor;
    const res = streamSSE(c, (stream) =>
      // The stream stays open until this settles: the hub ends it (the user's cap, shutdown), its lifetime runs out, or the client goes.
      new Promise<void>((ended) => {
        let open = true;
        const end = () => {
          if (!open) return;
          open = false;
          unsubscribe();
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          // streamSSE closes the stream after what was already written.
          ended();
        };
        const unsubscribe = subscribe({ hoaId, userId }, () => void stream.writeSSE({ event: 'poke', data: '{}' }), end);
        const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
        const lifetime = setTimeout(end, POKE_STREAM_MAX_MS);
        stream.onAbort(end);
        c.req.raw.signal?.addEventListener('abort', () => stream.abort());
        void stream.writeSSE({ retry: 5000, event: 'ready', data: '{}' });
      }),
    );
    // Hono's SSE headers, with the ones this stream always sent: no proxy may transform or buffer it.
    res.headers.set('Content-Type', 'text/event-stream; charset=utf-8');
    res.headers.set('Cache-Control', 'no-cache, no-transform');
    res.headers.set('X-Accel-Buffering', 'no');
    return res;
  });
