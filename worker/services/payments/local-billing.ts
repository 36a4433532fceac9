/**
 * The local provider's billing clock: what Stripe's billing does to a subscription as time passes,
 * run by a job against the app's clock (tests move it). Three days before a trial ends:
 * `customer.subscription.trial_will_end`. At the end of a period: a cancellation at period end takes
 * effect (`…deleted`), a scheduled downgrade starts, and the new period is charged to the default card —
 * `invoice.paid` and the subscription active, or `invoice.payment_failed` and past due. A past-due
 * subscription is charged again 3 and 7 days after the first failure; the third failure cancels it
 * (Stripe's "cancel the subscription if all retries fail" setting), with reason `payment_failed`.
 */
import type { LocalPayments } from './local';

type Obj = Record<string, any>;
const DAY_S = 86_400;
const MONTH_S = 30 * DAY_S;
/** Days from one failed attempt to the next; after the last one fails the subscription is canceled. */
export const RETRY_AFTER_DAYS = [3, 4] as const;
export const TRIAL_WILL_END_DAYS = 3;

async function defaultCard(local: LocalPayments, sub: Obj): Promise<Obj | null> {
  const customer = await local.get(sub.customer);
  const id = customer?.invoice_settings?.default_payment_method ?? sub.default_payment_method;
  return id ? local.get(id) : null;
}

/** Charges the current period: paid → active; failed → past due with the next attempt, or canceled after the last. */
async function charge(local: LocalPayments, sub: Obj, now: number): Promise<void> {
  const card = await defaultCard(local, sub);
  const item = sub.items.data[0];
  const attempt = (sub.attempt_count ?? 0) + 1;
  const paid = card != null && !card.card?.fails_charges;
  const invoice: Obj = {
    id: `in_local_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`,
    object: 'invoice',
    customer: sub.customer,
    subscription: sub.id,
    amount_due: item.price.unit_amount,
    amount_paid: paid ? item.price.unit_amount : 0,
    currency: 'usd',
    attempt_count: attempt,
    billing_reason: 'subscription_cycle',
    status: paid ? 'paid' : 'open',
    next_payment_attempt: null as number | null,
    created: now,
  };
  if (paid) {
    Object.assign(sub, {
      status: 'active',
      attempt_count: 0,
      next_payment_attempt: null,
    });
    await local.put(sub);
    await local.emit('invoice.paid', invoice);
    await local.emit('customer.subscription.updated', sub);
    return;
  }
  const wait = RETRY_AFTER_DAYS[attempt - 1];
  if (wait === undefined) {
    Object.assign(sub, {
      status: 'canceled',
      attempt_count: attempt,
      next_payment_attempt: null,
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, reason: 'payment_failed' },
    });
    await local.put(sub);
    await local.emit('invoice.payment_failed', invoice);
    await local.emit('customer.subscription.deleted', sub);
    return;
  }
  invoice.next_payment_attempt = now + wait * DAY_S;
  Object.assign(sub, {
    status: 'past_due',
    attempt_count: attempt,
    next_payment_attempt: invoice.next_payment_attempt,
  });
  await local.put(sub);
  await local.emit('invoice.payment_failed', invoice);
  await local.emit('customer.subscription.updated', sub);
}

/** One run of the clock over every live local subscription; events go through the app's webhook processing at once. */
export async function advanceLocalBilling(local: LocalPayments): Promise<void> {
  // Bank payments whose days in flight are over settle (or fail) as the bank answers.
  await local.bank.releaseBankPayments();
  const now = local.nowS();
  const live = await local.list('subscription', (s) => ['trialing', 'active', 'past_due'].includes(s.status));
  for (const sub of live) {
    const item = sub.items.data[0];
    if (sub.status === 'trialing' && sub.trial_end && !sub.trial_will_end_sent && now >= sub.trial_end - TRIAL_WILL_END_DAYS * DAY_S && now < sub.trial_end) {
      sub.trial_will_end_sent = true;
      await local.put(sub);
      await local.emit('customer.subscription.trial_will_end', sub);
    }
    if (sub.status === 'past_due') {
      if (sub.next_payment_attempt && now >= sub.next_payment_attempt) await charge(local, sub, now);
      continue;
    }
    if (now < item.current_period_end) continue;
    if (sub.cancel_at_period_end) {
      Object.assign(sub, {
        status: 'canceled',
        ended_at: item.current_period_end,
        canceled_at: sub.canceled_at ?? now,
      });
      await local.put(sub);
      await local.emit('customer.subscription.deleted', sub);
      continue;
    }
    // A new period starts whether or not its charge succeeds (Stripe's billing anchor stays put).
    if (sub.pending_plan) {
      item.price = local.price(sub.pending_plan.plan);
      sub.metadata = { ...sub.metadata, plan: sub.pending_plan.plan };
      sub.pending_plan = null;
    }
    item.current_period_start = item.current_period_end;
    item.current_period_end += MONTH_S;
    await charge(local, sub, now);
  }
}
