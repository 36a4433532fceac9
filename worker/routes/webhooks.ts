import { Hono } from 'hono';
import { receiveWebhook } from '../domain/payments';
import type { AppEnv } from '../env';

/** Provider webhooks: no session, the signature is the authentication. The raw body is what was signed. */
export const webhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const result = await receiveWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature'));
  return c.json(result);
});
