/**
 * The Cloudflare Worker entry: the same app over remote libSQL (libsql:// or https://).
 * The built SPA is served by Workers Static Assets (wrangler.toml [assets]); /api/* reaches this.
 */
import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { createDatabase, type Database } from './db';
import type { AppDeps } from './deps';
import { setDummyIterations, WORKERS_PBKDF2_MAX } from './services/passwords';

export interface Env {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET: string;
  APP_URL: string;
  S3_ENDPOINT?: string;
}

interface ScheduledController {
  cron: string;
  scheduledTime: number;
}
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

// One database client per isolate; requests in the same isolate share it.
let database: Database | undefined;

function depsFor(env: Env): AppDeps {
  database ??= createDatabase(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }));
  setDummyIterations(WORKERS_PBKDF2_MAX);
  return {
    database,
    clock: () => Date.now(),
    config: {
      jwtSecret: env.JWT_SECRET,
      appUrl: env.APP_URL,
      passwordIterations: WORKERS_PBKDF2_MAX,
      // Local providers never run on Workers.
      localMode: false,
      connectOrigins: env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : [],
    },
  };
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    return createApp(depsFor(env)).fetch(request, env, ctx as never);
  },
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    const { runJobs } = await import('./jobs/runner');
    ctx.waitUntil(runJobs(depsFor(env)));
  },
};
