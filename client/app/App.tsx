import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, useLocation, useRouter } from 'wouter';
import { useRenderOnArrival } from '../lib/lazy-component';
import { useSession } from '../lib/session';
import { useNeedsReactivation } from '../features/billing/reactivation-check';
// UI pieces by file, not the barrel: the entry chunk must not pull in every component (Headless UI, menus) the screens use.
import { LoadingSplash } from '../ui/Loading';
import { Toaster } from '../ui/Toast';
import { NotFoundPage } from './NotFoundPage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PublicLayout } from './PublicLayout';
import { isPreloadable, lazyComponent, roleMayOpen } from './route-def';
import { ROUTES, type RouteDef } from './routes';

/**
 * The signed-in frame (navigation, menus, the sync bars) is not needed before sign-in: its chunk
 * loads as soon as a session exists or is being restored, alongside the first screen's.
 */
const AppLayout = lazyComponent<{ children: ReactNode }, typeof import('./AppLayout')>(() => import('./AppLayout'), 'AppLayout', () => <LoadingSplash />);

/**
 * The session as the guard renders it. The start-up restore's answer renders a whole signed-in screen
 * at once: as a deferred value, React renders that in slices, yielding to input and paint, while the
 * splash stays up. Every later change (sign-in, sign-out) applies at once, so a navigation right after
 * it sees it.
 */
function useGuardSession() {
  const session = useSession();
  const deferred = useDeferredValue(session);
  return deferred.status === 'loading' ? deferred : session;
}

/** Set once the signed-in frame has rendered: later screens open inside it, with its "Loading..." until their chunk is in. */
let frameShown = false;

/**
 * Whether the first signed-in screen may render: once its chunk is in (or failed to load: its error
 * boundary then says so). Until then the splash stays, so the frame and the screen paint in one
 * frame. Painted alone, the frame showed "Loading..." for 70–180 ms, and the sync engine, which loads
 * after the frame's first paint, was asked for before the screen had painted.
 */
function useFirstScreenChunk(page: RouteDef['page'], framed: boolean): boolean {
  const [failed, setFailed] = useState(false);
  const renderArrived = useRenderOnArrival();
  const waiting = framed && !frameShown && !failed && isPreloadable(page) && !page.isLoaded();
  useEffect(() => {
    if (!waiting || !isPreloadable(page)) return;
    let live = true;
    page.preload().then(
      () => live && renderArrived(),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [waiting, page]);
  return !waiting;
}

/** The signed-in frame around `children`; notes when it has been shown. */
function Framed({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (AppLayout.isLoaded()) frameShown = true;
  });
  return <AppLayout>{children}</AppLayout>;
}

/**
 * Applies the spec's guard rule to the matched route: splash while the session loads, /login when
 * not signed in, /dashboard (or the route's own target) for an insufficient role, /dashboard for
 * signed-in visitors of public routes, and /reactivation for a superadmin who needs it.
 */
function Guarded({ route }: { route: RouteDef }) {
  const session = useGuardSession();
  const mustReactivate = useNeedsReactivation(session.status === 'authenticated' ? session.user : null);
  if (session.status !== 'anonymous') void AppLayout.preload().catch(() => {});
  // The screen's chunk loads alongside the frame's, also while the session is restored (a browser
  // that was signed in most likely still is), not once the frame is there.
  const mayShow = route.access === 'open' || (route.access === 'public' ? session.status === 'anonymous' : session.status !== 'anonymous');
  if (mayShow && isPreloadable(route.page)) void route.page.preload().catch(() => {});
  // A screen inside the signed-in frame, that this user may open (else a redirect follows).
  const framedScreen =
    session.status === 'authenticated' && mayShow && !mustReactivate && (route.access !== 'open' || !!route.signedInFrame) && roleMayOpen(route.access, session.user.role);
  const screenReady = useFirstScreenChunk(route.page, framedScreen);
  if (session.status === 'loading' || !screenReady) return <LoadingSplash />;

  const content = (
    <PageErrorBoundary key={route.path}>
      <Route path={route.path} component={route.page} />
    </PageErrorBoundary>
  );
  if (route.access === 'open') return route.signedInFrame && session.status === 'authenticated' ? <Framed>{content}</Framed> : <PublicLayout>{content}</PublicLayout>;
  if (route.access === 'public') {
    return session.status === 'authenticated' ? <Redirect to="/dashboard" replace /> : <PublicLayout>{content}</PublicLayout>;
  }

  if (session.status !== 'authenticated') return <Redirect to="/login" replace />;
  const { user } = session;
  if (mustReactivate) return <Redirect to="/reactivation" replace />;
  // Sent on from inside the signed-in frame, which stays mounted across the redirect: the navigation is up
  // when they land. Keyed by route: a redirect acts once, on mount, and a denial may lead to another.
  if (!roleMayOpen(route.access, user.role)) {
    return (
      <Framed>
        <Redirect key={route.path} to={route.denied ?? '/dashboard'} replace />
      </Framed>
    );
  }
  return <Framed>{content}</Framed>;
}

function NotFound() {
  const session = useSession();
  if (session.status === 'loading') return <LoadingSplash />;
  const Layout = session.status === 'authenticated' ? Framed : PublicLayout;
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

/**
 * Loads a screen as soon as the user shows they are going there (pointer over a link, keyboard focus
 * on it, a finger down on it): by the click it is usually there, and `lazyPage` then renders it at
 * once, without a loading text. Nothing is loaded that nobody asked for.
 */
function usePreloadOnIntent() {
  const { parser } = useRouter();
  useEffect(() => {
    const intent = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      const route = ROUTES.find((r) => matchRoute(parser, r.path, link.pathname)[0]);
      if (route && isPreloadable(route.page)) void route.page.preload().catch(() => {});
    };
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const e of events) document.addEventListener(e, intent, { passive: true });
    return () => {
      for (const e of events) document.removeEventListener(e, intent);
    };
  }, [parser]);
}

/** Picks the first route of the table that matches; any other path is the 404 page. */
export function App() {
  const [location] = useLocation();
  const { parser } = useRouter();
  usePreloadOnIntent();
  const route = ROUTES.find((r) => matchRoute(parser, r.path, location)[0]);
  return <Shell>{route ? <Guarded route={route} /> : <NotFound />}</Shell>;
}
