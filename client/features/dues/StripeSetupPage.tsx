/**
 * /stripe-setup (superadmin): the HOA's payment account. No account: start setup
 * (the provider's onboarding); requirements still due: Continue Setup with a fresh onboarding link;
 * charges and payouts enabled: "Setup Complete!".
 */
import { useEffect, useState } from 'react';
import { PAYMENT_ACCOUNT_MESSAGES as MESSAGES, paymentAccountState, requirementLabels, type ApiAccountStatus } from '../../../schema/payment-account';
import { errorMessage } from '../../lib/api';
import { Alert, Button, Card, CardBody, CardHeader, PageHeader, Spinner } from '../../ui';
import { createAccount, fetchAccountStatus, refreshOnboarding } from '../billing/payment-account';
import { PaymentAccountBadge } from '../billing/PaymentAccountLink';

export function StripeSetupPage() {
  const [state, setState] = useState<{ status: ApiAccountStatus | null; error: string | null; busy: boolean }>({ status: null, error: null, busy: false });
  useEffect(() => {
    fetchAccountStatus().then(
      (status) => setState((s) => ({ ...s, status })),
      (e) => setState((s) => ({ ...s, error: errorMessage(e, MESSAGES.loadFailed) })),
    );
  }, []);

  async function go(call: () => Promise<{ onboarding_url: string }>, fallback: string) {
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      window.location.assign((await call()).onboarding_url);
    } catch (e) {
      setState((s) => ({ ...s, busy: false, error: errorMessage(e, fallback) }));
    }
  }

  const { status, error, busy } = state;
  const s = status?.status;
  const complete = !!status && paymentAccountState(status) === 'complete';
  return (
    <div>
      <PageHeader title="Payment Account Setup" subtitle="Connect the account residents' invoice payments go to" />
      <Card>
        <CardHeader title="Payment account" actions={status && <PaymentAccountBadge state={paymentAccountState(status)} />} />
        <CardBody className="space-y-4 text-sm text-neutral-800">
          {error && <Alert tone="error">{error}</Alert>}
          {!status && !error && <Spinner />}
          {status && !status.account_exists && (
            <>
              <p>Your HOA has no payment account yet. Set one up to let residents pay their invoices online.</p>
              <Button onClick={() => go(createAccount, MESSAGES.createFailed)} busy={busy} busyText="Redirecting...">
                Start Setup
              </Button>
            </>
          )}
          {status?.account_exists && complete && (
            <Alert tone="success" title={MESSAGES.complete}>
              Charges and payouts are enabled. Residents can pay their invoices online.
            </Alert>
          )}
          {status?.account_exists && !complete && (
            <>
              <Alert tone="warning" title="Setup incomplete">
                {s && s.requirements_due.length > 0 ? `Still needed: ${requirementLabels(s.requirements_due).join(', ')}.` : 'The provider is still reviewing the account.'}
              </Alert>
              <Button onClick={() => go(refreshOnboarding, MESSAGES.linkFailed)} busy={busy} busyText="Redirecting...">
                Continue Setup
              </Button>
            </>
          )}
          {status?.account_exists && (
            <dl className="grid gap-2 sm:grid-cols-2">
              <div>
                <dt className="text-neutral-500">Account</dt>
                <dd className="font-mono text-xs">{status.account_id}</dd>
              </div>
              <div>
                <dt className="text-neutral-500">Business name</dt>
                <dd>{s?.business_profile.name ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-neutral-500">Charges</dt>
                <dd>{s?.charges_enabled ? 'Enabled' : 'Not enabled'}</dd>
              </div>
              <div>
                <dt className="text-neutral-500">Payouts</dt>
                <dd>{s?.payouts_enabled ? 'Enabled' : 'Not enabled'}</dd>
              </div>
            </dl>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
