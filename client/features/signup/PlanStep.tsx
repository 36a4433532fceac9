import { useEffect, useState } from 'react';
import { COMMON_FEATURES, PAID_PLAN_NAMES, SIGNUP_MESSAGES, TRIAL_DAYS, type PaidPlanName, type PlansResponse } from '../../../schema/signup';
import { errorMessage } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { LoadingText } from '../../ui/Loading';
import { PlanCard } from '../billing/PlanCard';
import { signupApi } from './signup-api';

/** The plans, loaded once per page (the wizard's steps share them). */
export function usePlans() {
  const [plans, setPlans] = useState<PlansResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    signupApi.plans().then(setPlans, (e) => setError(errorMessage(e, SIGNUP_MESSAGES.plansFailed)));
  }, []);
  return { plans, error };
}

/** Step 1 'Choose Your Plan': picking a plan moves on. */
export function PlanStep({
  plans,
  error,
  selected,
  onPick,
  note,
}: {
  plans: PlansResponse | null;
  error: string | null;
  selected: PaidPlanName | null;
  onPick: (p: PaidPlanName) => void;
  note?: string;
}) {
  if (error) {
    return (
      <Alert
        tone="error"
        title={SIGNUP_MESSAGES.plansFailedTitle}
        action={
          <Button variant="secondary" size="sm" onClick={() => location.reload()}>
            Try Again
          </Button>
        }
      >
        {error}
      </Alert>
    );
  }
  if (!plans) return <LoadingText label="Loading plans..." />;
  return (
    <div className="space-y-6">
      {note && <Alert tone="info">{note}</Alert>}
      <div className="grid gap-4 md:grid-cols-3">
        {PAID_PLAN_NAMES.map((name) => (
          <PlanCard key={name} plan={plans[name]} selected={selected === name} onSelect={() => onPick(name)} showFeatures={false} />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section className="rounded-xl border border-neutral-200 bg-white p-5" aria-labelledby="common-features">
          <h3 id="common-features" className="font-semibold text-neutral-900">
            Every plan includes
          </h3>
          <ul className="mt-3 grid gap-2 text-sm text-neutral-700 sm:grid-cols-2">
            {COMMON_FEATURES.map((f) => (
              <li key={f} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-accent-700" />
                {f}
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-xl border border-accent-200 bg-accent-50 p-5 text-sm text-accent-900" aria-labelledby="free-trial">
          <h3 id="free-trial" className="font-semibold">
            {TRIAL_DAYS}-day free trial
          </h3>
          <p className="mt-2">Add a payment method to start. Nothing is charged until the trial ends, and you can cancel at any time.</p>
          <p className="mt-2">You&apos;ll automatically become the superadmin of your HOA.</p>
        </section>
      </div>
    </div>
  );
}
