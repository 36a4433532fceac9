import { Suspense, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, useLocation, useRouter } from 'wouter';
import { hasRole } from '../../schema/roles';
import { useSession } from '../lib/session';
import { LoadingSplash, LoadingText, Toaster } from '../ui';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PublicLayout } from './PublicLayout';
import { ROUTES, type RouteDef } from './routes';

/**
 * Applies the spec's guard rule to the matched route: splash while the session loads, /login when
 * not signed in, /dashboard (or the route's own target) for an insufficient role, /dashboard for
 * signed-in visitors of public routes, and /reactivation for a superadmin who needs it.
 */
function Guarded({ route }: { route: RouteDef }) {
  const session = useSession();
  if (session.status === 'loading') return <LoadingSplash />;

  const content = (
    <PageErrorBoundary key={route.path}>
      <Suspense fallback={<LoadingText label="Loading..." />}>
        <Route path={route.path} component={route.page} />
      </Suspense>
    </PageErrorBoundary>
  );
  if (route.access === 'open') return <PublicLayout>{content}</PublicLayout>;
  if (route.access === 'public') {
    return session.status === 'authenticated' ? <Redirect to="/dashboard" replace /> : <PublicLayout>{content}</PublicLayout>;
  }

  if (session.status !== 'authenticated') return <Redirect to="/login" replace />;
  const { user } = session;
  if (user.role === 'superadmin' && user.needsReactivation) return <Redirect to="/reactivation" replace />;
  if (route.access === 'board' && !hasRole(user.role, 'board')) return <Redirect to={route.denied ?? '/dashboard'} replace />;
  if (route.access === 'superadmin' && !hasRole(user.role, 'superadmin')) return <Redirect to={route.denied ?? '/dashboard'} replace />;
  return <AppLayout>{content}</AppLayout>;
}

function NotFound() {
  const session = useSession();
  if (session.status === 'loading') return <LoadingSplash />;
  const Layout = session.status === 'authenticated' ? AppLayout : PublicLayout;
  return (
    <Layout>
      <NotFoundPage />
    </Layout>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

/** Picks the first route of the table that matches; any other path is the 404 page. */
export function App() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const route = ROUTES.find((r) => matchRoute(parser, r.path, location)[0]);
  return <Shell>{route ? <Guarded route={route} /> : <NotFound />}</Shell>;
}
