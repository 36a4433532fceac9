/**
 * The server half of an area, declared once (worker/areas/<area>.ts) and composed by the list in
 * worker/areas/index.ts: its REST routers, its attachments, the domain call behind each of its
 * shared mutators, its jobs and body limits. Its synced tables are declared in its domain
 * (worker/domain/<area>/sync.ts) and listed in worker/areas/sync.ts; its demo rows in
 * worker/dev/seed.ts; its access-matrix rows in tests/api/access/index.ts.
 */
import type { Hono } from 'hono';
import type { UploadFeature } from '../../schema/uploads';
import type { MutatorArgs, MutatorName } from '../../sync/mutators';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import type { AttachmentReadRule } from '../domain/uploads';
import type { AppEnv } from '../env';
import type { Job } from '../jobs/job';

/** The domain call that does a shared mutator for real, inside the push's savepoint. */
export type ServerMutator<N extends MutatorName> = (deps: AppDeps, tx: Tx, actor: Actor, args: MutatorArgs<N>) => Promise<unknown>;
export type ServerMutators<N extends MutatorName> = { [K in N]: ServerMutator<K> };

export interface ServerArea {
  name: string;
  /** REST routers, each mounted by createApp at its path (`/api/<area>`). */
  routes?: { path: string; router: Hono<AppEnv> }[];
  /**
   * The area's attachments: `POST <path>/presigned-url` (and `/download-url` when `download`), and who
   * besides the uploader and the board may download one.
   */
  uploads?: { feature: UploadFeature; path: string; download: boolean; mayRead?: AttachmentReadRule };
  /** The domain call behind each of the area's shared mutators (sync/areas/<area>.ts). */
  mutators?: Partial<ServerMutators<MutatorName>>;
  /** Scheduled work of the area, run by the jobs runner in list order. */
  jobs?: Job[];
  /** Runs after each outbox delivery run, also when mail delivery was nudged (settles what the mail was about). */
  afterEmailDelivery?: (deps: AppDeps) => Promise<unknown>;
  /** Routes whose bodies may be larger than the default (rich text): path patterns as in worker/middleware/body-limit.ts. */
  bodyLimits?: [pattern: string, bytes: number][];
}
