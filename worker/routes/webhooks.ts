import { Hono } from 'hono';
import { receiveWebhook } from '../domain/payments';
import type { AppEnv } from '../env';

/**
 * Provider webhooks: no session, the signature is the authentication. The raw body is what was
 * signed. Its size limit (BODY_LIMITS.webhook, declared where createApp mounts it) is applied before this runs.
 */
export const webhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) =>
  c.json(await receiveWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature'))),
);
