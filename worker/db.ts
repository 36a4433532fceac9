import type { Client, InArgs, ResultSet } from '@libsql/client';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as tables from '../schema/tables';

export type Db = LibSQLDatabase<typeof tables>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Domain functions take either: a read can run inside or outside a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  /** Reads (outside a transaction they never wait for the writer). Writes here throw WriteOutsideTransactionError. */
  db: Db;
  client: Client;
  /**
   * A write transaction (BEGIN IMMEDIATE). Serialised within the process: on a libSQL file the
   * native busy-wait would block the event loop while another async transaction holds the lock.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` after the transaction now running commits (dropped if it rolls back, or if the
   * savepoint it was queued in rolls back), once the writer is free; `transaction` resolves after
   * the hooks (an async one is awaited). Write transactions are serialised, so "the one running"
   * is well defined; used to poke sync clients and to nudge mail delivery.
   */
  afterCommit(fn: () => void | Promise<unknown>): void;
  /** A savepoint inside the running transaction: `fn`'s writes, after-commit hooks and `oncePerTransaction` values go if it throws. */
  savepoint<T>(tx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T>;
  /**
   * `compute`'s result, computed once per running transaction and `key`: later calls in it get the
   * same promise. A savepoint that rolls back forgets what was computed inside it (its writes are
   * gone too). Used for writes a transaction needs once however many changes it makes (a change
   * counter moves once per commit).
   */
  oncePerTransaction<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** The running transaction's after-commit hooks and `oncePerTransaction` keys: one frame for it, one more per open savepoint. */
interface Frame {
  hooks: (() => void | Promise<unknown>)[];
  keys: string[];
}

/** A statement that writes rows. DDL is left to migrations, which run before the app serves. */
const WRITES_ROWS = /^\s*(insert|update|delete|replace)\b|^\s*with\b[\s\S]*\b(insert|update|delete|replace)\b/i;
const statementText = (stmt: unknown) => (typeof stmt === 'string' ? stmt : ((stmt as { sql?: string } | undefined)?.sql ?? ''));

/**
 * The client behind `database.db`: reads only. Every write must go through `transaction`, the one
 * writer: a write on a second connection while a transaction holds the lock busy-waits synchronously
 * inside the libSQL file driver, freezing the event loop, and then fails with SQLITE_BUSY.
 */
export class WriteOutsideTransactionError extends Error {}
function readOnlyClient(client: Client): Client {
  const refuse = (stmt: unknown) => {
    if (WRITES_ROWS.test(statementText(stmt))) {
      throw new WriteOutsideTransactionError(`Write outside deps.database.transaction: ${statementText(stmt).slice(0, 80)}`);
    }
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'execute') {
        return (stmt: Parameters<Client['execute']>[0], args?: never) => {
          refuse(stmt);
          return args === undefined ? target.execute(stmt) : target.execute(stmt as string, args);
        };
      }
      if (prop === 'batch') {
        return (stmts: Parameters<Client['batch']>[0], mode?: Parameters<Client['batch']>[1]) => {
          for (const stmt of stmts) refuse(Array.isArray(stmt) ? stmt[0] : stmt);
          return target.batch(stmts, mode);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function createDatabase(client: Client): Database {
  const db = drizzle(readOnlyClient(client), { schema: tables });
  let tail: Promise<unknown> = Promise.resolve();
  let frames: Frame[] | null = null;
  const computed = new Map<string, Promise<unknown>>();
  const frame = (): Frame => ({ hooks: [], keys: [] });
  return {
    db,
    client,
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const run = tail.then(async () => {
        frames = [frame()];
        computed.clear();
        try {
          const result = await db.transaction(fn);
          return { result, hooks: frames[0].hooks };
        } finally {
          frames = null;
          computed.clear();
        }
      });
      tail = run.catch(() => undefined);
      // The hooks run once the writer is free for the next transaction; the caller waits for them
      // (the mail an action queued is rendered before it answers, without holding the writer).
      return run.then(async ({ result, hooks }) => {
        for (const hook of hooks) {
          try {
            await hook();
          } catch (e) {
            // The commit stands; a failed notification must not turn it into an error.
            console.error('afterCommit hook failed', e);
          }
        }
        return result;
      });
    },
    afterCommit(fn: () => void | Promise<unknown>) {
      if (!frames) throw new Error('afterCommit called outside deps.database.transaction');
      frames[frames.length - 1].hooks.push(fn);
    },
    oncePerTransaction<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (!frames) throw new Error('oncePerTransaction called outside deps.database.transaction');
      let value = computed.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute();
        computed.set(key, value);
        frames[frames.length - 1].keys.push(key);
        // A failure is not kept: the next call tries again (if the transaction goes on at all).
        value.catch(() => {
          if (computed.get(key) === value) computed.delete(key);
        });
      }
      return value;
    },
    async savepoint<T>(tx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T> {
      if (!frames) throw new Error('savepoint called outside deps.database.transaction');
      // SQL savepoints on the transaction's own connection, and `fn` gets the same `tx`: drizzle's
      // nested transaction builds a new database object each time (about a quarter of a pushed
      // mutation's time).
      const connection = connectionOf(tx);
      const name = `hoa_sp${frames.length}`;
      frames.push(frame());
      let result: T;
      try {
        await connection.execute(`SAVEPOINT ${name}`);
        try {
          result = await fn(tx);
        } catch (e) {
          await connection.execute(`ROLLBACK TO SAVEPOINT ${name}`);
          await connection.execute(`RELEASE SAVEPOINT ${name}`);
          throw e;
        }
        await connection.execute(`RELEASE SAVEPOINT ${name}`);
      } catch (e) {
        for (const key of frames.pop()!.keys) computed.delete(key);
        throw e;
      }
      const kept = frames.pop()!;
      frames[frames.length - 1].hooks.push(...kept.hooks);
      frames[frames.length - 1].keys.push(...kept.keys);
      return result;
    },
  };
}

const dialect = new SQLiteAsyncDialect();

/** A statement's SQL text and its parameters, `sql.placeholder`s among them, as drizzle renders it. */
export interface RenderedStatement {
  sql: string;
  params: unknown[];
}

export const renderStatement = (query: SQL): RenderedStatement => dialect.sqlToQuery(query);

/** The statement with `values` in its placeholders, as the client runs it. */
const withValues = (statement: RenderedStatement, values: Record<string, unknown>) => ({ sql: statement.sql, args: fillPlaceholders(statement.params, values) as InArgs });

/**
 * A read on a hot path (every request, every pull), rendered to SQL text once instead of on every
 * call: drizzle's builder costs several times what SQLite does for a small query. `build` uses
 * `sql.placeholder(name)` where each call's values go. Rows come straight from the client (named
 * columns; JSON columns as text).
 */
export function preparedRead<Row, Values extends Record<string, unknown>>(build: () => SQL) {
  let rendered: RenderedStatement | null = null;
  return async (database: Pick<Database, 'client'>, values: Values): Promise<Row[]> => {
    rendered ??= renderStatement(build());
    return (await database.client.execute(withValues(rendered, values))).rows as unknown as Row[];
  };
}

/** Read results cached per client: cleared whenever its write count moves. */
const cachedByClient = new WeakMap<object, { writeCount: number; values: Map<string, Promise<unknown>> }>();
/** Most results cached per client: the oldest goes first. */
const CACHED_UNTIL_WRITE_MAX = 10_000;

/**
 * `read()`'s result, kept until this process next writes to the database, where this process is
 * the database's one writer (the Node entry's file client counts its writes: worker/dev/file-client.ts).
 * There nothing a read found can change without a write here, so the hot reads of every request
 * (who the caller is now, the change counters, a pull's "anything new?") cost no statement while
 * nothing is written. Elsewhere (Workers: many isolates over one database) every call reads.
 * Callers must not change what they get: it is shared.
 */
export function cachedUntilNextWrite<T>(database: Pick<Database, 'client'>, key: string, read: () => Promise<T>): Promise<T> {
  const writeCount = (database.client as { writeCount?: number }).writeCount;
  if (writeCount === undefined) return read();
  let cache = cachedByClient.get(database.client);
  if (!cache) cachedByClient.set(database.client, (cache = { writeCount, values: new Map() }));
  if (cache.writeCount !== writeCount) {
    cache.writeCount = writeCount;
    cache.values.clear();
  }
  const found = cache.values.get(key) as Promise<T> | undefined;
  if (found) return found;
  const value = read();
  const { values } = cache;
  values.set(key, value);
  if (values.size > CACHED_UNTIL_WRITE_MAX) values.delete(values.keys().next().value!);
  // A failed read is not cache.
  value.catch(() => {
    if (values.get(key) === value) values.delete(key);
  });
  return value;
}

/** The libSQL connection a drizzle transaction (or one of its savepoints) runs its statements on. */
function connectionOf(tx: Tx): Pick<Client, 'execute'> {
  // drizzle's LibSQLSession keeps the running libSQL transaction in `tx`; savepoints share the session.
  const session = (tx as unknown as { session?: { tx?: Pick<Client, 'execute'> } }).session;
  if (!session?.tx) throw new Error('not inside a transaction (deps.database.transaction)');
  return session.tx;
}

/**
 * A statement on a hot write path (every pushed mutation), rendered to SQL text once, run on the
 * transaction's connection: `preparedRead` for writes inside `database.transaction`. Rows come as
 * the client gives them (named columns).
 */
export function preparedWrite<Row, Values extends Record<string, unknown>>(build: () => SQL) {
  let rendered: RenderedStatement | null = null;
  return async (tx: Tx, values: Values): Promise<Row[]> => {
    rendered ??= renderStatement(build());
    return (await runRendered(tx, rendered, values)).rows as unknown as Row[];
  };
}

/** A drizzle transaction (it carries the session its statements run on), not the read handle. */
export const isTransaction = (on: StatementRunner): on is Tx => 'session' in on;

/** Where a rendered statement runs: a transaction's connection, or the read handle (reads only). */
export type StatementRunner = Tx | Pick<Database, 'client'>;

/** Runs a rendered statement on the transaction's connection (or the read handle), `values` in its placeholders. */
export function runRendered(on: StatementRunner, statement: RenderedStatement, values: Record<string, unknown>): Promise<ResultSet> {
  const connection = isTransaction(on) ? connectionOf(on) : on.client;
  return connection.execute(withValues(statement, values));
}

const preparedBySession = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle prepared query built once per transaction (its savepoints share it) and reused by every
 * later call in it with the same `key`: a push applies hundreds of mutations in one transaction, and
 * building each statement again cost more than SQLite running it. Outside a transaction it is built
 * per call, as before.
 */
export function preparedInTransaction<Q>(on: DbOrTx, key: string, build: () => Q): Q {
  const session = (on as unknown as { session?: { tx?: object } }).session;
  if (!session?.tx) return build();
  let cache = preparedBySession.get(session);
  if (!cache) preparedBySession.set(session, (cache = new Map()));
  let q = cache.get(key) as Q | undefined;
  if (!q) cache.set(key, (q = build()));
  return q;
}
