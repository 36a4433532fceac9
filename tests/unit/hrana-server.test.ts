/**
 * The local Hrana server (worker/dev/hrana-server.ts) driven by the same web client the Worker uses:
 * `@libsql/client/web` over HTTP.
 */
import { createClient, LibsqlError, type Client } from '@libsql/client/web';
import { openHttp } from '@libsql/hrana-client';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../worker/db';
import { scanSql, startHranaServer, type RunningHranaServer } from '../../worker/dev/hrana-server';

let dir: string;
let server: RunningHranaServer;
let client: Client;

const pipeline = async (body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}/v2/pipeline`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hoa-hrana-'));
  server = await startHranaServer({ databasePath: join(dir, 'test.db'), busyTimeoutMs: 1_500, streamIdleMs: 400 });
  client = createClient({ url: server.url });
  await client.execute('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price REAL, data BLOB, big INTEGER)');
});

afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('hrana server', () => {
  it('executes statements with positional and named arguments and round-trips every value type', async () => {
    const inserted = await client.execute({ sql: 'INSERT INTO items (name, price, data, big) VALUES (?, ?, ?, ?) RETURNING id', args: ['apple', 1.25, new Uint8Array([0, 1, 255]), 9007199254740993n] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.rows[0].id).toBe(Number(inserted.lastInsertRowid));
    await client.execute({ sql: 'INSERT INTO items (name, price) VALUES (:name, :price)', args: { name: 'pear', price: 2 } });

    const r = await client.execute({ sql: 'SELECT name, price, data, id, NULL AS empty FROM items WHERE name = ?', args: ['apple'] });
    expect(r.columns).toEqual(['name', 'price', 'data', 'id', 'empty']);
    expect(r.columnTypes.slice(0, 4)).toEqual(['TEXT', 'REAL', 'BLOB', 'INTEGER']);
    expect(r.rows[0].name).toBe('apple');
    expect(r.rows[0].price).toBe(1.25);
    expect(new Uint8Array(r.rows[0].data as ArrayBuffer)).toEqual(new Uint8Array([0, 1, 255]));
    expect(r.rows[0].empty).toBeNull();
    const exact = createClient({ url: server.url, intMode: 'bigint' });
    expect((await exact.execute("SELECT big FROM items WHERE name = 'apple'")).rows[0].big).toBe(9007199254740993n);
    exact.close();

    const updated = await client.execute({ sql: 'UPDATE items SET price = price * 2 WHERE name IN (?, ?)', args: ['apple', 'pear'] });
    expect(updated.rowsAffected).toBe(2);
    // A read changes nothing, whatever the last write on that connection was.
    expect((await client.execute('SELECT count(*) AS n FROM items')).rowsAffected).toBe(0);
  });

  it('runs a batch atomically and rolls it back when a step fails', async () => {
    const ok = await client.batch(['INSERT INTO items (name) VALUES (\'b1\')', { sql: 'INSERT INTO items (name) VALUES (?)', args: ['b2'] }, "SELECT count(*) AS n FROM items WHERE name LIKE 'b%'"], 'write');
    expect(ok[2].rows[0].n).toBe(2);

    const failed = client.batch(["INSERT INTO items (name) VALUES ('b3')", "INSERT INTO items (name) VALUES ('b1')"], 'write');
    await expect(failed).rejects.toThrow(/UNIQUE constraint failed: items.name/);
    const left = await client.execute("SELECT name FROM items WHERE name = 'b3'");
    expect(left.rows).toHaveLength(0);
  });

  it('surfaces SQL errors as LibsqlError with the SQLite message and code', async () => {
    const err = await client.execute("INSERT INTO items (name) VALUES ('apple')").catch((e) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect(err.message).toContain('UNIQUE constraint failed: items.name');
    expect(err.code).toBe('SQLITE_CONSTRAINT_UNIQUE');

    const syntax = await client.execute('SELEC 1').catch((e) => e);
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect(syntax.message).toContain('syntax error');

    const two = await client.execute('SELECT 1; SELECT 2').catch((e) => e);
    expect(two.message).toContain('more than one statement');
    // executeMultiple is the way to run several.
    await client.executeMultiple("INSERT INTO items (name) VALUES ('m1'); INSERT INTO items (name) VALUES ('m2');");
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name LIKE 'm%'")).rows[0].n).toBe(2);
  });

  it('keeps a transaction on one connection across requests, isolated until commit, and rolls it back', async () => {
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('tx1')");
    // A second request on the same stream sees the uncommitted row…
    expect((await tx.execute("SELECT count(*) AS n FROM items WHERE name = 'tx1'")).rows[0].n).toBe(1);
    // …another stream does not.
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name = 'tx1'")).rows[0].n).toBe(0);
    await tx.rollback();
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name = 'tx1'")).rows[0].n).toBe(0);

    const committed = await client.transaction('write');
    await committed.execute("INSERT INTO items (name) VALUES ('tx2')");
    await committed.execute("UPDATE items SET price = 9 WHERE name = 'tx2'");
    await committed.commit();
    expect((await client.execute("SELECT price FROM items WHERE name = 'tx2'")).rows[0].price).toBe(9);
    expect(server.openStreams()).toBe(0);
  });

  it('runs drizzle transactions through the web client, rolling back on a thrown error', async () => {
    const database = createDatabase(client);
    await expect(
      database.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO items (name) VALUES ('drizzle1')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const result = await database.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO items (name) VALUES ('drizzle2')`);
      return tx.all<{ name: string }>(sql`SELECT name FROM items WHERE name LIKE 'drizzle%'`);
    });
    expect(result.map((r) => r.name)).toEqual(['drizzle2']);
  });

  it('makes a writer wait for the lock held by another stream instead of failing, and gives up after the busy timeout', async () => {
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('lock1')");
    const waiting = client.execute("INSERT INTO items (name) VALUES ('lock2')");
    await new Promise((r) => setTimeout(r, 150));
    await tx.commit();
    await expect(waiting).resolves.toMatchObject({ rowsAffected: 1 });

    const holder = await client.transaction('write');
    await holder.execute("INSERT INTO items (name) VALUES ('lock3')");
    const keepAlive = setInterval(() => holder.execute('SELECT 1').catch(() => undefined), 150);
    const started = Date.now();
    const busy = await client.execute("INSERT INTO items (name) VALUES ('lock4')").catch((e) => e);
    clearInterval(keepAlive);
    expect(busy).toBeInstanceOf(LibsqlError);
    expect(busy.code).toBe('SQLITE_BUSY');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await holder.rollback();
  });

  it('interleaves transactions with writes on other streams, every commit succeeding (the Worker pattern)', async () => {
    // Transactions serialised in-process (worker/db.ts) while other requests write in autocommit:
    // a writer that had to wait must not break a later COMMIT on its connection.
    const database = createDatabase(client);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      work.push(
        database.transaction(async (tx) => {
          await tx.run(sql`INSERT INTO items (name) VALUES (${`tx-${i}`})`);
          await new Promise((r) => setTimeout(r, 3));
          await tx.run(sql`UPDATE items SET price = ${i} WHERE name = ${`tx-${i}`}`);
        }),
      );
      work.push(client.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: [`auto-${i}`] }));
    }
    await Promise.all(work);
    const counted = await client.execute("SELECT count(*) AS n FROM items WHERE name LIKE 'tx-%' OR name LIKE 'auto-%'");
    expect(counted.rows[0].n).toBe(24);
    expect(server.openStreams()).toBe(0);
  });

  it('expires an idle stream: its transaction is rolled back and the lock released', async () => {
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('idle1')");
    await new Promise((r) => setTimeout(r, 700));
    expect(server.openStreams()).toBe(0);
    const err = await tx.execute('SELECT 1').catch((e) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect(err.message).toContain('expired');
    tx.close();
    await client.execute("INSERT INTO items (name) VALUES ('idle2')");
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name LIKE 'idle%'")).rows[0].n).toBe(1);
  });

  it('answers 404 for protocol versions it does not implement, and a probing client falls back to v2', async () => {
    for (const path of ['/v3-protobuf', '/v3', '/v3/pipeline', '/v3/cursor', '/v1/execute']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    const probing = openHttp(server.url, undefined, undefined, undefined, 3);
    expect(await probing.getVersion()).toBe(2);
    const stream = probing.openStream();
    const rows = await stream.query('SELECT 40 + 2 AS answer');
    expect(rows.rows[0].answer).toBe(42);
    stream.close();
    probing.close();
  });

  it('implements the raw pipeline: batch conditions, stored SQL, autocommit, describe and close', async () => {
    const first = await pipeline({
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ? + 1 AS n' },
        { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'integer', value: '41' }], want_rows: true } },
        {
          type: 'batch',
          batch: {
            steps: [
              { stmt: { sql: 'BEGIN' } },
              { condition: { type: 'ok', step: 0 }, stmt: { sql: 'SELEC broken' } },
              { condition: { type: 'error', step: 1 }, stmt: { sql: 'SELECT 1' } },
              { condition: { type: 'and', conds: [{ type: 'ok', step: 1 }, { type: 'ok', step: 0 }] }, stmt: { sql: 'SELECT 2' } },
              { condition: { type: 'not', cond: { type: 'is_autocommit' } }, stmt: { sql: 'ROLLBACK' } },
              { condition: { type: 'or', conds: [{ type: 'is_autocommit' }, { type: 'ok', step: 3 }] }, stmt: { sql: 'SELECT 3' } },
            ],
          },
        },
        { type: 'get_autocommit' },
        { type: 'describe', sql: 'INSERT INTO items (name, price) VALUES (:name, ?)' },
        { type: 'describe', sql: 'SELECT name FROM items WHERE id = ?' },
        { type: 'close_sql', sql_id: 1 },
        { type: 'execute', stmt: { sql_id: 1 } },
      ],
    });
    expect(first.status).toBe(200);
    const [, executed, batched, autocommit, describeInsert, describeSelect, , missing] = first.json.results;
    expect(executed.response.result.rows).toEqual([[{ type: 'integer', value: '42' }]]);
    const { step_results: results, step_errors: errors } = batched.response.result;
    expect(results.map((r: unknown) => r !== null)).toEqual([true, false, true, false, true, true]);
    expect(errors[1].message).toContain('syntax error');
    expect(autocommit.response.is_autocommit).toBe(true);
    expect(describeInsert.response.result).toMatchObject({ params: [{ name: ':name' }, { name: null }], is_readonly: false, is_explain: false });
    expect(describeSelect.response.result).toMatchObject({ cols: [{ name: 'name', decltype: 'TEXT' }], is_readonly: true });
    expect(missing).toMatchObject({ type: 'error', error: { code: 'SQL_NOT_FOUND' } });
    expect(typeof first.json.baton).toBe('string');

    const closed = await pipeline({ baton: first.json.baton, requests: [{ type: 'close' }] });
    expect(closed.json).toMatchObject({ baton: null, results: [{ type: 'ok', response: { type: 'close' } }] });
    // A baton is single use.
    const reused = await pipeline({ baton: first.json.baton, requests: [{ type: 'get_autocommit' }] });
    expect(reused.status).toBe(400);
    expect((await pipeline({ requests: [{ type: 'nonsense' }] })).status).toBe(400);
  });

  it('requires the Bearer token when one is configured', async () => {
    const guarded = await startHranaServer({ databasePath: join(dir, 'test.db'), authToken: 'sekret' });
    try {
      const anonymous = createClient({ url: guarded.url });
      const err = await anonymous.execute('SELECT 1').catch((e) => e);
      expect(err).toBeInstanceOf(LibsqlError);
      expect(err.message).toContain('Unauthorized');
      anonymous.close();
      const wrong = createClient({ url: guarded.url, authToken: 'wrong' });
      await expect(wrong.execute('SELECT 1')).rejects.toThrow(/Unauthorized/);
      wrong.close();
      const authed = createClient({ url: guarded.url, authToken: 'sekret' });
      expect((await authed.execute('SELECT 1 AS one')).rows[0].one).toBe(1);
      authed.close();
    } finally {
      await guarded.close();
    }
  });
});

describe('scanSql', () => {
  it('counts statements and finds parameters outside literals and comments', () => {
    expect(scanSql('  -- nothing\n /* here */ ;').statements).toBe(0);
    expect(scanSql("SELECT ';' AS semi, \"a;b\" FROM t -- ; not a statement").statements).toBe(1);
    expect(scanSql('SELECT 1; SELECT 2;').statements).toBe(2);
    expect(scanSql("SELECT ?, :a, @b, $c, :a, ?5, '?' FROM t").params).toEqual([null, ':a', '@b', '$c', null]);
    expect(scanSql('CREATE TRIGGER t AFTER INSERT ON x BEGIN UPDATE y SET n = 1; END').isTrigger).toBe(true);
  });

  it('tells statements that take the write lock from reads and transaction control', () => {
    const kind = (sql: string) => {
      const { takesWriteLock, readonly } = scanSql(sql);
      return { takesWriteLock, readonly };
    };
    for (const sql of ['SELECT * FROM "update" WHERE x = ?', 'values (1)', 'EXPLAIN INSERT INTO t VALUES (1)', 'WITH d AS (DELETE FROM t) SELECT 1', 'PRAGMA table_info(users)', ' /* c */ select 1']) {
      expect(kind(sql), sql).toEqual({ takesWriteLock: false, readonly: true });
    }
    for (const sql of ['BEGIN', 'BEGIN DEFERRED', 'COMMIT', 'ROLLBACK', 'SAVEPOINT s', 'RELEASE s']) expect(kind(sql), sql).toEqual({ takesWriteLock: false, readonly: true });
    for (const sql of ['BEGIN IMMEDIATE', 'begin exclusive']) expect(kind(sql), sql).toEqual({ takesWriteLock: true, readonly: true });
    for (const sql of ['INSERT INTO t VALUES (1) RETURNING id', 'update t set a = 1', 'DELETE FROM t', 'REPLACE INTO t VALUES (1)', 'CREATE TABLE x (a)', 'DROP TABLE x', 'WITH q AS (SELECT 1) INSERT INTO t SELECT * FROM q', 'PRAGMA foreign_keys = off']) {
      expect(kind(sql), sql).toEqual({ takesWriteLock: true, readonly: false });
    }
  });
});
