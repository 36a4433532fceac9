/**
 * The origin links back into the app are built on (`config.appUrl`): the one the browser is on, when it
 * is one of the app's own. The refresh cookie belongs to the host name the user signed in on, and
 * localhost and 127.0.0.1 are different hosts to a browser: a Stripe return built on APP_URL alone
 * brought someone browsing http://127.0.0.1:8787 back signed out.
 *
 * The app's origins are APP_URL's, plus its loopback twin when APP_URL is on this machine (dev), and
 * no other: an Origin or Host header is the caller's to write, and these links go into emails and
 * the payment provider's redirects.
 */
import type { AppDeps } from '../deps';
import { isLoopbackHost } from './client-meta';

const TWINS = ['localhost', '127.0.0.1'];

/** APP_URL's origin, and in dev its twin on the other loopback name (same scheme and port). */
export function appOrigins(appUrl: string): string[] {
  const app = new URL(appUrl);
  if (!isLoopbackHost(app.hostname)) return [app.origin];
  const twins = TWINS.filter((h) => h !== app.hostname).map((h) => {
    const twin = new URL(app.origin);
    twin.hostname = h;
    return twin.origin;
  });
  return [app.origin, ...twins];
}

/** The app's origin this request came from (its Origin header, else its URL), or null when it is none of the app's. */
export function requestAppOrigin(origins: readonly string[], req: Request): string | null {
  const origin = req.headers.get('origin');
  if (origin && origins.includes(origin)) return origin;
  const own = new URL(req.url).origin;
  return origins.includes(own) ? own : null;
}

/**
 * The deps for one request: the same, with `config.appUrl` on the app origin the browser is using.
 * `origins` is `appOrigins(deps.config.appUrl)`, worked out once.
 */
export function depsForRequest(deps: AppDeps, origins: readonly string[], req: Request): AppDeps {
  const origin = requestAppOrigin(origins, req);
  if (!origin || origin === origins[0]) return deps;
  return { ...deps, config: { ...deps.config, appUrl: origin } };
}
