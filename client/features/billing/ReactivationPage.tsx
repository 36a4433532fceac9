import { useEffect, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isPaidPlan, PAID_PLAN_NAMES, planDisplayName, PLANS, type PaidPlanName } from '../../../schema/signup';
import { REACTIVATION_PLAN_PARAM, SUBSCRIPTION_MESSAGES, type SubscriptionStatusResponse } from '../../../schema/subscriptions';
import type { ApiUser } from '../../../schema/auth';
import { api, errorMessage } from '../../lib/api';
import { formatUsd } from '../../../schema/money';
import { formatDate } from '../../lib/format';
import { signOut, updateCurrentUser, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadingText } from '../../ui/Loading';
import { billingApi } from './billing-api';
import { PlanCard } from './PlanCard';
import { cacheReactivation, clearReactivationCache } from './reactivation-check';

/** After Checkout the webhook reactivates the subscription: the status is asked again for up to 30 s. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_TRIES = 15;

const paidPlan = (name: string | null | undefined): PaidPlanName | null => (isPaidPlan(name) ? name : null);

/** /reactivation: a canceled HOA's superadmin chooses a plan and pays through Checkout. */
export function ReactivationPage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const returned = query.get('checkout');
  const [status, setStatus] = useState<SubscriptionStatusResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Back from a canceled Checkout: the plan chosen before it, else (below) the previous subscription's.
  const [plan, setPlan] = useState<PaidPlanName | null>(() => paidPlan(query.get(REACTIVATION_PLAN_PARAM)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Reactivate Your Subscription');
  const user = session.status === 'authenticated' ? session.user : null;

  useEffect(() => {
    if (!user || user.role !== 'superadmin') return;
    let live = true;
    let tries = 0;
    clearReactivationCache();
    const load = () =>
      billingApi.reactivationStatus().then(
        async (r) => {
          if (!live) return;
          // Back from a paid Checkout: wait for the webhook to bring the subscription back.
          if (returned === 'success' && r.needsReactivation && ++tries < CONFIRM_TRIES) return void setTimeout(load, CONFIRM_POLL_MS);
          cacheReactivation(user, r.needsReactivation);
          if (!r.needsReactivation) await api<ApiUser>('/api/auth/profile').then(updateCurrentUser, () => {});
          setStatus(r);
          setPlan((p) => p ?? paidPlan(r.subscription?.plan.name));
        },
        (e) => live && setLoadError(errorMessage(e, SUBSCRIPTION_MESSAGES.reactivationLoadFailed)),
      );
    void load();
    return () => {
      live = false;
    };
  }, [user?.id, user?.role, returned]);

  if (!user || user.role !== 'superadmin') return <Redirect to="/dashboard" replace />;
  if (status && !status.needsReactivation) return <Redirect to="/dashboard" replace />;

  async function reactivate() {
    setError(null);
    if (!plan) return setError(SUBSCRIPTION_MESSAGES.selectPlan);
    setBusy(true);
    try {
      location.assign((await billingApi.reactivationCheckout(plan)).checkout_url);
    } catch (e) {
      setError(errorMessage(e, SUBSCRIPTION_MESSAGES.reactivationFailed));
      setBusy(false);
    }
  }
  const sub = status?.subscription;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 pt-2 sm:pt-6">
      <div className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Reactivate Your Subscription</h1>
        <p className="mt-1 text-sm text-neutral-600">Your HOA&apos;s subscription has ended. Choose a plan to restore full access for everyone.</p>
      </div>
      {returned === 'canceled' && <Alert tone="info">{SUBSCRIPTION_MESSAGES.checkoutCanceled}</Alert>}
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {!status && !loadError && <LoadingText label={returned === 'success' ? 'Confirming your payment...' : 'Loading...'} />}
      {sub && (
        <Card className="p-5">
          <h2 className="font-semibold text-neutral-900">Previous subscription</h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-neutral-600">Plan</dt>
              <dd className="font-medium text-neutral-900">{sub.plan.display_name}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Price</dt>
              <dd className="font-medium text-neutral-900 tabular-nums">{formatUsd(sub.plan.price_cents)}/month</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Canceled</dt>
              <dd className="font-medium text-neutral-900">{sub.canceled_at ? formatDate(sub.canceled_at) : '—'}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Reason</dt>
              <dd className="font-medium text-neutral-900">{sub.cancellation_reason ?? 'Not given'}</dd>
            </div>
          </dl>
        </Card>
      )}
      {status && (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            {PAID_PLAN_NAMES.map((name) => (
              <PlanCard key={name} plan={PLANS[name]} selected={plan === name} onSelect={() => setPlan(name)} />
            ))}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}>
              Sign Out
            </Button>
            <Button onClick={() => void reactivate()} busy={busy} busyText="Redirecting to Checkout...">
              {plan ? `Reactivate with ${planDisplayName(plan)}` : 'Reactivate'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
