/**
 * The Cloudflare entry's local providers (LOCAL_MAIL, LOCAL_PAYMENTS) are for `wrangler dev` only: with
 * an APP_URL that is not this machine every request fails rather than take make-believe payments or
 * keep mail; a real provider key wins over them. (The workerd checks run the entry with them on.)
 */
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../worker/cloudflare';

const ctx = { waitUntil: () => {} };
// No database is reached: /api/health answers without one, and the refusal comes first.
const base: Env = { DATABASE_URL: 'http://127.0.0.1:9', JWT_SECRET: 'workerd-entry-check-'.repeat(4), APP_URL: 'https://hoa.example.com' };
const health = (env: Env) => worker.fetch(new Request(`${env.APP_URL}/api/health`), env, ctx);

describe('the Worker entry', () => {
  // In this order: the entry keeps its provider clients per isolate once a request got through.
  it('refuses local mail and local payments unless APP_URL is on this machine', () => {
    expect(() => health({ ...base, LOCAL_MAIL: 'on' })).toThrow('APP_URL must be on localhost');
    expect(() => health({ ...base, LOCAL_PAYMENTS: 'on' })).toThrow('APP_URL must be on localhost');
  });

  it('ignores LOCAL_PAYMENTS when a Stripe key is set', async () => {
    const env = { ...base, LOCAL_PAYMENTS: 'on', STRIPE_SECRET_KEY: 'sk_test_entry', STRIPE_WEBHOOK_SECRET: 'whsec_entry', STRIPE_PRICE_STARTER: 'p1', STRIPE_PRICE_GROWTH: 'p2', STRIPE_PRICE_PRO: 'p3' };
    const res = await health(env);
    expect(res.status).toBe(200);
    // No local pages either.
    expect((await worker.fetch(new Request(`${env.APP_URL}/dev/pay/checkout/cs_1`, { headers: { 'cf-connecting-ip': '127.0.0.1' } }), env, ctx)).status).toBe(404);
  });
});
