import { describe, expect, it } from 'vitest';
import { mailerFromEnv, paymentsFromEnv, storageFromEnv, storageOrigins } from '../../worker/services/from-env';
import { unconfiguredMailer, unconfiguredPayments, unconfiguredStorage } from '../../worker/services/unconfigured';

/** Which provider each entry gets from its variables, and what a half-configured provider says. */
describe('providers from the environment', () => {
  it('uses no real provider when the keys are absent (the entries then pick the local or unconfigured one)', () => {
    expect(storageFromEnv({})).toBeNull();
    expect(mailerFromEnv({})).toBeNull();
    expect(paymentsFromEnv({})).toBeNull();
    expect(storageOrigins({})).toEqual([]);
  });

  it('builds the real providers when their keys are set', async () => {
    const storage = storageFromEnv({ S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/', S3_BUCKET: 'hoa', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' })!;
    const url = new URL(await storage.presignUpload({ key: 'hoa/h/documents/x.pdf', contentType: 'application/pdf', contentLength: 10 }));
    expect(url.origin + url.pathname).toBe('https://acc.r2.cloudflarestorage.com/hoa/hoa/h/documents/x.pdf');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AK\/\d{8}\/auto\/s3\/aws4_request$/);
    expect(storageOrigins({ S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/bucket' })).toEqual(['https://acc.r2.cloudflarestorage.com']);
    expect(mailerFromEnv({ RESEND_API_KEY: 're_x', EMAIL_FROM: 'HOA <noreply@hoa.test>' })!.kind).toBe('resend');
    const stripe = paymentsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_STARTER: 'p1', STRIPE_PRICE_GROWTH: 'p2', STRIPE_PRICE_PRO: 'p3' })!;
    expect(stripe).toMatchObject({ kind: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('refuses to start half-configured, naming what is missing', () => {
    expect(() => storageFromEnv({ S3_ENDPOINT: 'https://s3.test', S3_BUCKET: 'b' })).toThrow('S3_ENDPOINT is set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set');
    expect(() => mailerFromEnv({ RESEND_API_KEY: 're_x' })).toThrow('RESEND_API_KEY is set but EMAIL_FROM is not set');
    expect(() => paymentsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'w' })).toThrow(
      'STRIPE_SECRET_KEY is set but STRIPE_PRICE_STARTER, STRIPE_PRICE_GROWTH, STRIPE_PRICE_PRO are not set',
    );
  });

  it('makes a Worker without keys say so instead of pretending', async () => {
    await expect(unconfiguredStorage().presignUpload({ key: 'k', contentType: 'application/pdf', contentLength: 1 })).rejects.toMatchObject({ status: 503, message: expect.stringContaining('S3_ENDPOINT') });
    await expect(unconfiguredPayments().createCustomer({ email: 'a@b.test', name: 'A', metadata: {}, idempotencyKey: 'k' })).rejects.toMatchObject({ status: 503, message: expect.stringContaining('STRIPE_SECRET_KEY') });
    expect(await unconfiguredMailer().send([{ id: 'm1', to: 'a@b.test', subject: 's', html: 'h', text: 't' }])).toEqual([
      { id: 'm1', ok: false, error: 'Email is not configured (set RESEND_API_KEY and EMAIL_FROM)', permanent: true },
    ]);
  });
});
