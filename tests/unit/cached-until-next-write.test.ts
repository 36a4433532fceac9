/**
 * `cachedUntilNextWrite` (worker/db.ts): on the Node entry's file database a hot read is kept until the
 * data may have changed, and every kind of write ends it, ours or another process's.
 */
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedUntilNextWrite, createDatabase, type Database } from '../../worker/db';
import { openDatabase } from '../../worker/dev/database';

const dirs: string[] = [];
const open: Database[] = [];
afterEach(() => {
  for (const d of open.splice(0)) d.client.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fileDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'hoa-kept-'));
  dirs.push(dir);
  const url = `file:${join(dir, 'test.db')}`;
  const database = await openDatabase(url);
  open.push(database);
  await database.transaction(async (tx) => {
    await tx.run(sql`CREATE TABLE standing (id TEXT PRIMARY KEY, status TEXT NOT NULL)`);
    await tx.run(sql`INSERT INTO standing VALUES ('u1', 'active')`);
  });
  return { database, url };
}

/** The status as a request reads it, counting the statements that actually ran. */
function statusReader(database: Database) {
  let statements = 0;
  const read = () =>
    cachedUntilNextWrite(database, 'status:u1', async () => {
      statements++;
      const { rows } = await database.client.execute("SELECT status FROM standing WHERE id = 'u1'");
      return rows[0].status as string;
    });
  return { read, statements: () => statements };
}

describe('cachedUntilNextWrite', () => {
  it('reads once while nothing is written, and again after a write transaction commits or rolls back', async () => {
    const { database } = await fileDatabase();
    const status = statusReader(database);
    expect([await status.read(), await status.read(), await status.read()]).toEqual(['active', 'active', 'active']);
    expect(status.statements()).toBe(1);

    await database.transaction((tx) => tx.run(sql`UPDATE standing SET status = 'inactive' WHERE id = 'u1'`));
    expect(await status.read()).toBe('inactive');
    expect(status.statements()).toBe(2);

    await expect(
      database.transaction(async (tx) => {
        await tx.run(sql`UPDATE standing SET status = 'active' WHERE id = 'u1'`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await status.read()).toBe('inactive');
    expect(status.statements()).toBe(3);
  });

  it('ends on a write outside a transaction and on a batch', async () => {
    const { database } = await fileDatabase();
    const status = statusReader(database);
    await status.read();
    await database.client.execute("UPDATE standing SET status = 'suspended' WHERE id = 'u1'");
    expect(await status.read()).toBe('suspended');
    await database.client.batch(["UPDATE standing SET status = 'active' WHERE id = 'u1'"], 'write');
    expect(await status.read()).toBe('active');
    expect(status.statements()).toBe(3);
  });

  it("ends within 50 ms of another process's commit", async () => {
    const { database, url } = await fileDatabase();
    const status = statusReader(database);
    await status.read();
    const other = createClient({ url });
    try {
      await other.execute("UPDATE standing SET status = 'deleted' WHERE id = 'u1'");
    } finally {
      other.close();
    }
    await new Promise((r) => setTimeout(r, 60));
    expect(await status.read()).toBe('deleted');
  });

  it('keeps nothing where other isolates may write (a client without a write count)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoa-kept-'));
    dirs.push(dir);
    const database = createDatabase(createClient({ url: `file:${join(dir, 'remote.db')}` }));
    open.push(database);
    await database.client.execute('CREATE TABLE standing (id TEXT PRIMARY KEY, status TEXT NOT NULL)');
    await database.client.execute("INSERT INTO standing VALUES ('u1', 'active')");
    const status = statusReader(database);
    await status.read();
    await status.read();
    expect(status.statements()).toBe(2);
  });
});
