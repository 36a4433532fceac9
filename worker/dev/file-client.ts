/**
 * The libSQL client of the Node entry for `file:` databases: the part of @libsql/client's interface
 * drizzle and the app use, on the native `libsql` binding, with each connection's prepared
 * statements kept and reused. @libsql/client prepares every statement again and asks it for its
 * columns on every call, which was most of the time a simple request spent in the database.
 *
 * Two connections: one for reads and single statements (autocommit), one for transactions, batches
 * and migrations. `createDatabase` runs one write transaction at a time, so the transaction
 * connection never waits for itself. Rows have the shape @libsql/client gives: named columns as
 * enumerable properties, and the values by index (with `length`) for drizzle's array mode.
 *
 * `writeCount` moves whenever the data may have changed: each statement of this client that is not
 * a SELECT, each batch, each transaction's start and end, and a commit by another process (a script,
 * a shell), which SQLite's `data_version` shows; that is asked at most every 50 ms, as asking on
 * every read would cost a statement per request. So a value read while the count stands still is
 * current (worker/db.ts `cachedUntilNextWrite`), or at most 50 ms behind another process's write.
 */
import type { Client, InArgs, InStatement, ResultSet, Row, Transaction, TransactionMode } from '@libsql/client';
import Database from 'libsql';
import { SAFETY_NET_PAGES, startCheckpointer } from './checkpoints';

type NativeDatabase = InstanceType<typeof Database>;
type NativeStatement = ReturnType<NativeDatabase['prepare']>;

interface Prepared {
  stmt: NativeStatement;
  /** Returns rows (SELECT, or a write with RETURNING). */
  reader: boolean;
  /** The prototype of its rows: values by index and `length`, not enumerable. */
  rowProto: object | null;
  columns: string[];
}

const VALUES = Symbol('values');
const CACHE_SIZE = 500;

function rowPrototype(columns: string[]): object {
  const proto: Record<PropertyKey, unknown> = {};
  Object.defineProperty(proto, 'length', { value: columns.length });
  for (let i = 0; i < columns.length; i++) {
    Object.defineProperty(proto, i, {
      get(this: { [VALUES]: unknown[] }) {
        return this[VALUES][i];
      },
    });
  }
  return proto;
}

function toRow(prepared: Prepared, values: unknown[]): Row {
  const row = Object.create(prepared.rowProto) as Record<PropertyKey, unknown>;
  row[VALUES] = values;
  const { columns } = prepared;
  for (let i = columns.length - 1; i >= 0; i--) row[columns[i]] = values[i];
  return row as unknown as Row;
}

/**
 * A BLOB as @libsql/client gives it: an ArrayBuffer holding exactly its bytes. A Buffer may be a
 * view into a larger (pooled) ArrayBuffer, so its `buffer` alone is not the value.
 */
function blobAsArrayBuffer(v: unknown): unknown {
  if (!(v instanceof Buffer)) return v;
  return v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? v.buffer : v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength);
}

/** Argument values as SQLite takes them (booleans as 0/1, dates as milliseconds). */
function toSql(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

function bind(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (!args) return [];
  if (Array.isArray(args)) return args.map(toSql);
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, toSql(v)]));
}

class Connection {
  readonly db: NativeDatabase;
  readonly #cache = new Map<string, Prepared>();

  constructor(path: string, timeoutMs: number) {
    this.db = new Database(path, { timeout: timeoutMs / 1000 });
  }

  #prepare(sql: string): Prepared {
    let prepared = this.#cache.get(sql);
    if (prepared) {
      // Most recently used last: the first key is the one to drop.
      this.#cache.delete(sql);
      this.#cache.set(sql, prepared);
      return prepared;
    }
    const stmt = this.db.prepare(sql);
    const reader = stmt.reader;
    const columns = reader ? (stmt.columns() as { name: string }[]).map((c) => c.name) : [];
    if (reader) stmt.raw(true);
    prepared = { stmt, reader, columns, rowProto: reader ? rowPrototype(columns) : null };
    this.#cache.set(sql, prepared);
    if (this.#cache.size > CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    return prepared;
  }

  execute(stmt: InStatement): ResultSet {
    const { sql, args } = typeof stmt === 'string' ? { sql: stmt, args: undefined } : stmt;
    const prepared = this.#prepare(sql);
    const params = bind(args);
    if (prepared.reader) {
      const rows = (prepared.stmt.all(params) as unknown[][]).map((values) => toRow(prepared, values.map(blobAsArrayBuffer)));
      return resultSet(prepared.columns, rows, 0, undefined);
    }
    const info = prepared.stmt.run(params) as { changes: number; lastInsertRowid: number | bigint };
    return resultSet([], [], info.changes, BigInt(info.lastInsertRowid));
  }

  exec(sql: string) {
    this.db.exec(sql);
  }

  /** SQLite's `data_version`: moves when another connection commits. */
  dataVersion(): number {
    return Number((this.#prepare('PRAGMA data_version').stmt.all([]) as unknown[][])[0][0]);
  }

  close() {
    this.#cache.clear();
    if (this.db.open) this.db.close();
  }
}

/**
 * Checkpoints the whole WAL into the database file and truncates it. The background checkpointer's
 * thread, told to stop but not yet stopped, may be in a checkpoint of its own: SQLite then answers
 * "busy" (the pragma's first column, not an error), so this waits a few milliseconds and tries again,
 * for up to a second. Seen once: the e2e template kept a 3 MB WAL. A reader still there after that
 * (another process) keeps the WAL; its own last close checkpoints.
 */
function emptyWal(conn: Connection) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  // By the clock, not a count: an attempt blocked by a reader already waits the busy timeout.
  const end = Date.now() + 1_000;
  for (;;) {
    try {
      if (Number(conn.execute('PRAGMA wal_checkpoint(TRUNCATE)').rows[0][0]) === 0) return;
    } catch {
      // SQLITE_BUSY as an error (a writer's lock): the same wait.
    }
    if (Date.now() >= end) return;
    Atomics.wait(pause, 0, 0, 5);
  }
}

function resultSet(columns: string[], rows: Row[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ''),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({ columns, rows: rows.map((r) => Array.prototype.slice.call(r)), rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null }),
  };
}

/** A statement that only reads (a write with RETURNING starts with its verb, not SELECT). */
const SELECT = /^\s*select\b/i;
/** How often `writeCount` asks whether another process wrote (see the header). */
const OTHER_WRITERS_CHECK_MS = 50;

const BEGIN: Record<TransactionMode, string> = { write: 'BEGIN IMMEDIATE', read: 'BEGIN DEFERRED', deferred: 'BEGIN DEFERRED' };

export interface FileClientOptions {
  /** How long a statement waits for a lock another process holds before SQLITE_BUSY. */
  timeoutMs: number;
  /** Per-connection PRAGMAs (busy timeout, synchronous). */
  pragmas: string[];
  /** WAL checkpoints in a worker thread instead of inside the commits of requests (./checkpoints.ts). */
  checkpointInBackground?: boolean;
}

export function createFileClient(path: string, opts: FileClientOptions): Client {
  const reads = new Connection(path, opts.timeoutMs);
  const writes = new Connection(path, opts.timeoutMs);
  const pragmas = opts.checkpointInBackground ? [...opts.pragmas, `PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`] : opts.pragmas;
  for (const c of [reads, writes]) for (const pragma of pragmas) c.exec(pragma);
  const checkpointer = opts.checkpointInBackground ? startCheckpointer(path) : null;
  let closed = false;
  let inTransaction = false;
  let writeCount = 0;
  let otherWritersCheckedAt = 0;
  let dataVersion = reads.dataVersion();
  /** Counted once the statement has run and again when it settles: nothing read before it is kept past it. */
  const counted = <T>(p: Promise<T>): Promise<T> => {
    writeCount++;
    return p.finally(() => writeCount++);
  };

  const run = <T>(fn: () => T): Promise<T> => {
    if (closed) return Promise.reject(new Error('The client is closed'));
    try {
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(e);
    }
  };

  /** Statements in one transaction on the write connection, rolled back on the first error. */
  const inOwnTransaction = (begin: string, stmts: InStatement[]) =>
    run(() => {
      writes.exec(begin);
      try {
        const results = stmts.map((s) => writes.execute(s));
        writes.exec('COMMIT');
        return results;
      } catch (e) {
        if (writes.db.inTransaction) writes.exec('ROLLBACK');
        throw e;
      }
    });

  const client = {
    get closed() {
      return closed;
    },
    protocol: 'file' as const,
    /** Writes since the client opened (see the header); only grows. */
    get writeCount() {
      const now = performance.now();
      if (now - otherWritersCheckedAt >= OTHER_WRITERS_CHECK_MS && !closed) {
        otherWritersCheckedAt = now;
        const version = reads.dataVersion();
        if (version !== dataVersion) [dataVersion, writeCount] = [version, writeCount + 1];
      }
      return writeCount;
    },
    execute(stmt: InStatement | string, args?: InArgs) {
      const statement = typeof stmt === 'string' ? { sql: stmt, args: args ?? [] } : stmt;
      const result = run(() => reads.execute(statement));
      return SELECT.test(statement.sql) ? result : counted(result);
    },
    batch(stmts: (InStatement | [string, InArgs?])[], mode: TransactionMode = 'deferred') {
      return counted(inOwnTransaction(BEGIN[mode], stmts.map((s) => (Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : s))));
    },
    migrate(stmts: InStatement[]) {
      return counted(
        run(() => {
          writes.exec('PRAGMA foreign_keys=off');
          return inOwnTransaction('BEGIN DEFERRED', stmts).finally(() => writes.exec('PRAGMA foreign_keys=on'));
        }),
      );
    },
    executeMultiple(sql: string) {
      return counted(run(() => writes.exec(sql)));
    },
    async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
      if (inTransaction) throw new Error('The file client runs one transaction at a time (deps.database.transaction serialises them)');
      await run(() => writes.exec(BEGIN[mode]));
      inTransaction = true;
      writeCount++;
      let done = false;
      const finish = (sql: string) =>
        run(() => {
          if (done) return;
          done = true;
          inTransaction = false;
          try {
            if (writes.db.inTransaction) writes.exec(sql);
          } finally {
            writeCount++;
          }
        });
      const tx = {
        get closed() {
          return done;
        },
        execute: (stmt: InStatement) => (done ? Promise.reject(new Error('The transaction is closed')) : run(() => writes.execute(stmt))),
        batch: (stmts: InStatement[]) => run(() => stmts.map((s) => writes.execute(s))),
        executeMultiple: (sql: string) => run(() => writes.exec(sql)),
        commit: () => finish('COMMIT'),
        rollback: () => finish('ROLLBACK'),
        close: () => void finish('ROLLBACK'),
      };
      return tx as unknown as Transaction;
    },
    sync: () => Promise.resolve(undefined),
    close() {
      // Twice is once: libsql panics (and ends the process) on a closed connection's `inTransaction`.
      if (closed) return;
      closed = true;
      void checkpointer?.stop();
      // libsql's close() keeps a connection that prepared statements open until the garbage collector
      // takes them (a known limit of libsql 0.5.29): the last one to go then checkpoints into the file
      // and deletes its WAL, at a moment no one chose, while a script or a test may be copying it.
      // Emptied here, the WAL leaves that late close nothing to write; the database file is whole.
      reads.close();
      if (!writes.db.inTransaction) emptyWal(writes);
      writes.close();
    },
    reconnect: () => Promise.resolve(),
  };
  return client as unknown as Client;
}
