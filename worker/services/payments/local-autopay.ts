/**
 * Autopay on the local provider, as Stripe does it in test mode: customers on the connected account,
 * a hosted setup page (Checkout in setup mode) saving one of Stripe's test cards or test bank
 * accounts, and off-session PaymentIntents. A card's charge answers at once; a bank debit answers
 * `processing` and settles by webhook after the call, as ACH does.
 */
import { evaluateCard, type CardInput } from './cards';
import { rand, type LocalObjectStore, type Obj } from './local-store';
import { toProviderPaymentMethod, type AutopayPayments, type ChargeResult, type SavedMethodKind, type SetupResult } from './autopay-types';

/** Stripe's test routing number and bank accounts (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-account-numbers). */
export const TEST_BANK = {
  routing: '110000000',
  success: '000123456789',
  /** Saved without trouble; the debit fails (no account). */
  noAccount: '000111111116',
  accountClosed: '000111111113',
  insufficientFunds: '000222222227',
} as const;

/** Stripe's failure messages of the debits above. */
export const BANK_FAILURES: Record<string, { code: string; message: string }> = {
  [TEST_BANK.noAccount]: { code: 'no_account', message: "The customer's bank account could not be located." },
  [TEST_BANK.accountClosed]: { code: 'account_closed', message: "The customer's bank account has been closed." },
  [TEST_BANK.insufficientFunds]: { code: 'insufficient_funds', message: "The customer's account has insufficient funds to cover this payment." },
};

export const BANK_MESSAGES = {
  routing: 'Enter a 9-digit routing number. In test mode use 110000000.',
  account: 'Use one of the test bank accounts listed below.',
  holder: "Enter the account holder's name.",
} as const;

export const CARD_DECLINED = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as const;

export interface BankInput {
  holder: string;
  routing: string;
  account: string;
}

/** What a setup page step leads to: the success URL, or the page again with Stripe's words. */
export type SetupPageResult = { result: 'redirect'; url: string } | { result: 'error'; message: string };

/** The local store plus its idempotency keys (local.ts). */
export interface LocalAutopayStore extends LocalObjectStore {
  createOnce(key: string | null, make: () => Obj): Promise<Obj>;
}

export class LocalAutopay implements AutopayPayments {
  constructor(private readonly store: LocalAutopayStore) {}

  private async onAccount(id: string, object: string, account: string): Promise<Obj> {
    const o = await this.store.get(id);
    if (o?.object !== object || o.account !== account) throw new Error(`No such ${object}: '${id}'`);
    return o;
  }

  async createCustomer({ connectedAccountId, email, name, metadata, idempotencyKey }: Parameters<AutopayPayments['createCustomer']>[0]) {
    await this.store.must(connectedAccountId, 'account');
    const c = await this.store.createOnce(idempotencyKey, () => ({ id: `cus_local_${rand()}`, object: 'customer', account: connectedAccountId, email, name, metadata, created: this.store.nowS() }));
    return { id: c.id as string };
  }

  async createSetupSession({ connectedAccountId, customerId, kind, successUrl, cancelUrl, metadata, idempotencyKey }: Parameters<AutopayPayments['createSetupSession']>[0]) {
    await this.onAccount(customerId, 'customer', connectedAccountId);
    const s = await this.store.createOnce(idempotencyKey, () => {
      const id = `cs_local_${rand()}`;
      return {
        id,
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        customer: customerId,
        account: connectedAccountId,
        payment_method_types: [kind],
        setup_intent: null,
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { ...metadata, kind: 'autopay_setup' },
        setup_metadata: metadata,
        url: `${this.store.appUrl}/dev/pay/methods/${id}`,
        created: this.store.nowS(),
      };
    });
    return { id: s.id as string, url: s.url as string };
  }

  async getSetupSession({ connectedAccountId, sessionId }: Parameters<AutopayPayments['getSetupSession']>[0]): Promise<SetupResult> {
    const s = await this.onAccount(sessionId, 'checkout.session', connectedAccountId);
    const si = s.setup_intent ? await this.store.get(s.setup_intent) : null;
    return { status: si?.status === 'succeeded' ? 'succeeded' : s.status === 'expired' ? 'failed' : 'open', paymentMethodId: si?.payment_method ?? null, customerId: s.customer, metadata: s.metadata ?? {} };
  }

  async getPaymentMethod({ connectedAccountId, paymentMethodId }: Parameters<AutopayPayments['getPaymentMethod']>[0]) {
    return toProviderPaymentMethod(await this.onAccount(paymentMethodId, 'payment_method', connectedAccountId));
  }

  async detachPaymentMethod({ connectedAccountId, paymentMethodId }: Parameters<AutopayPayments['detachPaymentMethod']>[0]) {
    const pm = await this.onAccount(paymentMethodId, 'payment_method', connectedAccountId);
    await this.store.put({ ...pm, customer: null });
  }

  async chargeOffSession(input: Parameters<AutopayPayments['chargeOffSession']>[0]): Promise<ChargeResult> {
    const { connectedAccountId, customerId, paymentMethodId, amountCents, description, metadata, idempotencyKey } = input;
    const pm = await this.onAccount(paymentMethodId, 'payment_method', connectedAccountId);
    let fresh = false;
    const pi = await this.store.createOnce(idempotencyKey, () => {
      fresh = true;
      const attached = pm.customer === customerId;
      const failure = attached ? failureOf(pm) : { code: 'payment_method_not_available', message: 'The payment method is not attached to this customer.' };
      // A bank debit is processing until the bank answers (its outcome follows in the background).
      const later = attached && pm.type === 'us_bank_account';
      return {
        id: `pi_local_${rand()}`,
        object: 'payment_intent',
        amount: amountCents,
        currency: 'usd',
        customer: customerId,
        payment_method: paymentMethodId,
        payment_method_types: [pm.type],
        description,
        metadata,
        account: connectedAccountId,
        off_session: true,
        status: later ? 'processing' : failure ? 'requires_payment_method' : 'succeeded',
        pending_failure: later ? failure : null,
        last_payment_error: !later && failure ? { ...failure, type: 'card_error', payment_method: { id: pm.id } } : null,
        created: this.store.nowS(),
      };
    });
    if (fresh) await this.announce(pi);
    return { id: pi.id, status: pi.status === 'requires_payment_method' ? 'failed' : pi.status, failureMessage: pi.last_payment_error?.message ?? null };
  }

  /** The events Stripe sends after a charge: its outcome, or `processing` and later the bank's answer. */
  private async announce(pi: Obj) {
    const account = pi.account as string;
    if (pi.status === 'succeeded') return this.store.emit('payment_intent.succeeded', pi, { account, background: true });
    if (pi.status === 'requires_payment_method') return this.store.emit('payment_intent.payment_failed', pi, { account, background: true });
    await this.store.emit('payment_intent.processing', pi, { account, background: true });
    const failure = pi.pending_failure as { code: string; message: string } | null;
    const settled: Obj = { ...pi, pending_failure: null, status: failure ? 'requires_payment_method' : 'succeeded', last_payment_error: failure ? { ...failure, type: 'invalid_request_error' } : null };
    await this.store.put(settled);
    await this.store.emit(failure ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', settled, { account, background: true });
  }

  // The hosted setup page's steps (worker/routes/dev-pay-methods.ts renders them).

  async getSetupPage(id: string): Promise<Obj | null> {
    const s = await this.store.get(id);
    return s?.object === 'checkout.session' && s.mode === 'setup' ? s : null;
  }

  async saveCard(sessionId: string, input: CardInput): Promise<SetupPageResult> {
    const r = evaluateCard(input, this.store.clock());
    if (r.outcome === 'declined') return { result: 'error', message: r.message };
    // 3-D Secure cards are authenticated when saved, so later charges off session succeed.
    const { card } = r;
    return this.completeSetup(sessionId, 'card', (s) => ({
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, ...(card.failsCharges ? { fails_charges: true } : {}) },
      customer: s.customer,
    }));
  }

  async saveBankAccount(sessionId: string, input: BankInput): Promise<SetupPageResult> {
    const routing = input.routing.replace(/\s/g, '');
    const account = input.account.replace(/\s/g, '');
    if (!input.holder.trim()) return { result: 'error', message: BANK_MESSAGES.holder };
    if (routing !== TEST_BANK.routing) return { result: 'error', message: BANK_MESSAGES.routing };
    if (account !== TEST_BANK.success && !BANK_FAILURES[account]) return { result: 'error', message: BANK_MESSAGES.account };
    return this.completeSetup(sessionId, 'us_bank_account', (s) => ({
      type: 'us_bank_account',
      billing_details: { name: input.holder.trim() },
      us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: account.slice(-4), routing_number: routing, account_holder_type: 'individual', account_type: 'checking', ...(BANK_FAILURES[account] ? { fails_debits: account } : {}) },
      customer: s.customer,
    }));
  }

  private async completeSetup(sessionId: string, kind: SavedMethodKind, method: (s: Obj) => Obj): Promise<SetupPageResult> {
    const s = await this.getSetupPage(sessionId);
    if (!s || s.status !== 'open') return { result: 'error', message: 'This setup page has expired.' };
    if (!s.payment_method_types.includes(kind)) return { result: 'error', message: 'This setup page does not take that kind of payment method.' };
    const pm = await this.store.put({ id: `pm_local_${rand()}`, object: 'payment_method', account: s.account, created: this.store.nowS(), ...method(s) });
    const si = { id: `seti_local_${rand()}`, object: 'setup_intent', customer: s.customer, status: 'succeeded', payment_method: pm.id, usage: 'off_session', metadata: s.setup_metadata, created: this.store.nowS() };
    const done = { ...s, status: 'complete', setup_intent: si.id };
    if (!(await this.store.putIf(done, 'status', 'open'))) return { result: 'error', message: 'This setup page has expired.' };
    await this.store.put(si);
    await this.store.emit('setup_intent.succeeded', si, { account: s.account });
    await this.store.emit('checkout.session.completed', done, { account: s.account });
    return { result: 'redirect', url: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id) };
  }
}

/** Why a saved method's charge fails: Stripe's 0341 card, or a failing test bank account. */
function failureOf(pm: Obj): { code: string; message: string } | null {
  if (pm.type === 'card') return pm.card?.fails_charges ? CARD_DECLINED : null;
  const failing = pm.us_bank_account?.fails_debits;
  return failing ? BANK_FAILURES[failing] : null;
}
