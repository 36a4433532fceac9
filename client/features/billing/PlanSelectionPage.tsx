import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { PAID_PLAN_NAMES, PLAN_RANK, PLANS, isPaidPlan } from '../../../schema/signup';
import { SUBSCRIPTION_MESSAGES } from '../../../schema/subscriptions';
import { errorMessage } from '../../lib/api';
import { SUPPORT_EMAIL } from '../../lib/config';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { LoadingText } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { billingApi, leaveForPortal, openBillingPortal } from './billing-api';
import { PlanCard } from './PlanCard';

/**
 * /plan-selection, a billing page: it opens the billing portal at once. Its plan cards
 * say what a change would do; every button goes to the portal, where plans are changed.
 */
export function PlanSelectionPage() {
  const [current, setCurrent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The plan and the portal session asked together: the browser leaves one round trip sooner.
    const plan = billingApi.status().then((s) => {
      const name = s.subscription?.plan.name ?? null;
      if (live) setCurrent(name);
      return name;
    });
    Promise.all([plan, billingApi.portal()])
      .then(([name, { portal_url }]) => live && leaveForPortal(name, portal_url))
      .catch((e) => live && setError(errorMessage(e, SUBSCRIPTION_MESSAGES.portalFailed)));
    return () => {
      live = false;
    };
  }, []);
  const toPortal = () => openBillingPortal(current).catch((e) => setError(errorMessage(e, SUBSCRIPTION_MESSAGES.portalFailed)));

  return (
    <div className="space-y-6">
      <PageHeader title="Billing" subtitle="Your HOA's plan and payment details" breadcrumb={[{ label: 'Profile', href: '/profile' }, { label: 'Billing' }]} />
      {error ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => location.reload()}>
              Try Again
            </Button>
          }
        >
          {error}
        </Alert>
      ) : (
        <LoadingText label={SUBSCRIPTION_MESSAGES.redirectingToPortal} />
      )}
      <div className="grid gap-4 md:grid-cols-3">
        {PAID_PLAN_NAMES.map((name) => {
          const isCurrent = current === name;
          const note = isCurrent || !isPaidPlan(current) ? null : PLAN_RANK[name] > PLAN_RANK[current] ? SUBSCRIPTION_MESSAGES.upgradeNote : SUBSCRIPTION_MESSAGES.downgradeNote;
          return (
            <PlanCard
              key={name}
              plan={PLANS[name]}
              badge={name === 'growth' ? <Badge>Most Popular</Badge> : undefined}
              note={note}
              action={
                <Button className="w-full" variant={isCurrent ? 'secondary' : 'primary'} disabled={isCurrent} onClick={() => void toPortal()}>
                  {isCurrent ? 'Current Plan' : 'Update Billing Information'}
                </Button>
              }
            />
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link href="/profile" className="font-medium text-accent-700 hover:underline">
          Back to Profile
        </Link>
        <span className="text-neutral-600">
          Questions about billing?{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-accent-700 hover:underline">
            Contact support
          </a>
        </span>
      </div>
    </div>
  );
}
