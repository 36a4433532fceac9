import { createResendMailer } from './mailer-resend';
import type { Mailer } from './mailer';
import { createStripePayments } from './payments/stripe';
import type { PaymentProvider } from './payments/types';
import { createS3Storage } from './storage/s3';
import type { FileStorage } from './storage/types';

/** The provider variables (README, Configuration). Both entries read them; each decides what "absent" means. */
export interface ServiceEnv {
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  RESEND_API_KEY?: string;
  EMAIL_FROM?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_STARTER?: string;
  STRIPE_PRICE_GROWTH?: string;
  STRIPE_PRICE_PRO?: string;
}

function required(env: ServiceEnv, names: (keyof ServiceEnv)[], because: string): void {
  const missing = names.filter((n) => !env[n]);
  if (missing.length) throw new Error(`${because} but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set`);
}

/** S3/R2 when S3_ENDPOINT is set (then bucket and keys are required), else null. */
export function storageFromEnv(env: ServiceEnv): FileStorage | null {
  if (!env.S3_ENDPOINT) return null;
  required(env, ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'S3_ENDPOINT is set');
  return createS3Storage({
    endpoint: env.S3_ENDPOINT,
    // R2 takes "auto"; S3 needs the bucket's region.
    region: env.S3_REGION ?? 'auto',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  });
}

/** S3_ENDPOINT's origin, for the CSP's connect-src (the browser PUTs straight to storage). */
export const storageOrigins = (env: ServiceEnv) => (env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : []);

/** Resend when RESEND_API_KEY is set (then EMAIL_FROM is required), else null. */
export function mailerFromEnv(env: ServiceEnv): Mailer | null {
  if (!env.RESEND_API_KEY) return null;
  required(env, ['EMAIL_FROM'], 'RESEND_API_KEY is set');
  return createResendMailer({ apiKey: env.RESEND_API_KEY, from: env.EMAIL_FROM! });
}

/** Stripe when STRIPE_SECRET_KEY is set (then the webhook secret and the three price ids are required), else null. */
export function paymentsFromEnv(env: ServiceEnv): PaymentProvider | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  required(env, ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_GROWTH', 'STRIPE_PRICE_PRO'], 'STRIPE_SECRET_KEY is set');
  return createStripePayments({
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    prices: { starter: env.STRIPE_PRICE_STARTER!, growth: env.STRIPE_PRICE_GROWTH!, pro: env.STRIPE_PRICE_PRO! },
  });
}
