/**
 * Starts tests/bench/serve.ts (the Node entry over a fresh seeded database) for a benchmark, in its
 * own process and process group: `npx` and `tsx` each start a child, and a SIGTERM to `npx` alone
 * can leave the server running, so `stop` signals the whole group and waits for it to exit.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { NodeServerOptions } from '../../worker/node';

export interface BenchServer {
  /** e.g. http://localhost:41234 */
  url: string;
  stop(): Promise<void>;
  /** SIGKILL to the whole group, as a crash would (the fault test); resolves once it is gone. */
  kill(): Promise<void>;
}

export interface BenchServerOptions {
  /** More sent announcements in Maple Grove (serve.ts). */
  extraAnnouncements?: number;
  /** More rows in each of its other REST lists (serve.ts, extra-rows.ts). */
  extraRows?: number;
  /** false: every answer computed (serve.ts, KEPT_ANSWERS=off). */
  keptAnswers?: boolean;
  /** 'localhost' (as users open it: the refresh cookie is not Secure there) or '127.0.0.1'. */
  host?: string;
  /** A folder whose database outlives the server (seeded on first start only); default a temporary one. */
  dataDir?: string;
  /** A port to listen on; default any free one. */
  port?: number;
  /** The header the server reads the client's address from (serve.ts CLIENT_IP_HEADER). */
  clientIpHeader?: string;
}

export async function startBenchServer({ extraAnnouncements = 0, extraRows = 0, keptAnswers = true, host = 'localhost', dataDir, port: fixedPort, clientIpHeader }: BenchServerOptions = {}): Promise<BenchServer> {
  const env = {
    ...process.env,
    PORT: String(fixedPort ?? 0),
    EXTRA_ANNOUNCEMENTS: String(extraAnnouncements),
    EXTRA_ROWS: String(extraRows),
    KEPT_ANSWERS: keptAnswers ? 'on' : 'off',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(clientIpHeader ? { CLIENT_IP_HEADER: clientIpHeader } : {}),
  };
  const child = spawn('npx', ['tsx', 'tests/bench/serve.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-child.pid!, sig);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  // A benchmark that throws or exits early must not leave the server behind.
  const killGroup = () => signal('SIGKILL');
  process.once('exit', killGroup);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /ready (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return {
    url: `http://${host}:${port}`,
    async stop() {
      signal('SIGTERM');
      await exited;
      // npx may exit before the server (a grandchild) has closed its database and removed its folder.
      for (let waited = 0; signal(0) && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      signal('SIGKILL');
      process.off('exit', killGroup);
    },
    async kill() {
      signal('SIGKILL');
      await exited;
      for (let waited = 0; signal(0) && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      process.off('exit', killGroup);
    },
  };
}

/**
 * The Node entry as the benchmarks start it, over a fresh seeded database in `dataDir`: the demo
 * data, the built client, a fixed JWT secret and a low PBKDF2 count for the sign-in.
 */
export function benchNodeOptions(dataDir: string, port = 0): NodeServerOptions {
  return {
    port,
    databaseUrl: `file:${join(dataDir, 'bench.db')}`,
    dataDir,
    clientDir: resolve('dist/client'),
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    seed: true,
    passwordIterations: 1_000,
    log: () => {},
  };
}
