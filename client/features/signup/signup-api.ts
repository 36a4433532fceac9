import type { AvailabilityResponse, CompleteResponse, ConfirmPaymentResponse, PlansResponse, TrialResponse } from '../../../schema/signup';
import { browserTimeZone } from '../../../schema/days';
import { api, rawRequest } from '../../lib/api';
import { signupAttempt } from './signup-state';

/** The signup calls are public: no session yet (the wizard's own token is used for HOA setup). */
const pub = { authenticated: false } as const;

export const signupApi = {
  plans: () => api<PlansResponse>('/api/signup/plans', pub),
  /** With this browser's attempt: what its own unfinished signup holds is available to it. */
  available: (body: { email: string } | { hoa_name: string }) =>
    api<AvailabilityResponse>('/api/signup/check-availability', {
      ...pub,
      method: 'POST',
      body: { ...body, attempt: signupAttempt() },
    }),
  /** With this browser's attempt too: its unfinished signup is resumed (same ids), whatever the password. */
  trial: (body: { email: string; password: string; name: string; hoa_name: string; plan: string }) =>
    api<TrialResponse>('/api/signup/trial', { ...pub, method: 'POST', body: { ...body, attempt: signupAttempt() } }),
  confirm: (r: TrialResponse, setupIntentId: string) =>
    api<ConfirmPaymentResponse>('/api/signup/confirm-payment', {
      ...pub,
      method: 'POST',
      body: ref(r, setupIntentId),
    }),
  complete: (r: TrialResponse, setupIntentId: string, plan: string) =>
    api<CompleteResponse>('/api/signup/complete', {
      ...pub,
      method: 'POST',
      body: { ...ref(r, setupIntentId), plan },
    }),
  /** HOA setup step 1, with the completion's access token (the browser is not signed in until the end). */
  /** With the browser's time zone: the new HOA's days are its owner's. */
  hoaSetup: (token: string, body: { name: string; city?: string; zip?: string }) =>
    rawRequest<{ hoa: CompleteResponse['hoa'] }>('/api/signup/hoa-setup', { method: 'POST', body: { ...body, time_zone: browserTimeZone() } }, token),
};

const ref = (r: TrialResponse, setupIntentId: string) => ({
  user_id: r.user.id,
  hoa_id: r.hoa.id,
  subscription_id: r.subscription_id,
  setup_intent_id: setupIntentId,
  signup_token: r.signup_token,
});
