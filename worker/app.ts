// First: zod's JIT is off before any module below builds a schema (worker/zod-config.ts).
import './zod-config';
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from './deps';
import { AppError, isTemporaryError, RETRY_AFTER_SECONDS, TEMPORARY_FAILURE_MESSAGE } from './domain/errors';
import type { AppEnv } from './env';
import { appOrigins, depsForRequest } from './middleware/app-origin';
import { BODY_LIMITS, declareBodyLimits, limitRequestBody } from './middleware/body-limit';
import { refuseLapsedWrites } from './middleware/lapsed';
import { bodyLimitsOf, type ComposedServerAreas, type ServerRoute } from './kit/server-area';
import { authRoutes } from './routes/auth';
import { devMailRoutes } from './routes/dev-mail';
import { devPayRoutes } from './routes/dev-pay';
import { uploadRoutes } from './routes/uploads';
import { dashboardRoutes } from './routes/dashboard';
import { webhookRoutes } from './routes/webhooks';
import { syncRoutes } from './routes/sync';

export interface AppOptions {
  /** Serves the built SPA for every non-API path (Node entry); Workers use static assets instead. */
  spa?: MiddlewareHandler<AppEnv>;
}

/** Content-Security-Policy for the SPA: own origin, Stripe.js, and the storage origin for direct uploads. */
function csp(deps: AppDeps) {
  const stripe = ['https://js.stripe.com', 'https://*.stripe.com'];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...stripe],
    // Tailwind output is a file, but Headless UI and Tiptap set inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...deps.config.connectOrigins],
    connectSrc: ["'self'", 'https://api.stripe.com', ...deps.config.connectOrigins],
    frameSrc: ["'self'", ...stripe],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...stripe],
    frameAncestors: ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
  };
}

/** The platform's routers (no area's), with the body limits of those routes that take more than the default. */
const platformRoutes: ServerRoute[] = [
  { path: '/api/auth', router: authRoutes, bodyLimits: { '/*': BODY_LIMITS.auth } },
  { path: '/api/dashboard', router: dashboardRoutes },
  { path: '/api/webhooks', router: webhookRoutes, bodyLimits: { '/*': BODY_LIMITS.webhook } },
  { path: '/api/sync', router: syncRoutes, bodyLimits: { '/push': BODY_LIMITS.push } },
];

/**
 * Whether an answer is worth compressing (the Node entry gzips those, worker/gzip.ts): the pull
 * (megabytes at first), the areas' reads and the SPA's files. Small answers (health, sign-in, push)
 * are left alone.
 */
export function isCompressible(areas: ComposedServerAreas): (req: Request, path: string) => boolean {
  const areaPaths = areas.list.flatMap((a) => (a.routes ?? []).map((r) => r.path));
  const isAreaPath = (path: string) => areaPaths.some((p) => path === p || path.startsWith(`${p}/`));
  return (req, path) => path === '/api/sync/pull' || !path.startsWith('/api/') || (req.method === 'GET' && isAreaPath(path));
}

/** Where the build's hashed files are (vite's `assets` folder): scripts and styles, never a page. */
const BUILT_ASSETS = '/assets/';

/**
 * The headers of a built script or style: only those a subresource uses. A page's policies (CSP,
 * framing, referrer, HSTS, opener) apply to the page and the service worker, not to a script it
 * imports, and on HTTP/1.1 (the Node entry) their 1.2 KB went out again with each of the thirty-odd
 * files a screen's first load asks for.
 */
const builtAssetHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  const documentHeaders = secureHeaders({ contentSecurityPolicy: csp(deps), crossOriginEmbedderPolicy: false });
  app.use('*', (c, next) => (c.req.path.startsWith(BUILT_ASSETS) ? builtAssetHeaders(c, next) : documentHeaders(c, next)));
  // Links back into the app follow the app origin the browser is on (localhost or 127.0.0.1 in dev).
  const origins = appOrigins(deps.config.appUrl);
  app.use('*', async (c, next) => {
    c.set('deps', depsForRequest(deps, origins, c.req.raw));
    await next();
  });

  // API answers carry sessions, tokens and personal data: no browser or proxy keeps a copy. Set
  // first, so every answer has it whoever gives it (a 413 of the body limit, a 402, an error), and
  // before the handler (which may set its own): changing headers afterwards rebuilds the response
  // and took the Node adapter off its fast path (half the floor's throughput).
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  declareBodyLimits(app, [...bodyLimitsOf(platformRoutes), ...deps.areas.bodyLimits]);
  app.use('/api/*', limitRequestBody);
  app.use('/api/*', refuseLapsedWrites);

  app.get('/api/health', (c) => c.json({ ok: true }));
  for (const { path, router } of platformRoutes) app.route(path, router);
  // Each area: its presigned upload/download URLs, then its own router at the same prefix.
  for (const area of deps.areas.list) {
    if (area.uploads) app.route(area.uploads.path, uploadRoutes(area.uploads.feature, area.uploads));
    for (const { path, router } of area.routes ?? []) app.route(path, router);
  }
  // The local providers' pages exist only while that local provider stands in for the real one, and
  // answer only this machine: the mailbox shows every HOA's reset links.
  if (deps.mailer.kind === 'local') app.route('/dev', devMailRoutes);
  if (deps.payments.kind === 'local') app.route('/dev/pay', devPayRoutes);

  app.notFound((c) => (c.req.path.startsWith('/api/') ? c.json({ message: 'Not found' }, 404) : c.text('Not found', 404)));
  const spa = options.spa;
  if (spa) app.get('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : spa(c, next)));

  app.onError((err, c) => {
    if (err instanceof AppError) {
      const body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
      return c.json(body, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      // Hono raises these for malformed JSON bodies and the like.
      const status = err.status;
      const message = status === 400 ? 'Malformed request body' : err.message || 'Request failed';
      return c.json({ message }, status);
    }
    if (isTemporaryError(err)) {
      // Busy, locked, full or unreachable database (or network): the same 503 the push answers, to retry.
      console.error(`[${c.var.requestId}] temporary failure: ${(err as { code?: string })?.code ?? ''} ${err.message}`);
      return c.json({ message: TEMPORARY_FAILURE_MESSAGE }, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    }
    console.error(`[${c.var.requestId}]`, err);
    return c.json({ message: 'Internal server error', requestId: c.var.requestId }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
