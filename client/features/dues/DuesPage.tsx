/**
 * /dues: the tabs "Dues" and "My Invoices", and for the board "Collections", all read from the local
 * cache (they work offline). Board and superadmin see the Create Due button; the superadmin, while the payment
 * account is not complete, the way to /stripe-setup.
 */
import { useHasRole } from '../../lib/session';
import { useNavBanner } from '../../lib/use-nav-banner';
import { Alert, ButtonLink, PageHeader, Tabs } from '../../ui';
import { PaymentAccountBanner } from '../billing/PaymentAccountLink';
import { CollectionsTab } from './CollectionsTab';
import { DuesTab } from './DuesTab';
import { InvoicesTab } from './InvoicesTab';

export function DuesPage() {
  const board = useHasRole('board');
  const [banner, clearBanner] = useNavBanner();
  return (
    <div>
      <PageHeader
        title="Dues"
        subtitle={board ? 'Create dues and follow the invoices they issue' : 'Your dues and invoices'}
        actions={
          board ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink href="/questions" variant="secondary">
                Questions
              </ButtonLink>
              <ButtonLink href="/dues/create">Create Due</ButtonLink>
            </div>
          ) : (
            <ButtonLink href="/autopay" variant="secondary">
              Autopay
            </ButtonLink>
          )
        }
      />
      <PaymentAccountBanner className="mb-6" />
      {banner && (
        <div className="mb-6">
          <Alert tone="success" onDismiss={clearBanner}>
            {banner}
          </Alert>
        </div>
      )}
      <Tabs
        tabs={[
          { label: 'Dues', content: <DuesTab board={board} /> },
          { label: 'My Invoices', content: <InvoicesTab /> },
          ...(board ? [{ label: 'Collections', content: <CollectionsTab /> }] : []),
        ]}
      />
    </div>
  );
}
