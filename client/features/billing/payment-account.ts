/**
 * The HOA's payment account on the client: its REST calls, and its
 * state for the screens that point the superadmin to /stripe-setup (profile, dues) until it is complete.
 */
import { useEffect, useState } from 'react';
import { paymentAccountPolicy, paymentAccountState, type ApiAccountStatus, type PaymentAccountState } from '../../../schema/payment-account';
import { api, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';

type OnboardingLink = { success: boolean; onboarding_url: string };
export const fetchAccountStatus = () => api<ApiAccountStatus>('/api/stripe-connect/account-status');
export const createAccount = () => api<OnboardingLink>('/api/stripe-connect/create-account', { method: 'POST' });
export const refreshOnboarding = () => api<OnboardingLink>('/api/stripe-connect/refresh-onboarding', { method: 'POST' });

export type PaymentAccountView = { state: PaymentAccountState } | { error: string } | null;

/**
 * The account's state for the signed-in superadmin; null while it loads and for everyone else (the
 * account is not theirs to set up). A failure gives `fallback`'s words (or the server's).
 */
export function usePaymentAccount(fallback: string): PaymentAccountView {
  const user = useCurrentUser();
  const mine = !!user && paymentAccountPolicy.mayManage(user.role);
  const [view, setView] = useState<PaymentAccountView>(null);
  useEffect(() => {
    if (!mine) return;
    let live = true;
    fetchAccountStatus().then(
      (a) => live && setView({ state: paymentAccountState(a) }),
      (e) => live && setView({ error: errorMessage(e, fallback) }),
    );
    return () => {
      live = false;
    };
  }, [mine, fallback]);
  return mine ? view : null;
}
