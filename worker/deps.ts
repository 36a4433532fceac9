import type { PokeHub } from './sync/poke';
import type { Database } from './db';
import type { Mailer } from './services/mailer';
import type { PaymentProvider } from './services/payments/types';
import type { FileStorage } from './services/storage/types';

export interface AppConfig {
  jwtSecret: string;
  /**
   * Public origin of the app (APP_URL), used for links in emails and the payment provider's returns. In
   * a request's deps it is the app origin the browser is on, when that is APP_URL's loopback twin in dev
   * (worker/middleware/app-origin.ts).
   */
  appUrl: string;
  /** PBKDF2 count for new hashes (recorded in each hash). */
  passwordIterations: number;
  /**
   * The header a trusted proxy in front of the app sets to the client's address (`cf-connecting-ip` on
   * Cloudflare). Null: the socket address is used and no header is believed (Node's default).
   */
  clientIpHeader: string | null;
  /** Extra origins the SPA may connect to (the S3 endpoint for presigned uploads). */
  connectOrigins: string[];
  /**
   * Where there is no socket (workerd under `wrangler dev` with the local payment provider): the header
   * the runtime sets from the peer's address, so the local pages can still answer this machine only.
   */
  loopbackPeerHeader?: string;
  /** The most new or changed rows one pull sends when it refreshes a whole view (worker/sync/pull.ts `PULL_ROW_BUDGET` when unset); tests set it small. */
  pullRowBudget?: number;
}

/**
 * Everything the app needs from its host; node.ts and cloudflare.ts build it, tests build their own.
 * One more member, `areas` (the server areas the entry composed), is declared with its type in
 * worker/kit/server-area.ts: that type names AppDeps, so declaring it here would make the two
 * modules import each other.
 */
export interface AppDeps {
  database: Database;
  config: AppConfig;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  clock: () => number;
  /** Called after a commit that queued email, so the Node entry can deliver at once. */
  onEmailQueued?: () => void;
  /** Attachments: S3/R2, or s3rver locally (presigned URLs only; bytes never pass through the app). */
  storage: FileStorage;
  /** Delivers the email outbox: Resend, or local (readable at /dev/mail). */
  mailer: Mailer;
  /** Stripe, or the local provider with its pages under /dev/pay. */
  payments: PaymentProvider;
  /** Tells sync clients to pull after a commit changed what they see (worker/sync/poke.ts). */
  pokes?: PokeHub;
  /**
   * Runs `task` after the response has gone out (Workers: `ctx.waitUntil`; Node: the next turn of the
   * event loop, awaited on shutdown). For work whose duration must not show in the answer, such as
   * the forgot-password mail of an account that exists.
   */
  afterResponse(task: () => Promise<unknown>): void;
}
