/**
 * The way to /stripe-setup: nothing else leads there, and until the HOA's payment account
 * is complete residents cannot pay their invoices online. The profile has a card with the account's
 * state; the dues screen a banner while it is not complete. Both for the superadmin only, whose it is.
 */
import { PAYMENT_ACCOUNT_MESSAGES, PAYMENT_ACCOUNT_STATE_LABELS as LABELS, type PaymentAccountState } from '../../../schema/payment-account';
import { Alert } from '../../ui/Alert';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { LoadingForm } from '../../ui/Loading';
import { usePaymentAccount } from './payment-account';

const VARIANTS: Record<PaymentAccountState, BadgeVariant> = { none: 'secondary', incomplete: 'warning', complete: 'success' };
const LINKS: Record<PaymentAccountState, string> = { none: 'Set Up Payments', incomplete: 'Continue Setup', complete: 'View Payment Account' };
const TEXTS: Record<PaymentAccountState, string> = {
  none: "Residents cannot pay their invoices online until you set up your HOA's payment account.",
  incomplete: 'The payment provider needs more details before residents can pay their invoices online.',
  complete: 'Charges and payouts are enabled. Residents can pay their invoices online.',
};

export const PaymentAccountBadge = ({ state }: { state: PaymentAccountState }) => <Badge variant={VARIANTS[state]}>{LABELS[state]}</Badge>;

const AccountState = ({ state }: { state: PaymentAccountState }) => (
  <div className="space-y-3">
    <p>{TEXTS[state]}</p>
    <ButtonLink href="/stripe-setup" size="sm" variant={state === 'complete' ? 'secondary' : 'primary'}>
      {LINKS[state]}
    </ButtonLink>
  </div>
);

/** On /profile: the account's state and the link, whatever the state (while it loads, laid out as a complete one). */
export function PaymentAccountCard() {
  const view = usePaymentAccount(PAYMENT_ACCOUNT_MESSAGES.loadFailed);
  const state = view && 'state' in view ? view.state : null;
  return (
    <Card>
      <CardHeader title="Payment account" description="Residents' invoice payments" actions={state && <PaymentAccountBadge state={state} />} />
      <CardBody className="space-y-3 text-sm text-neutral-700">
        {view && 'error' in view ? (
          <Alert tone="error">{view.error}</Alert>
        ) : (
          <LoadingForm loading={!state} label="Loading account status...">
            <AccountState state={state ?? 'complete'} />
          </LoadingForm>
        )}
      </CardBody>
    </Card>
  );
}

/** On /dues: a banner while the account is not complete (nothing once it is, or when its state is unknown). */
export function PaymentAccountBanner({ className }: { className?: string }) {
  const view = usePaymentAccount(PAYMENT_ACCOUNT_MESSAGES.loadFailed);
  if (!view || !('state' in view) || view.state === 'complete') return null;
  return (
    <Alert
      tone="warning"
      className={className}
      title={`Payment account: ${LABELS[view.state]}`}
      action={
        <ButtonLink href="/stripe-setup" size="sm">
          {LINKS[view.state]}
        </ButtonLink>
      }
    >
      {TEXTS[view.state]}
    </Alert>
  );
}
