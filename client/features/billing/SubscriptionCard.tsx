import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { planDisplayName } from '../../../schema/signup';
import { isLapsed, SUBSCRIPTION_MESSAGES, type ApiSubscription } from '../../../schema/subscriptions';
import { errorMessage } from '../../lib/api';
import { formatUsd } from '../../../schema/money';
import { formatDate } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DetailRow } from '../../ui/DetailRow';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { LoadingForm } from '../../ui/Loading';
import { billingApi, openBillingPortal, takePlanBeforePortal } from './billing-api';

const STATUS: Record<string, [string, BadgeVariant]> = {
  trialing: ['Free trial', 'success'],
  active: ['Active', 'success'],
  past_due: ['Past due', 'warning'],
  canceled: ['Canceled', 'destructive'],
  unpaid: ['Unpaid', 'destructive'],
  incomplete: ['Incomplete', 'warning'],
  incomplete_expired: ['Expired', 'destructive'],
  paused: ['Paused', 'secondary'],
};

/**
 * The card's badge. A subscription canceled at the period end keeps its provider status (trialing,
 * active) until then: the badge says it ends, not 'Free trial'.
 */
function badgeOf(sub: ApiSubscription): [string, BadgeVariant] {
  if (sub.cancel_at_period_end && !isLapsed(sub.status)) return [sub.access_expires_at ? `Ends ${formatDate(sub.access_expires_at)}` : 'Canceled', 'warning'];
  return STATUS[sub.status] ?? [sub.status, 'secondary'];
}

/** Back from the portal with another plan: the profile's banner flag replaces the return flag. */
function usePortalReturn(sub: ApiSubscription | null) {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!sub || !new URLSearchParams(search).has('billing_return')) return;
    const before = takePlanBeforePortal();
    navigate(before && before !== sub.plan.name ? `/profile?plan_updated=${sub.plan.name}` : '/profile', { replace: true });
  }, [sub, search, navigate]);
}

/** The card's room while the subscription loads, laid out as an active plan's (the usual state). */
const SubscriptionPlaceholder = () => (
  <div className="space-y-4">
    <dl className="divide-y divide-neutral-200">
      {['Plan', 'Next billing date', 'Units'].map((label) => (
        <DetailRow key={label} label={label}>
          —
        </DetailRow>
      ))}
    </dl>
    <Button>Manage Subscription</Button>
  </div>
);

/** The superadmin's subscription on /profile: plan, status, dates, units, and the portal. */
export function SubscriptionCard() {
  const [sub, setSub] = useState<ApiSubscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    billingApi.status().then(
      (r) => setSub(r.subscription),
      (e) => setError(errorMessage(e, SUBSCRIPTION_MESSAGES.reactivationLoadFailed)),
    );
  }, []);
  usePortalReturn(sub);

  const manage = () => {
    setBusy(true);
    openBillingPortal(sub?.plan.name ?? null).catch((e) => {
      setError(errorMessage(e, SUBSCRIPTION_MESSAGES.portalFailed));
      setBusy(false);
    });
  };
  const badge = sub && badgeOf(sub);
  const canceled = sub && (sub.cancel_at_period_end || sub.canceled_at);

  return (
    <Card>
      <CardHeader title="Subscription" description="Your HOA's plan and billing" actions={badge && <Badge variant={badge[1]}>{badge[0]}</Badge>} />
      <CardBody className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {!sub && !error && (
          <LoadingForm loading label="Loading subscription...">
            <SubscriptionPlaceholder />
          </LoadingForm>
        )}
        {sub && (
          <>
            <dl className="divide-y divide-neutral-200">
              <DetailRow label="Plan">{`${sub.plan.display_name} · ${formatUsd(sub.plan.price_cents)}/month`}</DetailRow>
              {sub.status === 'trialing' && !canceled && sub.trial_end && <DetailRow label="Trial ends">{formatDate(sub.trial_end)}</DetailRow>}
              {!canceled && sub.current_period_end && <DetailRow label="Next billing date">{formatDate(sub.current_period_end)}</DetailRow>}
              <DetailRow label="Units">{sub.plan.max_units == null ? `${sub.address_count} addresses` : `${sub.address_count} of ${sub.plan.max_units} units`}</DetailRow>
              {canceled && (
                <>
                  <DetailRow label="Canceled on">{sub.canceled_at ? formatDate(sub.canceled_at) : '—'}</DetailRow>
                  <DetailRow label="Access expires">{sub.access_expires_at ? formatDate(sub.access_expires_at) : '—'}</DetailRow>
                  <DetailRow label="Reason">{sub.cancellation_reason ?? 'Not given'}</DetailRow>
                </>
              )}
            </dl>
            {sub.units_exceeded && sub.suggested_plan && (
              <Alert tone="warning">
                {`Your directory has ${sub.address_count} addresses, more than the ${sub.plan.display_name} plan's ${sub.plan.max_units}. The ${planDisplayName(sub.suggested_plan)} plan fits your community.`}
              </Alert>
            )}
            {sub.status === 'past_due' && <Alert tone="warning">Your last payment failed. Update your billing information to keep full access.</Alert>}
            {sub.status === 'canceled' ? (
              <Link href="/reactivation" className="text-sm font-medium text-accent-700 hover:underline">
                Reactivate subscription
              </Link>
            ) : (
              <div className="flex flex-wrap gap-3">
                <Button onClick={manage} busy={busy} busyText={SUBSCRIPTION_MESSAGES.redirectingToPortal}>
                  Manage Subscription
                </Button>
                <Link href="/plan-selection" className="self-center text-sm font-medium text-accent-700 hover:underline">
                  Compare plans
                </Link>
              </div>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
