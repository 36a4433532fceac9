/**
 * WAL checkpoints off the request path, for the Node entry's file database.
 *
 * SQLite checkpoints inside the COMMIT that takes the WAL past 1,000 pages: that commit copies the
 * WAL's pages into the database file and waits for two fsyncs. Measured after 10,000-row initial
 * pulls: such a COMMIT took 27–36 ms instead of 1.5–3 ms, every third pull; any write (a push, a
 * form) could be the one to pay. Here a worker thread with its own connection checkpoints every
 * `intervalMs` (PASSIVE: it never blocks the writer or the readers), and the app's connections keep
 * an automatic threshold far higher, only as a safety net should the thread fall behind or stop.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The app's connections checkpoint themselves only past this many WAL pages (SQLite's default: 1,000). */
export const SAFETY_NET_PAGES = 10_000;

// CommonJS, evaluated in the thread: no TypeScript loader is needed there.
const THREAD = `
const { existsSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  // Opening would create a missing file: a database already gone (a closed test's) is left alone.
  if (existsSync(workerData.path)) db = new Database(workerData.path, { timeout: 5 });
} catch {
  db = null;
}
const timer = db && setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or interrupted: the next tick tries again.
  }
}, workerData.intervalMs);
const stop = () => {
  if (timer) clearInterval(timer);
  if (db) db.close();
  parentPort.close();
};
if (db) parentPort.once('message', stop);
else stop();
`;

export interface Checkpointer {
  /** Stops the thread and closes its connection. */
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, intervalMs = 500): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(THREAD, { eval: true, workerData: { path, intervalMs, driver } });
  // Never what keeps the process alive; a failure is logged (the safety net still checkpoints).
  worker.unref();
  worker.on('error', (e) => console.error('background checkpoints stopped', e));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        void exited.then(resolve);
        worker.postMessage('stop');
        // A thread stuck in a checkpoint is not waited for long.
        setTimeout(() => void worker.terminate(), 2000).unref();
      });
      return stopped;
    },
  };
}
