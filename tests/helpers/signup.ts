import type { CompleteResponse, TrialResponse } from '../../schema/signup';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { TestApp } from './app';
import { call, socketEnv } from './http';

/** A visitor's account step. */
export const TRIAL: {
  email: string;
  password: string;
  name: string;
  hoa_name: string;
  plan: 'starter' | 'growth' | 'pro';
} = {
  email: 'wanda@willowcreek.test',
  password: 'Willow2026',
  name: 'Wanda Willow',
  hoa_name: 'Willow Creek HOA',
  plan: 'growth',
};

export async function startSignup(t: TestApp, body: Partial<typeof TRIAL> = {}): Promise<TrialResponse> {
  const r = await call(t, 'POST', '/api/signup/trial', {
    body: { ...TRIAL, ...body },
    ip: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (r.status !== 201) throw new Error(`trial failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

/** The card form of the payment step on the local provider (what the wizard posts, the local Elements). */
export async function cardStep(t: TestApp, r: Pick<TrialResponse, 'setup_intent_id'>, number: string) {
  const res = await t.app.request(
    `http://localhost:8787/dev/pay/setup/${r.setup_intent_id}/confirm?return_url=${encodeURIComponent('/signup')}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number, expiry: '12 / 34', cvc: '123' }),
    },
    socketEnv(),
  );
  return res.json();
}

/** What the wizard's later calls (confirm-payment, complete) send to name the signup a trial call started. */
export const signupRef = (trial: TrialResponse) => ({
  user_id: trial.user.id,
  hoa_id: trial.hoa.id,
  setup_intent_id: trial.setup_intent_id,
  subscription_id: trial.subscription_id,
  signup_token: trial.signup_token,
});

/** A whole signup with the success card: the new HOA's superadmin, signed in. */
export async function signUpNewHoa(t: TestApp, body: Partial<typeof TRIAL> = {}): Promise<CompleteResponse & { trial: TrialResponse }> {
  const trial = await startSignup(t, body);
  await cardStep(t, trial, TEST_CARDS.success);
  const done = await call(t, 'POST', '/api/signup/complete', {
    body: signupRef(trial),
  });
  if (done.status !== 200) throw new Error(`complete failed: ${done.status} ${JSON.stringify(done.json)}`);
  return { ...done.json, trial };
}
