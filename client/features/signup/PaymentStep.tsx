import { useCallback, useEffect, useState } from 'react';
import { CARD_FORM_DELAY_MS, planDisplayName, PLANS, SIGNUP_MESSAGES, TRIAL_DAYS, type TrialResponse } from '../../../schema/signup';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDollars } from '../../../schema/money';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadingText } from '../../ui/Loading';
import { LocalCardForm, StripeCardForm, TestCardsHint } from './CardForms';
import { signupApi } from './signup-api';
import { rememberAttempt, updateSignup, useSignup } from './signup-state';

/**
 * Confirms the saved card with the API, then completes the signup: the completion response (with the
 * new superadmin's token) is kept for HOA setup and the complete screen.
 */
export async function finishPayment(r: TrialResponse, setupIntentId: string, plan: string): Promise<void> {
  try {
    await signupApi.confirm(r, setupIntentId);
  } catch (e) {
    throw new Error(errorMessage(e, SIGNUP_MESSAGES.paymentMethodFailed), { cause: e });
  }
  updateSignup((s) => ({
    payment: { ...s.payment, setupIntentId, secured: true },
  }));
  try {
    const done = await signupApi.complete(r, setupIntentId, plan);
    rememberAttempt(null);
    updateSignup({
      completionResponse: done,
      hoa: {
        name: done.hoa.name,
        city: done.hoa.city ?? '',
        zip: done.hoa.zip ?? '',
      },
    });
  } catch (e) {
    // Server message, else the error's own (not an answer's 'HTTP 500: …'), else the spec's text.
    throw new Error(errorMessage(e, e instanceof Error && !(e instanceof ApiError) && e.message ? e.message : SIGNUP_MESSAGES.paymentSetupFailed), { cause: e });
  }
}

/** Step 3 'Secure Payment Setup'. `initialError`: what the provider's redirect reported. */
export function PaymentStep({ onBack, onStartOver, onDone, initialError }: { onBack: () => void; onStartOver: () => void; onDone: () => void; initialError?: string | null }) {
  const s = useSignup();
  const r = s.signupResponse!;
  const [shown, setShown] = useState(false);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);
  // The card form appears about 500 ms after the step is entered, with a loading notice until then.
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), CARD_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const onReady = useCallback(() => setReady(true), []);

  async function secured(setupIntentId: string) {
    setBusy(true);
    setError(null);
    try {
      await finishPayment(r, setupIntentId, s.plan ?? r.plan);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : SIGNUP_MESSAGES.paymentSetupFailed);
    } finally {
      setBusy(false);
    }
  }

  const plan = PLANS[s.plan ?? r.plan];
  const props = {
    setupIntentId: r.setup_intent_id,
    clientSecret: r.setup_intent_client_secret,
    name: r.user.name,
    busy,
    onSecured: secured,
    onReady,
  };
  const testMode = r.payment.provider === 'local' || r.payment.publishable_key?.startsWith('pk_test_');
  return (
    <div className="mx-auto max-w-lg space-y-5">
      <Card className="p-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-600">Account</dt>
          <dd className="font-medium text-neutral-900">{r.user.name}</dd>
          <dt className="text-neutral-600">Plan</dt>
          <dd className="font-medium text-neutral-900">
            {planDisplayName(plan.name)} · {formatDollars(plan.price)}/month after the {TRIAL_DAYS}-day free trial
          </dd>
        </dl>
      </Card>
      {error && <Alert tone="error">{error}</Alert>}
      <Card className="space-y-4 p-5">
        <div>
          <h3 className="font-semibold text-neutral-900">Card details</h3>
          <p className="text-sm text-neutral-600">Your card is saved securely by the payment provider. Nothing is charged until your trial ends.</p>
        </div>
        {s.payment.secured ? (
          // Saved already (the completion failed, or a resumed signup): confirming it again would fail at the provider.
          <div className="space-y-4">
            <p className="text-sm text-neutral-700">Your card is saved.</p>
            <Button type="button" className="w-full" busy={busy} busyText="Processing..." onClick={() => void secured(r.setup_intent_id)}>
              Start Free Trial
            </Button>
          </div>
        ) : (
          (!shown || !ready) && <LoadingText label="Loading secure payment form..." />
        )}
        {shown && !s.payment.secured && (
          <div className={ready ? undefined : 'sr-only'}>{r.payment.publishable_key ? <StripeCardForm {...props} publishableKey={r.payment.publishable_key} /> : <LocalCardForm {...props} />}</div>
        )}
      </Card>
      {testMode && !s.payment.secured && <TestCardsHint />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
          Back to Account
        </Button>
        <Button type="button" variant="danger" onClick={onStartOver} disabled={busy}>
          Start Over
        </Button>
      </div>
    </div>
  );
}
