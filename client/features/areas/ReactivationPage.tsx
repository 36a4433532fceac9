import { Redirect } from 'wouter';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui';
import { ComingSoon } from './AreaPage';

/** /reactivation (platform §2): only for a superadmin whose subscription needs it; everyone else goes to /dashboard. */
export function ReactivationPage() {
  const session = useSession();
  if (session.status !== 'authenticated' || !session.user.needsReactivation) return <Redirect to="/dashboard" replace />;
  return (
    <div className="mx-auto max-w-2xl pt-6 text-center">
      <PageHeader title="Reactivate Your Subscription" />
      <ComingSoon />
    </div>
  );
}
