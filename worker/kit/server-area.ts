/**
 * The server half of an area, declared once (`defineServerArea`, worker/areas/<area>.ts), and the
 * list of them composed once (`composeServerAreas`). The entries (worker/node.ts,
 * worker/cloudflare.ts) compose the list of worker/areas/index.ts and pass it in `AppDeps.areas`:
 * createApp, the push and pull, the writers' dependency updates, the jobs runner and the payment
 * webhook read the areas from there, so none of them imports the list (eslint.config.js forbids
 * worker/sync and worker/domain to). An area's demo rows are in worker/dev/seed.ts, its access-matrix
 * rows in tests/api/access/index.ts.
 */
import type { Hono } from 'hono';
import type { UploadFeature } from '../../schema/uploads';
import type { MutatorArgs, MutatorName } from '../../sync/mutators';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import type { InvoicePaidListener, InvoicePaymentInFlightListener } from '../domain/payments/settlement';
import type { AttachmentReadRule } from '../domain/uploads';
import type { AppEnv } from '../env';
import type { Job } from '../jobs/job';
import type { ServerSyncArea } from '../sync/types';

// AppDeps carries the composed areas. Declared here, not in worker/deps.ts, because these types
// name AppDeps themselves: deps.ts importing them would make the two modules import each other.
declare module '../deps' {
  interface AppDeps {
    /** The server areas the entry composed (`composeServerAreas`). */
    areas: ComposedServerAreas;
  }
}

/** The domain call that does a shared mutator for real, inside the push's savepoint. */
export type ServerMutator<N extends MutatorName> = (deps: AppDeps, tx: Tx, actor: Actor, args: MutatorArgs<N>) => Promise<unknown>;
export type ServerMutators<N extends MutatorName> = { [K in N]: ServerMutator<K> };

/** A REST router, mounted by createApp at `path` (`/api/<area>`). */
export interface ServerRoute {
  path: string;
  router: Hono<AppEnv>;
  /**
   * Routes of the router whose bodies may be larger than the default (BODY_LIMITS in
   * worker/middleware/body-limit.ts), as the router names them (`/` its root, `/:id/comments`, `/*`
   * all of them), with their bytes. Hono matches them as it matches the routes.
   */
  bodyLimits?: Record<string, number>;
}

/** Platform events an area acts on: the platform calls them inside the event's own transaction. */
export interface ServerAreaListeners {
  /** An invoice's Checkout was paid (worker/domain/payments/settlement.ts). */
  invoicePaid?: InvoicePaidListener;
  /** A bank payment of an invoice started processing or failed (worker/domain/payments/settlement.ts). */
  invoicePaymentInFlight?: InvoicePaymentInFlightListener;
}

export interface ServerArea {
  name: string;
  /** REST routers, each mounted by createApp at its path. */
  routes?: ServerRoute[];
  /**
   * The area's attachments: `POST <path>/presigned-url` (and `/download-url` when `download`), and who
   * besides the uploader and the board may download one.
   */
  uploads?: { feature: UploadFeature; path: string; download: boolean; mayRead?: AttachmentReadRule };
  /** The server half of each of the area's synced tables (worker/domain/<area>/sync.ts): what a pull sends, what dependency updates reach. */
  sync?: ServerSyncArea[];
  /** The domain call behind each of the area's shared mutators (sync/areas/<area>.ts). */
  mutators?: Partial<ServerMutators<MutatorName>>;
  /** Scheduled work of the area, run by the jobs runner in list order. */
  jobs?: Job[];
  /** Runs after each outbox delivery run, also when mail delivery was nudged (settles what the mail was about). */
  afterEmailDelivery?: (deps: AppDeps) => Promise<unknown>;
  listeners?: ServerAreaListeners;
}

/** Types an area's declaration (the object is returned as it is). */
export const defineServerArea = (area: ServerArea): ServerArea => area;

/** What the platform reads of the areas, built once from their list. */
export interface ComposedServerAreas {
  /** The declarations, in list order (createApp mounts their routes and attachments). */
  list: readonly ServerArea[];
  /** Every synced table's server half: what a pull sends and what the writers' dependency updates reach. */
  sync: ServerSyncArea[];
  /** The server half of the key space `space` (`announcement`, …); undefined for a space no area serves. */
  syncAreaOf(space: string): ServerSyncArea | undefined;
  /** Every shared mutator's domain call, by name (tests/sync/mutators.test.ts checks none is missing). */
  mutators: ServerMutators<MutatorName>;
  /** The areas' jobs, in list order. */
  jobs: Job[];
  afterEmailDelivery: ((deps: AppDeps) => Promise<unknown>)[];
  /** Each platform event's listeners, in list order. */
  listeners: { invoicePaid: InvoicePaidListener[]; invoicePaymentInFlight: InvoicePaymentInFlightListener[] };
  /** Every route with a larger body limit than the default: its full path pattern and bytes. */
  bodyLimits: { path: string; bytes: number }[];
}

/** A router's route pattern under the path it is mounted at (`/` is the mount path itself). */
export const mountedPath = (mount: string, route: string) => (route === '/' ? mount : `${mount}${route}`);

/** The body limits of routers, as full path patterns (createApp adds the platform's routers' to the areas'). */
export const bodyLimitsOf = (routes: readonly ServerRoute[]) =>
  routes.flatMap(({ path, bodyLimits }) => Object.entries(bodyLimits ?? {}).map(([route, bytes]) => ({ path: mountedPath(path, route), bytes })));

export function composeServerAreas(list: readonly ServerArea[]): ComposedServerAreas {
  const sync = list.flatMap((area) => area.sync ?? []);
  const bySpace = new Map(sync.map((area) => [area.space as string, area]));
  return {
    list,
    sync,
    syncAreaOf: (space) => bySpace.get(space),
    mutators: Object.assign({}, ...list.map((area) => area.mutators ?? {})) as ServerMutators<MutatorName>,
    jobs: list.flatMap((area) => area.jobs ?? []),
    afterEmailDelivery: list.flatMap((area) => (area.afterEmailDelivery ? [area.afterEmailDelivery] : [])),
    listeners: {
      invoicePaid: list.flatMap((area) => (area.listeners?.invoicePaid ? [area.listeners.invoicePaid] : [])),
      invoicePaymentInFlight: list.flatMap((area) => (area.listeners?.invoicePaymentInFlight ? [area.listeners.invoicePaymentInFlight] : [])),
    },
    bodyLimits: bodyLimitsOf(list.flatMap((area) => area.routes ?? [])),
  };
}
