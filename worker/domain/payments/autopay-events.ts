/** Autopay's events: a saved method's setup, and the outcome of an off-session charge (a bank debit's comes only this way). */
import { applyCharge, attemptOfEvent, saveSetupMethod } from '../autopay';
import { chargingAccount } from '../autopay/methods';
import type { EventHandler } from './events';

/** setup_intent.succeeded on an HOA's account: the resident's new method, recorded after the commit (it is read from the provider). */
export const setupSucceeded: EventHandler = async ({ deps, tx, event }) => {
  const si = event.object;
  const m = si.metadata ?? {};
  // The subscription signup's SetupIntent (the platform's own) is confirmed by the signup call itself.
  if (!m.hoa_id || !m.user_id || !si.payment_method || !event.account) return 'ignored';
  if ((await chargingAccount(tx, String(m.hoa_id))) !== event.account) return 'ignored';
  const input = { hoaId: String(m.hoa_id), userId: String(m.user_id), customerId: si.customer ?? null, paymentMethodId: String(si.payment_method) };
  deps.database.afterCommit(() => deps.afterResponse(() => saveSetupMethod(deps, input)));
  return 'applied';
};

/** payment_intent.succeeded / payment_failed of an autopay charge: applied to its attempt once (the run may have applied it already). */
export const autopayCharge: EventHandler = async (ctx) => {
  const { deps, tx, event } = ctx;
  const pi = event.object;
  const attempt = await attemptOfEvent(tx, event.account, pi);
  if (!attempt) return 'ignored';
  if (attempt.status !== 'processing') return 'stale';
  const failed = event.type === 'payment_intent.payment_failed';
  const result = { id: String(pi.id), status: failed ? ('failed' as const) : ('succeeded' as const), failureMessage: failed ? String(pi.last_payment_error?.message ?? 'The payment failed.') : null };
  if (await applyCharge(deps, tx, attempt.id, result)) ctx.queuedEmail = true;
  return 'applied';
};
