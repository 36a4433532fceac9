import { LocalAutopay } from './local-autopay';
import { LocalBankPayments } from './local-bank';
import { LocalSubscriptions } from './local-subscriptions';
import { LocalHostedPages } from './local-pages';
import { rand, type LocalObjectStore } from './local-store';
import { verifyStripeSignature } from './stripe';
import { PROCESSING_FEE_MESSAGES } from '../../../schema/processing-fees';
import { checkoutOffer, paymentMethodDetails, PaymentRefusedError, toAccountStatus, type CheckoutState, type PaymentProvider } from './types';
import type { LocalPaymentsOptions } from './local-objects';

export type { LocalPaymentsOptions, WebhookDelivery } from './local-objects';

/**
 * The local payment provider: Stripe-shaped objects kept in the database (local-objects.ts), the HOA's
 * subscription (local-subscriptions.ts), hosted pages under `/dev/pay/…` that honour Stripe's test
 * cards and bank accounts (local-pages.ts, local-bank.ts, rendered by worker/routes/dev-pay.ts),
 * saved methods and off-session charges for autopay (local-autopay.ts), and here the HOA's connected
 * account and the invoice payments made into it, with their refunds.
 */
export class LocalPayments extends LocalSubscriptions implements PaymentProvider, LocalObjectStore {
  readonly kind = 'local' as const;
  readonly publishableKey = null;

  /** The hosted pages' steps (worker/routes/dev-pay.ts). */
  readonly pages: LocalHostedPages;
  readonly autopay: LocalAutopay;
  /** The Checkout's bank step and the bank's answers (local-bank.ts). */
  readonly bank: LocalBankPayments;

  constructor(opts: LocalPaymentsOptions) {
    super(opts);
    this.pages = new LocalHostedPages(this);
    this.bank = new LocalBankPayments(this);
    this.autopay = new LocalAutopay(this);
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined, nowMs: number) {
    return verifyStripeSignature(rawBody, signatureHeader, this.opts.webhookSecret, nowMs);
  }

  // Connect: the HOA's account and the invoice payments made into it

  async createConnectAccount({ email, businessName, metadata, idempotencyKey }: Parameters<PaymentProvider['createConnectAccount']>[0]) {
    const a = await this.create(idempotencyKey, () => ({
      id: `acct_local_${rand()}`,
      object: 'account',
      type: 'express',
      email,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      business_profile: { name: businessName, product_description: 'HOA dues and fees' },
      requirements: { currently_due: ['business_type', 'external_account', 'tos_acceptance.date'], past_due: [] },
      metadata,
      created: this.nowS(),
    }));
    return { id: a.id as string };
  }

  async createAccountLink({ accountId, refreshUrl, returnUrl }: Parameters<PaymentProvider['createAccountLink']>[0]) {
    await this.must(accountId, 'account');
    const id = `acctlink_local_${rand()}`;
    // Stripe's account links expire after a few minutes and work once.
    await this.put({ id, object: 'account_link', account: accountId, refresh_url: refreshUrl, return_url: returnUrl, expires_at: this.nowS() + 300, used: false });
    return { url: `${this.opts.appUrl}/dev/pay/connect/${id}` };
  }

  async getAccountStatus(accountId: string) {
    return toAccountStatus(await this.must(accountId, 'account'));
  }

  async createInvoiceCheckout(input: Parameters<PaymentProvider['createInvoiceCheckout']>[0]) {
    await this.must(input.connectedAccountId, 'account');
    const { methods, feeCents } = checkoutOffer(input);
    const s = await this.create(input.idempotencyKey, () => {
      const id = `cs_local_${rand()}`;
      return {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        customer: null,
        customer_email: input.customerEmail,
        amount_total: input.amountCents + feeCents,
        currency: 'usd',
        description: input.description,
        payment_method_types: methods,
        line_items: [{ description: input.description, amount_total: input.amountCents }, ...(feeCents > 0 ? [{ description: PROCESSING_FEE_MESSAGES.feeLine, amount_total: feeCents }] : [])],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { ...input.metadata, kind: 'invoice' },
        payment_intent: null,
        connected_account: input.connectedAccountId,
        url: this.checkoutUrl(id),
        created: this.nowS(),
      };
    });
    return { id: s.id as string, url: s.url as string };
  }

  async expireInvoiceCheckout({ connectedAccountId, sessionId }: Parameters<PaymentProvider['expireInvoiceCheckout']>[0]): Promise<CheckoutState> {
    const s = await this.must(sessionId, 'checkout.session');
    if (s.connected_account !== connectedAccountId) throw new Error(`No such checkout.session: '${sessionId}'`);
    if (s.status === 'open' && (await this.putIf({ ...s, status: 'expired', expires_at: this.nowS() }, 'status', 'open'))) {
      await this.emit('checkout.session.expired', { ...s, status: 'expired' }, { account: connectedAccountId, background: true });
      return { status: 'expired', paid: false, paymentIntentId: null };
    }
    // Paid (or expired) before this call: the session as it is now.
    const now = await this.must(sessionId, 'checkout.session');
    return { status: now.status, paid: now.payment_status === 'paid', paymentIntentId: now.payment_intent ?? null };
  }

  async refundInvoicePayment({ connectedAccountId, paymentIntentId, metadata, idempotencyKey }: Parameters<PaymentProvider['refundInvoicePayment']>[0]) {
    const done = await this.byIdempotencyKey(idempotencyKey);
    if (done) return { id: done.id as string, status: done.status as string };
    const pi = await this.get(paymentIntentId);
    // Stripe's words for each refusal.
    if (pi?.object !== 'payment_intent' || pi.account !== connectedAccountId) throw new PaymentRefusedError(`No such payment_intent: '${paymentIntentId}'`);
    if (!(await this.putIf({ ...pi, amount_refunded: pi.amount }, 'amount_refunded', null))) throw new PaymentRefusedError(`Charge for payment_intent ${paymentIntentId} has already been refunded.`);
    const refund = await this.create(idempotencyKey, () => ({ id: `re_local_${rand()}`, object: 'refund', amount: pi.amount, currency: pi.currency, payment_intent: pi.id, status: 'succeeded', metadata, created: this.nowS() }));
    return { id: refund.id as string, status: refund.status as string };
  }

  async describeInvoicePayment({ connectedAccountId, sessionId }: Parameters<PaymentProvider['describeInvoicePayment']>[0]) {
    const s = await this.get(sessionId);
    const pi = s?.connected_account === connectedAccountId && s.payment_intent ? await this.get(s.payment_intent) : null;
    const pm = pi?.payment_method ? await this.get(pi.payment_method) : null;
    return { ...paymentMethodDetails(pm), failureReason: pi?.last_payment_error?.message ?? null };
  }

  /** Settles processing bank payments now (tests, the local page's button); see LocalBankPayments.releaseBankPayments. */
  releaseBankPayments(opts: { all?: boolean; sessionId?: string } = { all: true }) {
    return this.bank.releaseBankPayments(opts);
  }
}

export function isLocalPayments(p: PaymentProvider): p is LocalPayments {
  return p instanceof LocalPayments;
}
