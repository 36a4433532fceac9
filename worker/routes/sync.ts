/**
 * Replicache endpoints. Authenticated like every API call (Bearer access token). The poke stream
 * is read with fetch (not EventSource) so the token stays in the Authorization header.
 */
import { Hono } from 'hono';
import { handlePull, pullRequestSchema, serializePullResponse } from '../sync/pull';
import { handlePush, pushRequestSchema } from '../sync/push';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { jsonText } from './respond';
import { validate } from '../middleware/validate';

/** Streams end after this long; the client reconnects with a fresh access token. */
export const POKE_STREAM_MAX_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;

export const syncRoutes = new Hono<AppEnv>()
  .use('*', requireAuth)
  .post('/push', validate('json', pushRequestSchema), async (c) => {
    const result = await handlePush(c.var.deps, c.var.actor, c.req.valid('json'));
    if (result.response) return c.json(result.response);
    if (result.stopped === 'temporary') return c.json({ message: 'The server is busy. Your changes will be sent again shortly.' }, 503);
    return c.json({});
  })
  .post('/pull', validate('json', pullRequestSchema), async (c) => {
    const res = await handlePull(c.var.deps, c.var.actor, c.req.valid('json'));
    return jsonText(c, serializePullResponse(res));
  })
  .get('/poke', (c) => {
    const hub = c.var.deps.pokes;
    // No hub that can hold connections here (Workers without a Durable Object): clients poll.
    if (!hub?.subscribe) return c.body(null, 204);
    const subscribe = hub.subscribe.bind(hub);
    const { hoaId, userId } = c.var.actor;
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true;
        const send = (text: string) => {
          if (!open) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        };
        const end = () => {
          if (!open) return;
          cleanup();
          controller.close();
        };
        const unsubscribe = subscribe({ hoaId, userId }, () => send('event: poke\ndata: {}\n\n'), end);
        const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
        const lifetime = setTimeout(end, POKE_STREAM_MAX_MS);
        cleanup = () => {
          if (!open) return;
          open = false;
          unsubscribe();
          clearInterval(heartbeat);
          clearTimeout(lifetime);
        };
        c.req.raw.signal?.addEventListener('abort', () => cleanup());
        send('retry: 5000\nevent: ready\ndata: {}\n\n');
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
    });
  });
