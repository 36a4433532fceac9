/**
 * Bank payments (ACH) on the local provider's Checkout (docs/decisions/223-local-bank-payments.md):
 * Stripe's test bank accounts, a session completed unpaid at once, its payment processing until the
 * bank answers (`releaseBankPayments`: the billing clock's job, the page's button, the tests' hook).
 */
import { BANK_MESSAGES, BANK_SETTLE_DELAY_S, evaluateBankAccount, TEST_BANK_NAME, type BankInput } from './bank-accounts';
import { checkoutOf, CHECKOUT_PAGE_MESSAGES, closedMessage, methodsOf, type PageResult } from './local-pages';
import { rand, type LocalObjectStore, type Obj } from './local-store';

export class LocalBankPayments {
  constructor(private readonly store: LocalObjectStore) {}

  /**
   * A US bank account (ACH): the session completes unpaid at once (`checkout.session.completed`), its
   * payment stays processing and settles later by `async_payment_succeeded` / `_failed`
   * (`releaseBankPayments`).
   */
  async payCheckoutByBank(id: string, bank: BankInput): Promise<PageResult> {
    const s = await checkoutOf(this.store, id);
    if (!s || s.status !== 'open') return { result: 'error', message: closedMessage(s) };
    if (!methodsOf(s).includes('us_bank_account')) return { result: 'error', message: CHECKOUT_PAGE_MESSAGES.noBank };
    const r = evaluateBankAccount(bank);
    if (r.outcome === 'refused') return { result: 'error', message: r.message };
    const piId = `pi_local_${rand()}`;
    const done = { ...s, status: 'complete', payment_status: 'unpaid', payment_intent: piId };
    if (!(await this.store.putIf(done, 'status', 'open'))) return { result: 'error', message: closedMessage(await checkoutOf(this.store, s.id)) };
    const now = this.store.nowS();
    const pm = await this.store.put({ id: `pm_local_${rand()}`, object: 'payment_method', type: 'us_bank_account', customer: s.customer, billing_details: { name: bank.holder.trim() || null }, us_bank_account: { bank_name: TEST_BANK_NAME, last4: r.last4, routing_number: r.routing, account_holder_type: 'individual' }, created: now });
    await this.store.put({ id: piId, object: 'payment_intent', amount: s.amount_total, currency: 'usd', status: 'processing', payment_method: pm.id, account: s.connected_account ?? null, metadata: s.metadata, checkout_session: s.id, settles: r.settles, settles_at: r.settles === 'held' ? null : now + BANK_SETTLE_DELAY_S, created: now });
    await this.store.emit('checkout.session.completed', done, { account: s.connected_account });
    return { result: 'redirect', url: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id) };
  }

  /** The processing bank payment of a session, if any (its page offers to release it). */
  async processingPaymentOf(session: Obj): Promise<Obj | null> {
    const pi = session.payment_intent ? await this.store.get(session.payment_intent) : null;
    return pi?.status === 'processing' ? pi : null;
  }

  /**
   * Settles processing bank payments as the bank answers: those due by now (the billing clock's job),
   * or at once every one (`all`) or one session's (`sessionId`), held ones included: the tests' hook
   * and the page's button. Returns how many settled.
   */
  async releaseBankPayments(opts: { all?: boolean; sessionId?: string } = {}): Promise<number> {
    const now = this.store.nowS();
    const due = await this.store.list('payment_intent', (pi) =>
      pi.status === 'processing' && (opts.sessionId ? pi.checkout_session === opts.sessionId : opts.all || (pi.settles_at != null && pi.settles_at <= now)),
    );
    let settled = 0;
    for (const pi of due) {
      const ok = pi.settles !== 'failed';
      const failure = ok ? {} : { last_payment_error: { code: 'account_closed', type: 'invalid_request_error', message: BANK_MESSAGES.accountClosed } };
      if (!(await this.store.putIf({ ...pi, status: ok ? 'succeeded' : 'requires_payment_method', settles_at: null, ...failure }, 'status', 'processing'))) continue;
      const s = await this.store.get(pi.checkout_session);
      if (!s) continue;
      if (ok) await this.store.put({ ...s, payment_status: 'paid' });
      await this.store.emit(ok ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', { ...s, payment_status: ok ? 'paid' : 'unpaid' }, { account: s.connected_account });
      settled++;
    }
    return settled;
  }
}
