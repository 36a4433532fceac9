/**
 * A small Hrana-over-HTTP server over a local libSQL file, for running the Worker entry offline.
 *
 * In workerd, @libsql/client is the web client: it speaks Hrana over HTTP to a libSQL server and cannot
 * open `file:` URLs, and no libSQL server (sqld) ships on npm. This serves what that client sends:
 * the JSON pipeline of Hrana version 2 (`POST /v2/pipeline`) with every stream request
 * (execute, batch with its step conditions, sequence, describe, store_sql, close_sql, get_autocommit,
 * close). Version 3 (`/v3`, `/v3-protobuf`, cursors) answers 404, so a client probing for it falls
 * back to version 2. Node-only (worker/dev/): never part of the Worker bundle.
 *
 * Streams: the first request of a stream (no baton) gets a connection of its own; the baton in the
 * answer names that stream, so `BEGIN IMMEDIATE … COMMIT` across several requests runs on ONE
 * connection. Batons are single use (a new one per answer), which also serialises a stream's requests.
 * A stream idle for `streamIdleMs` is rolled back and closed.
 *
 * Locking: libsql's busy timeout waits synchronously and would block this event loop while the
 * connection that holds the lock waits for its next HTTP request. And a statement that failed with
 * SQLITE_BUSY stays "in progress" in libsql until it is garbage-collected, so a later COMMIT on that
 * connection fails. So the write lock is taken here first: a statement that would write (INSERT,
 * UPDATE, DDL, BEGIN IMMEDIATE, … see scanSql) waits asynchronously, up to `busyTimeoutMs`, until no
 * other connection of this server holds a write transaction, and only then reaches SQLite. SQLITE_BUSY
 * can then only come from another process using the file; such a statement is retried asynchronously
 * and its connection is closed instead of pooled when its stream ends.
 */
import Database from 'libsql';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

type LibsqlDatabase = InstanceType<typeof Database>;

// ---- Hrana v2 JSON shapes (https://github.com/tursodatabase/libsql/blob/main/docs/HRANA_2_SPEC.md) ----

type HranaValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface HranaStmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}

type HranaCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: HranaCond }
  | { type: 'and' | 'or'; conds: HranaCond[] }
  | { type: 'is_autocommit' };

interface HranaBatch {
  steps: { condition?: HranaCond | null; stmt: HranaStmt }[];
}

type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: HranaStmt }
  | { type: 'batch'; batch: HranaBatch }
  | { type: 'sequence' | 'describe'; sql?: string | null; sql_id?: number | null }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' };

interface StmtResult {
  cols: { name: string | null; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

interface HranaErrorBody {
  message: string;
  code?: string;
}

type StreamResult = { type: 'ok'; response: Record<string, unknown> & { type: string } } | { type: 'error'; error: HranaErrorBody };

/** An error reported to the client inside a stream result (the stream stays usable). */
class StatementError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A malformed request: the whole HTTP request answers 400. */
class ProtocolError extends Error {}

function asStatementError(err: unknown): StatementError {
  if (err instanceof StatementError) return err;
  const e = err as { message?: string; code?: string };
  // libsql's SqliteError carries the extended code name (SQLITE_CONSTRAINT_UNIQUE), as the Node
  // entry's file client reports it, so app code sees the same codes under both entries.
  return new StatementError(e?.message ?? String(err), typeof e?.code === 'string' ? e.code : 'UNKNOWN');
}

// ---- values ----

function decodeValue(v: HranaValue | undefined): unknown {
  switch (v?.type) {
    case 'null':
      return null;
    case 'integer':
      if (typeof v.value !== 'string' || !/^-?\d+$/.test(v.value)) throw new ProtocolError('An integer value must be a string of digits');
      return BigInt(v.value);
    case 'float':
      return Number(v.value);
    case 'text':
      if (typeof v.value !== 'string') throw new ProtocolError('A text value must be a string');
      return v.value;
    case 'blob':
      return Buffer.from(v.base64 ?? '', 'base64');
    default:
      throw new ProtocolError(`Unknown value type ${JSON.stringify((v as { type?: unknown } | undefined)?.type)}`);
  }
}

function encodeValue(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  // With safeIntegers on, libsql returns INTEGER as bigint, so a number here is a REAL.
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
  return { type: 'text', value: String(v) };
}

// ---- a small SQL scanner: statements, parameters and what the first one does ----

interface ScannedSql {
  /** Statements with at least one token. */
  statements: number;
  /** Parameters of the first statement, by index (1-based in SQLite, 0-based here); null = positional. */
  params: (string | null)[];
  isTrigger: boolean;
  /** The first statement takes SQLite's write lock (INSERT, UPDATE, DDL, BEGIN IMMEDIATE, …). */
  takesWriteLock: boolean;
  /** What sqlite3_stmt_readonly would say: reads, EXPLAIN and transaction control are read-only. */
  readonly: boolean;
}

const READ_VERBS = new Set(['SELECT', 'VALUES', 'EXPLAIN']);
const CONTROL_VERBS = new Set(['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE']);
const MAIN_VERBS = new Set(['SELECT', 'VALUES', 'INSERT', 'UPDATE', 'DELETE', 'REPLACE']);

/**
 * Scans SQL outside string literals, quoted identifiers and comments. libsql's JS API exposes neither
 * sqlite3_stmt_readonly nor parameter names, and an EXPLAIN run through it stays "in progress" on
 * its connection (breaking a later COMMIT), so this reads the text instead.
 */
export function scanSql(sql: string): ScannedSql {
  let statements = 0;
  let inStatement = false;
  const params: (string | null)[] = [];
  const named = new Map<string, number>();
  // Words of the first statement outside parentheses, and whether it assigns (PRAGMA x = y).
  const topWords: string[] = [];
  let depth = 0;
  let assigns = false;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const ch = sql[i];
    if (ch === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === ';') {
      inStatement = false;
      i++;
      continue;
    }
    if (!inStatement) {
      inStatement = true;
      statements++;
    }
    const first = statements === 1;
    if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      i++;
      while (i < n) {
        if (sql[i] === close) {
          // A doubled quote is an escaped quote inside the literal.
          if (close !== ']' && sql[i + 1] === close) {
            i += 2;
            continue;
          }
          break;
        }
        i++;
      }
      i++;
      continue;
    }
    if (first && (ch === '?' || ch === ':' || ch === '@' || ch === '$')) {
      let j = i + 1;
      if (ch === '?') {
        while (j < n && /\d/.test(sql[j])) j++;
        const digits = sql.slice(i + 1, j);
        if (digits) {
          const index = Number(digits) - 1;
          while (params.length <= index) params.push(null);
        } else params.push(null);
        i = j;
        continue;
      }
      while (j < n && /[\p{L}\p{N}_$]/u.test(sql[j])) j++;
      if (j > i + 1) {
        const name = sql.slice(i, j);
        if (!named.has(name)) {
          named.set(name, params.length);
          params.push(name);
        }
        i = j;
        continue;
      }
    }
    if (/[\p{L}_]/u.test(ch)) {
      let j = i + 1;
      while (j < n && /[\p{L}\p{N}_$]/u.test(sql[j])) j++;
      if (first && depth === 0 && topWords.length < 64) topWords.push(sql.slice(i, j).toUpperCase());
      i = j;
      continue;
    }
    if (first) {
      if (ch === '(') depth++;
      else if (ch === ')') depth = Math.max(0, depth - 1);
      else if (ch === '=' && depth === 0) assigns = true;
    }
    i++;
  }
  const [w0, w1, w2] = topWords;
  const isTrigger = w0 === 'CREATE' && (w1 === 'TRIGGER' || (['TEMP', 'TEMPORARY'].includes(w1) && w2 === 'TRIGGER'));
  // WITH … AS (…) <verb>: the verb is the first main-statement word outside the CTEs' parentheses.
  const verb = w0 === 'WITH' ? (topWords.find((w) => MAIN_VERBS.has(w)) ?? 'SELECT') : (w0 ?? '');
  let readonly: boolean;
  let takesWriteLock: boolean;
  if (READ_VERBS.has(verb)) [readonly, takesWriteLock] = [true, false];
  else if (CONTROL_VERBS.has(verb)) [readonly, takesWriteLock] = [true, verb === 'BEGIN' && (w1 === 'IMMEDIATE' || w1 === 'EXCLUSIVE')];
  else if (verb === 'PRAGMA') [readonly, takesWriteLock] = [!assigns, assigns];
  // INSERT, UPDATE, DELETE, REPLACE, DDL, VACUUM, … and anything unknown: assume it writes.
  else [readonly, takesWriteLock] = [false, true];
  return { statements, params, isTrigger, takesWriteLock, readonly };
}

// ---- connections and streams ----

interface Connection {
  db: LibsqlDatabase;
  /** changes(), total_changes(), last_insert_rowid() of this connection. */
  meta: ReturnType<LibsqlDatabase['prepare']>;
  /** A statement met SQLITE_BUSY and may still be in progress: close rather than reuse. */
  poisoned: boolean;
}

interface Stream {
  conn: Connection;
  sqls: Map<number, string>;
  timer?: NodeJS.Timeout;
}

export interface HranaServerOptions {
  /** Path of the libSQL/SQLite file (not a URL). */
  databasePath: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: this server is for local development and tests only. */
  host?: string;
  /** When set, every pipeline request must send `Authorization: Bearer <authToken>`. */
  authToken?: string;
  /** A stream unused this long is rolled back and closed (default 10 s, like sqld). */
  streamIdleMs?: number;
  /** How long a statement keeps retrying while another connection holds the write lock (default 5 s). */
  busyTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningHranaServer {
  /** The URL to give @libsql/client (`http://host:port`). */
  url: string;
  port: number;
  /** Streams open right now (tests use it to see that streams are closed or expired). */
  openStreams(): number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MAX_STORED_SQL = 1000;
const POOL_SIZE = 8;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function startHranaServer(opts: HranaServerOptions): Promise<RunningHranaServer> {
  const streamIdleMs = opts.streamIdleMs ?? 10_000;
  const busyTimeoutMs = opts.busyTimeoutMs ?? 5_000;
  const host = opts.host ?? '127.0.0.1';
  const pool: Connection[] = [];
  const streams = new Map<string, Stream>();
  const live = new Set<Stream>();

  function openConnection(): Connection {
    const db = new Database(opts.databasePath);
    // See the header: waiting happens asynchronously (acquireWrite, withBusyRetry), never inside libsql.
    db.exec('PRAGMA busy_timeout = 0');
    // As worker/dev/database.ts sets up the Node entry's file: WAL with NORMAL sync (no fsync per commit).
    db.exec('PRAGMA synchronous = NORMAL');
    const meta = db.prepare('SELECT changes(), total_changes(), last_insert_rowid()').raw(true).safeIntegers(true);
    return { db, meta, poisoned: false };
  }

  {
    const first = openConnection();
    first.db.exec('PRAGMA journal_mode = WAL');
    pool.push(first);
  }

  function takeConnection(): Connection {
    return pool.pop() ?? openConnection();
  }

  function releaseConnection(conn: Connection) {
    try {
      if (conn.db.inTransaction) conn.db.exec('ROLLBACK');
    } catch {
      conn.poisoned = true;
    }
    // This connection leaves its stream: whatever state it is in, it no longer holds the lock.
    settleWriter(conn, true);
    if (!conn.poisoned && pool.length < POOL_SIZE) pool.push(conn);
    else conn.db.close();
  }

  // ---- the write lock, taken here before SQLite is asked (see the header) ----

  let writer: Connection | null = null;
  let wakeWaiters: (() => void)[] = [];

  async function acquireWrite(conn: Connection): Promise<void> {
    const deadline = Date.now() + busyTimeoutMs;
    while (writer !== null && writer !== conn) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new StatementError('database is locked', 'SQLITE_BUSY');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        wakeWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    writer = conn;
  }

  /** Releases the write lock once the connection holding it is back in autocommit mode. */
  function settleWriter(conn: Connection, leaving = false) {
    if (writer !== conn || (conn.db.inTransaction && !leaving)) return;
    writer = null;
    const waiting = wakeWaiters;
    wakeWaiters = [];
    for (const wake of waiting) wake();
  }

  function closeStream(stream: Stream) {
    clearTimeout(stream.timer);
    if (!live.delete(stream)) return;
    releaseConnection(stream.conn);
  }

  function totals(conn: Connection) {
    const [changes, total, lastRowid] = conn.meta.get([]) as [bigint, bigint, bigint];
    return { changes, total, lastRowid };
  }

  /** Runs fn, retrying while the database is locked by another connection. */
  async function withBusyRetry<T>(conn: Connection, fn: () => T, canRetry: () => boolean = () => true): Promise<T> {
    const deadline = Date.now() + busyTimeoutMs;
    let wait = 2;
    for (;;) {
      try {
        return fn();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code?.startsWith('SQLITE_BUSY')) conn.poisoned = true;
        if (code !== 'SQLITE_BUSY' || Date.now() >= deadline || !canRetry()) throw err;
        await sleep(wait);
        wait = Math.min(wait * 2, 50);
      }
    }
  }

  function sqlOf(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): string {
    if (sql !== undefined && sql !== null && sqlId !== undefined && sqlId !== null) throw new ProtocolError('Send either sql or sql_id, not both');
    if (typeof sql === 'string') return sql;
    if (typeof sqlId === 'number') {
      const stored = stream.sqls.get(sqlId);
      if (stored === undefined) throw new StatementError(`No SQL text is stored under id ${sqlId}`, 'SQL_NOT_FOUND');
      return stored;
    }
    throw new ProtocolError('A statement needs sql or sql_id');
  }

  function prepareOne(conn: Connection, sql: string) {
    const scanned = scanSql(sql);
    if (scanned.statements === 0) throw new StatementError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
    // libsql would run only the first statement and ignore the rest; say so instead. (A trigger body
    // holds semicolons of its own.)
    if (scanned.statements > 1 && !scanned.isTrigger) throw new StatementError('SQL string contains more than one statement', 'SQL_MANY_STATEMENTS');
    return conn.db.prepare(sql);
  }

  async function execute(stream: Stream, stmt: HranaStmt): Promise<StmtResult> {
    if (!stmt || typeof stmt !== 'object') throw new ProtocolError('execute needs a stmt');
    const sql = sqlOf(stream, stmt.sql, stmt.sql_id);
    const args = (stmt.args ?? []).map(decodeValue);
    const namedArgs = stmt.named_args ?? [];
    if (args.length && namedArgs.length) throw new StatementError('Mixing positional and named arguments is not supported by this server', 'ARGS_INVALID');
    const conn = stream.conn;
    const bind: unknown = namedArgs.length ? Object.fromEntries(namedArgs.map((a) => [a.name, decodeValue(a.value)])) : args;
    try {
      if (scanSql(sql).takesWriteLock) await acquireWrite(conn);
      return await withBusyRetry(conn, () => {
        const prepared = prepareOne(conn, sql);
        const before = totals(conn).total;
        let rows: unknown[][] = [];
        let cols: StmtResult['cols'] = [];
        if (prepared.reader) {
          prepared.raw(true).safeIntegers(true);
          cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type }));
          rows = prepared.all(bind) as unknown[][];
        } else {
          prepared.run(bind);
        }
        const after = totals(conn);
        // libsql leaves an EXPLAIN "in progress" on its connection: do not hand that one on.
        if (/^\s*explain\b/i.test(sql)) conn.poisoned = true;
        return {
          cols,
          rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(encodeValue)),
          // changes() keeps the count of the last write; a statement that wrote nothing changed 0 rows.
          affected_row_count: after.total !== before ? Number(after.changes) : 0,
          last_insert_rowid: after.lastRowid.toString(),
        };
      });
    } catch (err) {
      if (err instanceof ProtocolError) throw err;
      throw asStatementError(err);
    } finally {
      settleWriter(conn);
    }
  }

  function holds(cond: HranaCond, outcomes: ('ok' | 'error' | 'skipped')[], conn: Connection): boolean {
    switch (cond.type) {
      case 'ok':
        return outcomes[cond.step] === 'ok';
      case 'error':
        return outcomes[cond.step] === 'error';
      case 'not':
        return !holds(cond.cond, outcomes, conn);
      case 'and':
        return cond.conds.every((c) => holds(c, outcomes, conn));
      case 'or':
        return cond.conds.some((c) => holds(c, outcomes, conn));
      case 'is_autocommit':
        return !conn.db.inTransaction;
      default:
        throw new ProtocolError(`Unknown batch condition ${JSON.stringify((cond as { type?: unknown }).type)}`);
    }
  }

  async function batch(stream: Stream, b: HranaBatch) {
    if (!b || !Array.isArray(b.steps)) throw new ProtocolError('batch needs steps');
    const outcomes: ('ok' | 'error' | 'skipped')[] = [];
    const stepResults: (StmtResult | null)[] = [];
    const stepErrors: (HranaErrorBody | null)[] = [];
    for (const step of b.steps) {
      if (step.condition && !holds(step.condition, outcomes, stream.conn)) {
        outcomes.push('skipped');
        stepResults.push(null);
        stepErrors.push(null);
        continue;
      }
      try {
        stepResults.push(await execute(stream, step.stmt));
        stepErrors.push(null);
        outcomes.push('ok');
      } catch (err) {
        if (err instanceof ProtocolError) throw err;
        const e = asStatementError(err);
        stepResults.push(null);
        stepErrors.push({ message: e.message, code: e.code });
        outcomes.push('error');
      }
    }
    return { step_results: stepResults, step_errors: stepErrors };
  }

  async function sequence(stream: Stream, sql: string) {
    const conn = stream.conn;
    const start = { total: totals(conn).total, inTx: conn.db.inTransaction };
    try {
      // Several statements, any of which may write: take the write lock for the lot.
      await acquireWrite(conn);
      // exec runs statement after statement; retrying is only safe while none of them has had an effect.
      await withBusyRetry(
        conn,
        () => conn.db.exec(sql),
        () => totals(conn).total === start.total && conn.db.inTransaction === start.inTx,
      );
    } catch (err) {
      throw asStatementError(err);
    } finally {
      settleWriter(conn);
    }
  }

  function describe(stream: Stream, sql: string) {
    try {
      const prepared = prepareOne(stream.conn, sql);
      const scanned = scanSql(sql);
      return {
        params: scanned.params.map((name) => ({ name })),
        cols: prepared.reader ? prepared.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
        is_explain: /^\s*explain\b/i.test(sql),
        is_readonly: scanned.readonly,
      };
    } catch (err) {
      throw asStatementError(err);
    }
  }

  async function handleRequest(stream: Stream, req: StreamRequest): Promise<Record<string, unknown> & { type: string }> {
    switch (req.type) {
      case 'execute':
        return { type: 'execute', result: await execute(stream, req.stmt) };
      case 'batch':
        return { type: 'batch', result: await batch(stream, req.batch) };
      case 'sequence':
        await sequence(stream, sqlOf(stream, req.sql, req.sql_id));
        return { type: 'sequence' };
      case 'describe':
        return { type: 'describe', result: describe(stream, sqlOf(stream, req.sql, req.sql_id)) };
      case 'store_sql':
        if (typeof req.sql !== 'string' || typeof req.sql_id !== 'number') throw new ProtocolError('store_sql needs sql_id and sql');
        if (stream.sqls.has(req.sql_id)) throw new StatementError(`SQL id ${req.sql_id} is already in use`, 'SQL_ID_IN_USE');
        if (stream.sqls.size >= MAX_STORED_SQL) throw new StatementError('Too many stored SQL texts on this stream', 'SQL_STORE_FULL');
        stream.sqls.set(req.sql_id, req.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(req.sql_id);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !stream.conn.db.inTransaction };
      case 'close':
        closeStream(stream);
        return { type: 'close' };
      default:
        throw new ProtocolError(`Unknown stream request type ${JSON.stringify((req as { type?: unknown }).type)}`);
    }
  }

  async function pipeline(body: { baton?: string | null; requests?: StreamRequest[] }) {
    if (!body || typeof body !== 'object' || !Array.isArray(body.requests)) throw new ProtocolError('The body must be {baton, requests: [...]}');
    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found) return { status: 400, json: { message: 'This stream has expired or does not exist (unknown baton)', code: 'STREAM_EXPIRED' } };
      // Single use: a second request with the same baton cannot run on this stream concurrently.
      streams.delete(body.baton);
      clearTimeout(found.timer);
      stream = found;
    } else {
      stream = { conn: takeConnection(), sqls: new Map() };
      live.add(stream);
    }

    const results: StreamResult[] = [];
    try {
      for (const req of body.requests) {
        if (!live.has(stream)) {
          results.push({ type: 'error', error: { message: 'The stream is closed', code: 'STREAM_CLOSED' } });
          continue;
        }
        try {
          results.push({ type: 'ok', response: await handleRequest(stream, req) });
        } catch (err) {
          if (err instanceof ProtocolError) throw err;
          const e = asStatementError(err);
          results.push({ type: 'error', error: { message: e.message, code: e.code } });
        }
      }
    } catch (err) {
      closeStream(stream);
      throw err;
    }

    let baton: string | null = null;
    if (live.has(stream)) {
      baton = randomBytes(18).toString('base64url');
      streams.set(baton, stream);
      stream.timer = setTimeout(() => {
        streams.delete(baton!);
        closeStream(stream);
        opts.log?.('hrana: closed an idle stream (rolled back any open transaction)');
      }, streamIdleMs);
      stream.timer.unref();
    }
    return { status: 200, json: { baton, base_url: null, results } };
  }

  function authorized(req: IncomingMessage): boolean {
    if (!opts.authToken) return true;
    const expected = Buffer.from(`Bearer ${opts.authToken}`);
    const got = Buffer.from(req.headers.authorization ?? '');
    return got.length === expected.length && timingSafeEqual(got, expected);
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    if (typeof body === 'string') {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body);
      return;
    }
    // Exactly application/json (no charset): the client reads error bodies only for that type.
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new ProtocolError('The request body is too large');
      chunks.push(chunk as Buffer);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new ProtocolError('The request body is not valid JSON');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/health') return send(res, 200, 'ok');
    if (req.method === 'GET' && path === '/v2') return send(res, 200, 'Hrana version 2 over HTTP (JSON)');
    if (path === '/v2/pipeline') {
      if (req.method !== 'POST') return send(res, 405, 'Use POST');
      if (!authorized(req)) return send(res, 401, { message: 'Unauthorized: send the database auth token as a Bearer token', code: 'UNAUTHORIZED' });
      try {
        const out = await pipeline((await readBody(req)) as never);
        return send(res, out.status, out.json);
      } catch (err) {
        if (err instanceof ProtocolError) return send(res, 400, { message: err.message, code: 'PROTOCOL_ERROR' });
        throw err;
      }
    }
    // Not implemented here (v3, v3-protobuf, cursors, the legacy v1 API): 404 makes the client fall back.
    return send(res, 404, 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      opts.log?.(`hrana: internal error: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) send(res, 500, { message: `Internal server error: ${(err as Error).message}` });
      else res.end();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  opts.log?.(`hrana: serving ${opts.databasePath} on ${url}`);

  return {
    url,
    port,
    openStreams: () => live.size,
    async close() {
      for (const stream of [...live]) closeStream(stream);
      streams.clear();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      for (const conn of pool.splice(0)) conn.db.close();
    },
  };
}

// Run directly: `tsx worker/dev/hrana-server.ts <file.db> [port]`
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [databasePath, port] = process.argv.slice(2);
  if (!databasePath) {
    console.error('usage: tsx worker/dev/hrana-server.ts <file.db> [port]');
    process.exit(2);
  }
  const running = await startHranaServer({ databasePath, port: Number(port ?? 8080), authToken: process.env.DATABASE_AUTH_TOKEN, log: console.log });
  const stop = () => running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
