/** A trial signup through the Worker and its local payment provider, the calls the wizard makes. */
import { expect, inject } from 'vitest';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import { call } from './http';

export interface TrialBody {
  email: string;
  password: string;
  name: string;
  hoa_name: string;
  plan: 'starter' | 'growth' | 'pro';
}

/** The test card that succeeds, as the provider's forms take it. */
export const SUCCESS_CARD = { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' };

/** A caller address of its own: the trial and completion calls are rate limited per address. */
export const fromHere = () => ({ 'CF-Connecting-IP': `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

/** The trial call: the HOA, its superadmin (invited) and the SetupIntent exist from here on. */
export async function startTrial(body: TrialBody) {
  const trial = await call('POST', '/api/signup/trial', { body, headers: fromHere() });
  expect(trial.status).toBe(201);
  return { user_id: trial.json.user.id as string, hoa_id: trial.json.hoa.id as string, setup_intent_id: trial.json.setup_intent_id as string, subscription_id: trial.json.subscription_id, signup_token: trial.json.signup_token as string };
}
export type TrialRef = Awaited<ReturnType<typeof startTrial>>;

/** The card saved on the provider's form (the local Elements), then confirm and complete: the signed-in superadmin. */
export async function finishTrial(ref: TrialRef) {
  const saved = await fetch(`${inject('workerUrl')}/dev/pay/setup/${ref.setup_intent_id}/confirm?return_url=%2Fsignup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SUCCESS_CARD) });
  expect(await saved.json()).toEqual({ status: 'succeeded' });
  expect((await call('POST', '/api/signup/confirm-payment', { body: ref })).json).toMatchObject({ success: true, payment_method_secured: true, subscription: { status: 'trialing' } });
  const done = await call('POST', '/api/signup/complete', { body: ref, headers: fromHere() });
  expect(done.status).toBe(200);
  return done.json as { accessToken: string; user: Record<string, unknown>; hoa: { name: string }; subscription: { status: string } };
}
