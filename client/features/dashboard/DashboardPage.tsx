import { Redirect } from 'wouter';
import { useCurrentUser } from '../../lib/session';
import { PageHeader } from '../../ui';

/** /dashboard (and /): board and superadmin only; residents go to /announcements (platform §2). */
export function DashboardPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role === 'resident') return <Redirect to="/announcements" replace />;
  const firstName = user.name.trim().split(/\s+/)[0];
  return <PageHeader title="Dashboard" subtitle={`Welcome back, ${firstName}`} />;
}
