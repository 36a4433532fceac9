import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { receiveWebhook } from '../domain/payments';
import type { AppEnv } from '../env';

/** Stripe's events are a few KiB; anything near this is not one of them. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Provider webhooks: no session, the signature is the authentication. The raw body is what was signed. */
export const webhookRoutes = new Hono<AppEnv>().post(
  '/stripe',
  bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: (c) => c.json({ message: 'Payload too large' }, 413) }),
  async (c) => c.json(await receiveWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature'))),
);
