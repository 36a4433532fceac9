/**
 * The wizard's saved state: kept in localStorage so a reload or the
 * card provider's redirect resumes where the visitor was, for 24 hours. The password is never saved
 * (docs/decisions/137-signup-wizard-order.md): after a reload before the account step finished, it is typed again.
 */
import { useSyncExternalStore } from 'react';
import { SIGNUP_STATE_TTL_MS, RESUME_DISABLE_MS, type CompleteResponse, type PaidPlanName, type SignupAttempt, type TrialResponse } from '../../../schema/signup';

export const SIGNUP_STATE_KEY = 'hoa.signup';
/** This browser's latest unfinished signup, kept apart: Start Over and the 24 hours do not forget it. */
export const SIGNUP_ATTEMPT_KEY = 'hoa.signup.attempt';

export interface SignupData {
  plan: PaidPlanName | null;
  account: { email: string; name: string; hoa_name: string };
  payment: { setupIntentId: string | null; secured: boolean };
  hoa: { name: string; city: string; zip: string };
  signupResponse: TrialResponse | null;
  completionResponse: CompleteResponse | null;
  timestamp: number;
  /** Until when entering /signup shows the plans instead of resuming (HOA setup's Back, 1 s). */
  disableResumeUntil: number;
}

const empty = (): SignupData => ({
  plan: null,
  account: { email: '', name: '', hoa_name: '' },
  payment: { setupIntentId: null, secured: false },
  hoa: { name: '', city: '', zip: '' },
  signupResponse: null,
  completionResponse: null,
  timestamp: Date.now(),
  disableResumeUntil: 0,
});

function read(): SignupData {
  try {
    const raw = localStorage.getItem(SIGNUP_STATE_KEY);
    if (!raw) return empty();
    const saved = JSON.parse(raw) as SignupData;
    // Older than 24 hours: discarded.
    if (!saved.timestamp || Date.now() - saved.timestamp > SIGNUP_STATE_TTL_MS) {
      localStorage.removeItem(SIGNUP_STATE_KEY);
      return empty();
    }
    return { ...empty(), ...saved };
  } catch {
    return empty();
  }
}

let current: SignupData | null = null;

/**
 * The passwords typed on the account step, in this page's memory only (never saved, see above): Back
 * to Account from the card step shows them again.
 */
let typed = { password: '', confirmPassword: '' };
export const typedPasswords = () => typed;
export const keepTypedPasswords = (p: typeof typed) => {
  typed = p;
};

const listeners = new Set<() => void>();
const snapshot = () => (current ??= read());

export function updateSignup(change: Partial<SignupData> | ((s: SignupData) => Partial<SignupData>)) {
  const prev = snapshot();
  current = {
    ...prev,
    ...(typeof change === 'function' ? change(prev) : change),
    timestamp: Date.now(),
  };
  try {
    localStorage.setItem(SIGNUP_STATE_KEY, JSON.stringify(current));
  } catch {
    // Private mode: the wizard still works in this tab.
  }
  for (const l of listeners) l();
}

/** 'Start Over' and the end of the wizard: everything goes (the attempt stays until completion). */
export function resetSignup() {
  current = empty();
  typed = { password: '', confirmPassword: '' };
  try {
    localStorage.removeItem(SIGNUP_STATE_KEY);
  } catch {
    // Nothing saved then.
  }
  for (const l of listeners) l();
}

export const disableResume = () => updateSignup({ disableResumeUntil: Date.now() + RESUME_DISABLE_MS });

export function useSignup(): SignupData {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, snapshot);
}

/** Steps done: plan chosen, signup response present, payment method secured, completion response present. */
export function completedSteps(s: SignupData): number {
  return [s.plan != null, s.signupResponse != null, s.payment.secured, s.completionResponse != null].filter(Boolean).length;
}

/**
 * The ids and token of this browser's latest trial call, sent with the live checks and the next trial
 * call: the server then counts what that unfinished signup holds as the visitor's own,
 * after Back to Account, Start Over or a wizard forgotten after 24 hours. Forgotten once completed.
 */
export function signupAttempt(): SignupAttempt | undefined {
  try {
    const raw = localStorage.getItem(SIGNUP_ATTEMPT_KEY);
    if (raw) return JSON.parse(raw) as SignupAttempt;
  } catch {
    // Unreadable: the wizard's own response below, if any.
  }
  const r = snapshot().signupResponse;
  return r ? { user_id: r.user.id, hoa_id: r.hoa.id, signup_token: r.signup_token } : undefined;
}

export function rememberAttempt(r: TrialResponse | null) {
  try {
    if (r) localStorage.setItem(SIGNUP_ATTEMPT_KEY, JSON.stringify({ user_id: r.user.id, hoa_id: r.hoa.id, signup_token: r.signup_token }));
    else localStorage.removeItem(SIGNUP_ATTEMPT_KEY);
  } catch {
    // Private mode: the wizard's response in this tab still names it.
  }
}
