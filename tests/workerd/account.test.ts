/**
 * The owner's account in workerd, with the Worker's local payment provider: a trial signup through to
 * the signed-in superadmin (the card saved on the provider's form, confirm, complete, HOA setup), the
 * subscription managed from the profile (plan change, billing portal, cancel now, reactivation
 * Checkout paid on the provider's page), the HOA's payment account onboarded, and a password reset
 * from its link.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../schema/subscriptions';
import { call, login, until } from './http';
import { plantAuthToken } from './db';
import { finishTrial, startTrial, SUCCESS_CARD, type TrialBody } from './trial';

const TRIAL: TrialBody = { email: 'wendy@workerd-willows.test', password: 'Willows2026', name: 'Wendy Willows', hoa_name: 'Workerd Willows HOA', plan: 'starter' };
/** A form on one of the provider's pages, posted from this machine as the browser would. */
const postForm = (url: string, form: Record<string, string>) => fetch(new URL(url, inject('workerUrl')), { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

describe('the owner account in workerd', () => {
  let owner: { token: string; userId: string; hoaId: string };
  const asOwner = (method: string, path: string, body?: unknown) => call(method, path, { token: owner.token, body });

  beforeAll(async () => {
    const ref = await startTrial(TRIAL);
    const done = await finishTrial(ref);
    expect(done).toMatchObject({ user: { email: TRIAL.email, role: 'superadmin', status: 'active' }, hoa: { name: TRIAL.hoa_name }, subscription: { status: 'trialing' } });
    owner = { token: done.accessToken, userId: ref.user_id, hoaId: ref.hoa_id };
  });

  it('sets up the new HOA and manages its subscription: plan change, billing portal, cancel now, reactivation paid on the Checkout page', async () => {
    expect((await asOwner('POST', '/api/signup/hoa-setup', { name: TRIAL.hoa_name, city: 'Portland', zip: '97201' })).json.hoa).toMatchObject({ name: TRIAL.hoa_name });
    // The provider's subscription.created event arrives after the call that made it (ctx.waitUntil).
    await until(async () => ((await asOwner('GET', '/api/subscriptions/status')).json.subscription?.plan?.name === 'starter' ? true : undefined));

    expect((await asOwner('POST', '/api/subscriptions/update-plan', { planName: 'pro' })).json).toMatchObject({ change: { plan: 'pro', direction: 'upgrade' }, subscription: { plan: { name: 'pro' } } });
    const portal = await asOwner('POST', '/api/subscriptions/create-billing-portal');
    expect(await (await fetch(portal.json.portal_url)).text()).toContain(TRIAL.hoa_name);
    expect((await asOwner('POST', '/api/subscriptions/create-reactivation-checkout', { planName: 'growth' })).json.message).toBe(SUBSCRIPTION_MESSAGES.nothingToReactivate);

    await asOwner('POST', '/api/subscriptions/cancel', { reason: 'Workerd check', immediately: true });
    const lapsed = await until(async () => {
      const s = await asOwner('GET', '/api/subscriptions/reactivation-status');
      return s.json.needsReactivation ? s.json : undefined;
    });
    expect(lapsed.subscription).toMatchObject({ status: 'canceled', cancellation_reason: 'Workerd check' });
    const checkout = await asOwner('POST', '/api/subscriptions/create-reactivation-checkout', { planName: 'growth' });
    const paid = await postForm(checkout.json.checkout_url, SUCCESS_CARD);
    expect([paid.status, paid.headers.get('location')]).toEqual([303, `${inject('workerUrl')}/reactivation?checkout=success`]);
    const active = await until(async () => {
      const s = await asOwner('GET', '/api/subscriptions/reactivation-status');
      return s.json.subscription?.status === 'active' ? s.json : undefined;
    });
    expect(active).toMatchObject({ needsReactivation: false, subscription: { plan: { name: 'growth' }, canceled_at: null } });
  });

  it('onboards the HOA payment account on the provider page', async () => {
    expect((await asOwner('GET', '/api/stripe-connect/account-status')).json).toEqual({ account_exists: false, account_id: null, status: null });
    expect((await asOwner('POST', '/api/stripe-connect/refresh-onboarding')).status).toBe(404);
    const created = await asOwner('POST', '/api/stripe-connect/create-account');
    expect(created.json.success).toBe(true);
    const refreshed = await asOwner('POST', '/api/stripe-connect/refresh-onboarding');
    expect(refreshed.json.onboarding_url).toMatch(/\/dev\/pay\/connect\//);
    const finished = await postForm(refreshed.json.onboarding_url, { complete: 'yes', businessName: TRIAL.hoa_name });
    expect(finished.status).toBe(303);
    expect((await asOwner('GET', '/api/stripe-connect/account-status')).json).toMatchObject({ account_exists: true, status: { details_submitted: true, charges_enabled: true, payouts_enabled: true } });
  });

  it('resets the password from its link; the link works once and the new password signs in', async () => {
    const token = await plantAuthToken(owner.userId, owner.hoaId, 'reset');
    expect((await call('GET', `/api/auth/verify-reset-token?token=${encodeURIComponent(token)}`)).json).toEqual({ email: TRIAL.email });
    expect((await call('POST', '/api/auth/reset-password', { body: { token, password: 'Renewed2026' } })).status).toBe(200);
    expect((await call('GET', `/api/auth/verify-reset-token?token=${encodeURIComponent(token)}`)).status).toBe(400);
    expect((await call('POST', '/api/auth/reset-password', { body: { token, password: 'Again2026' } })).status).toBe(400);
    expect((await login(TRIAL.email, 'Renewed2026')).user).toMatchObject({ email: TRIAL.email, role: 'superadmin' });
  });
});
