/**
 * The Node entry's background tasks (worker/services/background.ts) start once the response of the
 * request that queued them is written, not on the next turn of the event loop: a task's work on
 * this thread (SQLite is synchronous here) would otherwise hold up the answer it follows, such as
 * a first pull still being compressed and sent while its CVR entries are written. Workers need none
 * of this: `ctx.waitUntil` runs beside a response the runtime sends.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ServerResponse } from 'node:http';
import { createBackgroundTasks } from './background';

/** The longest a task waits for its response: a client reading slowly must not hold it (a pull's task holds the write lock). */
const MAX_WAIT_MS = 100;

/** @hono/node-server's fetch: its env holds the request's `outgoing` response (HTTP/1 or HTTP/2). */
type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

/** Resolves when `outgoing` has handed its last bytes to the system, closed, or after `MAX_WAIT_MS`. */
function written(outgoing: ServerResponse): Promise<void> {
  if (outgoing.writableFinished || outgoing.destroyed) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, MAX_WAIT_MS);
    const finish = () => (clearTimeout(timer), done());
    outgoing.once('finish', finish);
    outgoing.once('close', finish);
  });
}

export function createAfterWrittenTasks() {
  const tasks = createBackgroundTasks();
  const answering = new AsyncLocalStorage<ServerResponse>();
  return {
    drain: tasks.drain,
    afterResponse(task: () => Promise<unknown>): void {
      const outgoing = answering.getStore();
      tasks.afterResponse(outgoing ? () => written(outgoing).then(task) : task);
    },
    /** The server's `fetch`, each request answered in a scope that knows its response (@hono/node-server passes it as `env.outgoing`). */
    scoped(fetch: Fetch): Fetch {
      return (req, env, ...rest) => {
        const outgoing = (env as { outgoing?: unknown } | undefined)?.outgoing;
        return outgoing instanceof ServerResponse ? answering.run(outgoing, () => fetch(req, env, ...rest)) : fetch(req, env, ...rest);
      };
    },
  };
}
