import { AppError } from '../domain/errors';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments/types';
import type { FileStorage } from './storage/types';

/**
 * What the Worker entry uses when a provider's keys are missing (there are no local providers on
 * Workers): every call answers 503 naming the variable to set, and mail fails visibly in the outbox
 * instead of pretending to be delivered.
 */
const unavailable = (what: string, variable: string) => new AppError(503, `${what} is not configured on this server (set ${variable}).`);

export function unconfiguredStorage(): FileStorage {
  const fail = async (): Promise<never> => {
    throw unavailable('File storage', 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  };
  return { presignUpload: fail, presignDownload: fail, put: fail, delete: fail, head: fail };
}

export function unconfiguredMailer(): Mailer {
  return {
    kind: 'resend',
    async send(mails) {
      return mails.map((m) => ({ id: m.id, ok: false as const, error: 'Email is not configured (set RESEND_API_KEY and EMAIL_FROM)', permanent: true }));
    },
  };
}

export function unconfiguredPayments(): PaymentProvider {
  const fail = async (): Promise<never> => {
    throw unavailable('Payments', 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  };
  return {
    kind: 'stripe',
    publishableKey: null,
    autopay: { createCustomer: fail, createSetupSession: fail, getSetupSession: fail, getPaymentMethod: fail, detachPaymentMethod: fail, chargeOffSession: fail },
    createCustomer: fail,
    createSetupIntent: fail,
    getSetupIntent: fail,
    createSubscription: fail,
    changePlan: fail,
    cancelSubscription: fail,
    createBillingPortalSession: fail,
    createReactivationCheckout: fail,
    createConnectAccount: fail,
    createAccountLink: fail,
    describeInvoicePayment: fail,
    getAccountStatus: fail,
    createInvoiceCheckout: fail,
    expireInvoiceCheckout: fail,
    refundInvoicePayment: fail,
    verifyWebhook: fail,
  };
}
