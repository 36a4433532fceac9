/**
 * The Cloudflare Worker entry: the same app over remote libSQL (libsql:// or https://).
 * The built SPA is served by Workers Static Assets (wrangler.toml [assets]); /api/* reaches this.
 */
import { createClient } from '@libsql/client/web';
import { serverAreas } from './areas';
import { createApp } from './app';
import { createDatabase, type Database } from './db';
import type { AppDeps } from './deps';
import { mailerFromEnv, paymentsFromEnv, storageFromEnv, storageOrigins, type ServiceEnv } from './services/from-env';
import { unconfiguredMailer, unconfiguredPayments, unconfiguredStorage } from './services/unconfigured';
import { setDummyIterations, WORKERS_PBKDF2_MAX } from './services/passwords';
import { nextTurn } from './services/background';
import { durablePokeHub, type PokeRoomNamespace } from './sync/poke-room';
import { connectLocalPayments } from './dev/local-payments';
import { composeServerAreas, type ComposedServerAreas } from './kit/server-area';
import { isLoopbackHost } from './middleware/client-meta';
import { LocalPayments } from './services/payments/local';
import { createLocalMailer } from './services/mailer';
import { randomToken } from './services/tokens';

/** The Durable Object class of the poke rooms (wrangler.toml [durable_objects]). */
export { PokeRoom } from './sync/poke-room';

export interface Env extends ServiceEnv {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET: string;
  APP_URL: string;
  /** One poke room per HOA; without the binding clients poll. */
  POKE_ROOMS?: PokeRoomNamespace;
  /**
   * "on": the local payment provider instead of Stripe, for `wrangler dev` runs without Stripe keys
   * (`npm run dev:worker`, the workerd checks). Honoured only while STRIPE_SECRET_KEY is unset, and
   * refused unless APP_URL is on loopback, so a deployed Worker never takes make-believe payments. Its
   * pages under /dev/pay answer requests from this machine only, as on Node (config.loopbackPeerHeader).
   */
  LOCAL_PAYMENTS?: string;
  /** "on": the local mailer (mail kept in the outbox, read at /dev/mail) while RESEND_API_KEY is unset; the same conditions. */
  LOCAL_MAIL?: string;
}

interface ScheduledController {
  cron: string;
  scheduledTime: number;
}
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

// One database client and one set of provider clients per isolate; requests in the same isolate share them.
let database: Database | undefined;
let services: Pick<AppDeps, 'storage' | 'mailer' | 'payments'> | undefined;
let localWebhookSecret: string | undefined;
let areas: ComposedServerAreas | undefined;

/** Whether a local provider is asked for and its real one has no key; refused unless APP_URL is this machine. */
function wantsLocal(env: Env, flag: string | undefined, realKey: string | undefined): boolean {
  if (flag !== 'on' || realKey) return false;
  if (!isLoopbackHost(new URL(env.APP_URL).hostname)) throw new Error('LOCAL_PAYMENTS and LOCAL_MAIL are for wrangler dev only: APP_URL must be on localhost');
  return true;
}

/** The local provider for this request (its objects live in the database), or null for Stripe / unconfigured. */
function localPaymentsFor(env: Env, db: Database, ctx: ExecutionContext): LocalPayments | null {
  if (!wantsLocal(env, env.LOCAL_PAYMENTS, env.STRIPE_SECRET_KEY)) return null;
  // Its events are signed and verified in this isolate; STRIPE_WEBHOOK_SECRET lets a caller sign them too.
  localWebhookSecret ??= env.STRIPE_WEBHOOK_SECRET ?? `whsec_local_${randomToken()}`;
  return new LocalPayments({ database: db, appUrl: env.APP_URL, webhookSecret: localWebhookSecret, clock: () => Date.now(), background: (task) => ctx.waitUntil(task) });
}

function depsFor(env: Env, ctx: ExecutionContext): AppDeps {
  database ??= createDatabase(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }));
  setDummyIterations(WORKERS_PBKDF2_MAX);
  services ??= {
    storage: storageFromEnv(env) ?? unconfiguredStorage(),
    mailer: mailerFromEnv(env) ?? (wantsLocal(env, env.LOCAL_MAIL, env.RESEND_API_KEY) ? createLocalMailer() : unconfiguredMailer()),
    payments: paymentsFromEnv(env) ?? unconfiguredPayments(),
  };
  const local = localPaymentsFor(env, database, ctx);
  areas ??= composeServerAreas(serverAreas);
  return {
    areas,
    database,
    ...services,
    payments: local ?? services.payments,
    clock: () => Date.now(),
    config: {
      jwtSecret: env.JWT_SECRET,
      appUrl: env.APP_URL,
      passwordIterations: WORKERS_PBKDF2_MAX,
      // Cloudflare's edge sets it to the connecting client's address, overwriting anything the client sent.
      clientIpHeader: 'cf-connecting-ip',
      connectOrigins: storageOrigins(env),
      // The local pages' "this machine only": miniflare sets cf-connecting-ip from the socket when the client sent none.
      ...(local || services.mailer.kind === 'local' ? { loopbackPeerHeader: 'cf-connecting-ip' } : {}),
    },
    afterResponse: (task) => ctx.waitUntil(nextTurn(task)),
    pokes: env.POKE_ROOMS ? durablePokeHub(env.POKE_ROOMS, database, (task) => ctx.waitUntil(task)) : undefined,
  };
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const deps: AppDeps = {
      ...depsFor(env, ctx),
      // Mail queued by this request goes out right after the response instead of at the next cron.
      onEmailQueued: () => ctx.waitUntil(import('./jobs/runner').then(({ runJobs }) => runJobs(deps, ['deliver-email']))),
    };
    connectLocalPayments(deps);
    return createApp(deps).fetch(request, env, ctx as never);
  },
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    const { runJobs } = await import('./jobs/runner');
    const deps = depsFor(env, ctx);
    connectLocalPayments(deps);
    ctx.waitUntil(runJobs(deps));
  },
};
