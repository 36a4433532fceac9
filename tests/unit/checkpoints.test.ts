/**
 * WAL checkpoints in a worker thread (the Node entry's database): the app's own commits no longer
 * copy the WAL into the database file, the thread does. And the one a close makes, so the file alone is whole.
 */
import { sql } from 'drizzle-orm';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { SAFETY_NET_PAGES } from '../../worker/dev/checkpoints';
import { openDatabase } from '../../worker/dev/database';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function filled(checkpointInBackground: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'hoa-ckpt-'));
  dirs.push(dir);
  const path = join(dir, 'test.db');
  const database = await openDatabase(`file:${path}`, undefined, { checkpointInBackground });
  await database.transaction(async (tx) => {
    await tx.run(sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`);
    // About 500 pages of 4 KB: under SQLite's own threshold (1,000), so only a checkpointer copies them.
    await tx.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO filler SELECT i, printf('%.1000c', 'x') FROM n`);
  });
  return { database, path, size: () => statSync(path).size };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((ok) => setTimeout(ok, 25))) if (check()) return true;
  return check();
}

describe('background checkpoints', () => {
  it('copy the WAL into the database file without a commit doing it', async () => {
    const { database, size } = await filled(true);
    const [setting] = (await database.client.execute('PRAGMA wal_autocheckpoint')).rows;
    expect(setting.wal_autocheckpoint).toBe(SAFETY_NET_PAGES);
    expect(await until(() => size() > 2000 * 1000, 3000)).toBe(true);
    database.client.close();
  });

  it('are off unless asked for: the same writes stay in the WAL', async () => {
    const { database, size } = await filled(false);
    await new Promise((ok) => setTimeout(ok, 1200));
    expect(size()).toBeLessThan(2000 * 1000);
    database.client.close();
  });

  it('closing folds the WAL into the file, so a copy of the file alone holds every row', async () => {
    // libsql keeps a connection that prepared statements open past close() until they are collected.
    const { database, path } = await filled(false);
    expect((await database.client.execute('SELECT count(*) AS n FROM filler')).rows[0].n).toBe(2000);
    database.client.close();
    // A second close does nothing (libsql ends the process when a closed connection is asked about its transaction).
    database.client.close();
    expect(statSync(`${path}-wal`).size).toBe(0);
    const copy = join(dirs[dirs.length - 1], 'copy.db');
    copyFileSync(path, copy);
    const reopened = await openDatabase(`file:${copy}`);
    expect((await reopened.client.execute('SELECT count(*) AS n FROM filler')).rows[0].n).toBe(2000);
    reopened.client.close();
  });

  it('closing while another connection checkpoints waits for it, then empties the WAL', async () => {
    const { database, path } = await filled(false);
    // A thread checkpointing over and over, as the background checkpointer may be as it stops: while it
    // holds the checkpoint lock, SQLite answers the close's checkpoint "busy" (not an error).
    const other = new Worker(CHECKPOINT_OVER_AND_OVER, { eval: true, workerData: { path, driver: createRequire(import.meta.url).resolve('libsql') } });
    await new Promise((ok) => other.once('message', ok));
    database.client.close();
    expect(statSync(`${path}-wal`).size).toBe(0);
    other.postMessage('stop');
    await new Promise((ok) => other.once('exit', ok));
  });
});

/** A thread that opens `path` and checkpoints it without a pause until told to stop. */
const CHECKPOINT_OVER_AND_OVER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
let stop = false;
parentPort.once('message', () => { stop = true; });
parentPort.postMessage('checkpointing');
const tick = () => {
  for (let i = 0; i < 200; i++) db.pragma('wal_checkpoint(PASSIVE)');
  if (stop) { db.close(); parentPort.close(); } else setImmediate(tick);
};
tick();
`;
