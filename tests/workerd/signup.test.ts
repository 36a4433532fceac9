/**
 * Signup and subscriptions in workerd: plans, availability, the spec's refusals (the database path of
 * the trial call), and the superadmin's subscription status.
 */
import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES } from '../../schema/signup';
import { call, DEMO, login } from './http';

describe('signup in workerd', () => {
  it('lists plans, checks availability and refuses taken names', async () => {
    const plans = await call('GET', '/api/signup/plans');
    expect(Object.keys(plans.json)).toEqual(['free', 'starter', 'growth', 'pro']);
    expect((await call('POST', '/api/signup/check-availability', { body: { email: DEMO.maple.board } })).json).toEqual({ available: false });
    expect((await call('POST', '/api/signup/check-availability', { body: { hoa_name: 'Workerd Heights HOA' } })).json).toEqual({ available: true });
    const taken = await call('POST', '/api/signup/trial', { body: { email: DEMO.maple.board, password: 'Workerd2026', name: 'W', hoa_name: 'Maple Grove HOA', plan: 'starter' } });
    expect(taken.json.errors).toEqual([
      { path: 'email', msg: SIGNUP_MESSAGES.emailTaken },
      { path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken },
    ]);
  });

  it("gives the superadmin their HOA's subscription", async () => {
    const owner = await login(DEMO.cedar.superadmin);
    const r = await call('GET', '/api/subscriptions/status', { token: owner.token });
    expect(r.json).toMatchObject({ needsReactivation: false, subscription: { status: 'trialing', plan: { name: 'growth' } } });
  });
});
