/**
 * Starts the local Hrana server on a fresh migrated and seeded libSQL file, then the Worker entry
 * under `wrangler dev` pointed at it, and stops both after the run. Ports come from 8861-8880.
 */
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHranaServer } from '../../worker/dev/hrana-server';
import { prepareDatabase, startWranglerDev } from '../../worker/dev/wrangler-dev';
import { TEST_PASSWORD_ITERATIONS } from '../helpers/app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Worker under wrangler dev, as http://localhost:<port>. */
    workerUrl: string;
    /** The libSQL file behind it, for checks that look at stored rows. */
    databasePath: string;
  }
}

const PORTS = { from: 8861, to: 8880 };

function isFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .once('listening', () => probe.close(() => done(true)))
      .listen(port, '127.0.0.1');
  });
}

async function freePorts(count: number): Promise<number[]> {
  const out: number[] = [];
  for (let port = PORTS.from; port <= PORTS.to && out.length < count; port++) if (await isFree(port)) out.push(port);
  if (out.length < count) throw new Error(`workerd checks need ${count} free ports in ${PORTS.from}-${PORTS.to}`);
  return out;
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'hoa-workerd-'));
  const databasePath = join(dir, 'worker.db');
  // Seeded with a low PBKDF2 count to stay fast; the Worker verifies with the count in each hash
  // and hashes new passwords with Workers' 100,000.
  await prepareDatabase(databasePath, TEST_PASSWORD_ITERATIONS);

  const [hranaPort, workerPort, inspectorPort] = await freePorts(3);
  const authToken = crypto.randomUUID();
  const hrana = await startHranaServer({ databasePath, port: hranaPort, authToken });

  mkdirSync('.wrangler', { recursive: true });
  const logPath = '.wrangler/workerd-tests.log';
  const log = createWriteStream(logPath);
  let worker;
  try {
    worker = await startWranglerDev({
      port: workerPort,
      inspectorPort,
      persistTo: join(dir, 'state'),
      output: (chunk) => log.write(chunk),
      vars: {
        DATABASE_URL: hrana.url,
        DATABASE_AUTH_TOKEN: authToken,
        JWT_SECRET: `${crypto.randomUUID()}${crypto.randomUUID()}`,
        APP_URL: `http://localhost:${workerPort}`,
      },
    });
  } catch (err) {
    await hrana.close();
    log.end();
    console.error(readFileSync(logPath, 'utf8').slice(-4000));
    throw err;
  }
  console.log(`workerd: wrangler dev on :${workerPort}, Hrana on :${hranaPort}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${logPath})`);

  project.provide('workerUrl', `http://localhost:${workerPort}`);
  project.provide('databasePath', databasePath);

  return async () => {
    await worker.stop();
    await hrana.close();
    log.end();
    rmSync(dir, { recursive: true, force: true });
  };
}
