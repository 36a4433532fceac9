import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { planDisplayName, SIGNUP_MESSAGES, type PaidPlanName, type TrialResponse } from '../../../schema/signup';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../../ui/Alert';
import { LoadingText } from '../../ui/Loading';
import { AccountStep } from './AccountStep';
import { finishPayment, PaymentStep } from './PaymentStep';
import { PlanStep, usePlans } from './PlanStep';
import { resetSignup, updateSignup, useSignup, type SignupData } from './signup-state';
import { SignupProgress, STEP_NAMES } from './SignupProgress';

type Screen = 'plans' | 'account' | 'payment';

/**
 * Where a saved wizard resumes: the first step not done yet. A completed signup shown
 * here (HOA setup's Back, or within the second its resume is off) is at plan selection.
 */
function resumeScreen(s: SignupData): Screen {
  if (s.completionResponse) return 'plans';
  if (s.signupResponse) return 'payment';
  if (s.plan) return 'account';
  return 'plans';
}

/** What the card provider's redirect (3-D Secure) brought back in the query, once. */
function useProviderReturn() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [ret] = useState(() => {
    const q = new URLSearchParams(search);
    const id = q.get('setup_intent');
    return id ? { setupIntentId: id, ok: q.get('redirect_status') === 'succeeded' } : null;
  });
  useEffect(() => {
    if (ret) navigate('/signup', { replace: true });
  }, [ret, navigate]);
  return ret;
}

/** /signup: plans, account and payment; HOA setup and the complete screen follow. */
export function SignupPage() {
  const s = useSignup();
  const [, navigate] = useLocation();
  const plansState = usePlans();
  const providerReturn = useProviderReturn();
  const [screen, setScreen] = useState<Screen>(() => resumeScreen(s));
  const [finishing, setFinishing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const resumeDisabled = useRef(Date.now() < s.disableResumeUntil).current;
  useDocumentTitle('Start your free trial');

  // Back from 3-D Secure: a saved card is confirmed and the signup completed; a failed one is reported.
  useEffect(() => {
    const r = s.signupResponse;
    if (!providerReturn || !r || providerReturn.setupIntentId !== r.setup_intent_id) return;
    if (!providerReturn.ok) return setPaymentError(SIGNUP_MESSAGES.paymentSetupFailed);
    setFinishing(true);
    finishPayment(r, providerReturn.setupIntentId, s.plan ?? r.plan).then(
      () => navigate('/signup/hoa-setup'),
      (e: Error) => {
        setPaymentError(e.message);
        setFinishing(false);
      },
    );
    // Once per return.
  }, [providerReturn]);

  if (s.completionResponse && !resumeDisabled && !finishing) return <Redirect to="/signup/hoa-setup" replace />;

  const pick = (plan: PaidPlanName) => {
    if (s.completionResponse) return navigate('/signup/hoa-setup');
    updateSignup({ plan });
    setScreen(s.signupResponse ? 'payment' : 'account');
  };
  // A resumed signup whose card was already confirmed keeps it: the payment step only completes it.
  const account = (r: TrialResponse) => {
    updateSignup({ signupResponse: r, payment: { setupIntentId: r.payment_method_secured ? r.setup_intent_id : null, secured: r.payment_method_secured } });
    setScreen('payment');
  };
  const startOver = () => {
    resetSignup();
    setPaymentError(null);
    setScreen('plans');
  };
  const step = { plans: 1, account: 2, payment: 3 }[screen];
  const startedOn = s.completionResponse
    ? `Your free trial has started on the ${planDisplayName(s.completionResponse.subscription.plan)} plan. You can change plans later from your profile.`
    : undefined;

  return (
    <div className="mx-auto w-full max-w-5xl pt-2 sm:pt-6">
      <SignupProgress step={step} />
      <h1 className="mb-1 text-2xl font-semibold tracking-tight text-neutral-900">{STEP_NAMES[step - 1]}</h1>
      <p className="mb-6 text-sm text-neutral-600">
        {screen === 'plans' && 'Start your free trial. Pick the plan that fits your community.'}
        {screen === 'account' && `${s.plan ? `${planDisplayName(s.plan)} plan. ` : ''}You'll automatically become the superadmin of your HOA.`}
        {screen === 'payment' && 'Add a payment method for your subscription.'}
      </p>
      {finishing ? (
        <LoadingText label="Confirming your card..." />
      ) : screen === 'plans' ? (
        <PlanStep plans={plansState.plans} error={plansState.error} selected={s.plan} onPick={pick} note={startedOn} />
      ) : screen === 'account' ? (
        s.plan ? (
          <AccountStep onBack={() => setScreen('plans')} onDone={account} />
        ) : (
          <Alert tone="error">{SIGNUP_MESSAGES.selectPlanFirst}</Alert>
        )
      ) : (
        <PaymentStep onBack={() => setScreen('account')} onStartOver={startOver} onDone={() => navigate('/signup/hoa-setup')} initialError={paymentError} key={paymentError ?? 'payment'} />
      )}
    </div>
  );
}
