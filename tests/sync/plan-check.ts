/**
 * What the query-plan test reads and checks: every statement the app's database client ran (with its
 * arguments), and SQLite's plan for each (EXPLAIN QUERY PLAN). The rules are stated in
 * tests/sync/query-plans.test.ts.
 */
import type { InArgs, InStatement, Transaction } from '@libsql/client';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as tables from '../../schema/tables';
import type { TestApp } from '../helpers/app';

export interface Ran {
  sql: string;
  args: InArgs;
}

/** Records every statement the app's database client runs, in and out of transactions. */
export function recordStatements(t: TestApp): Ran[] {
  const ran: Ran[] = [];
  const client = t.deps.database.client;
  const record = (stmt: InStatement, args?: InArgs) => {
    if (typeof stmt === 'string') ran.push({ sql: stmt, args: args ?? [] });
    else ran.push({ sql: stmt.sql, args: stmt.args ?? [] });
  };
  const execute = client.execute.bind(client);
  client.execute = ((stmt: InStatement, args?: InArgs) => {
    record(stmt, args);
    return execute(stmt as never, args as never);
  }) as typeof client.execute;
  const transaction = client.transaction.bind(client);
  client.transaction = (async (mode?: 'write' | 'read' | 'deferred') => {
    const tx: Transaction = await transaction(mode);
    const txExecute = tx.execute.bind(tx);
    tx.execute = ((stmt: InStatement) => {
      record(stmt);
      return txExecute(stmt);
    }) as typeof tx.execute;
    return tx;
  }) as typeof client.transaction;
  return ran;
}

/** Every table with a hoa_id column, read from schema/tables: a new area's tables are covered as they are declared. */
export const TENANT_TABLES: readonly string[] = (Object.values(tables) as unknown[])
  .filter((t): t is SQLiteTable => t instanceof SQLiteTable)
  .map((t) => getTableConfig(t))
  .filter((c) => c.columns.some((col) => col.name === 'hoa_id'))
  .map((c) => c.name)
  .sort();

/** The sync tables kept per client group: scanning one whole reads every tenant's clients too. */
const GROUP_TABLES = ['sync_cvr_entries', 'sync_cvrs', 'sync_clients'];

interface IndexInfo {
  columns: string[];
  unique: boolean;
  /** Its first column is the email (`lower("email")`): an email names one person, with an account in each HOA they belong to. */
  byEmail: boolean;
}

/** The indexes of one table, by name (the primary key of a rowid table answers as "INTEGER PRIMARY KEY"). */
async function indexesOf(t: TestApp, table: string): Promise<Map<string, IndexInfo>> {
  const out = new Map<string, IndexInfo>();
  const list = await t.deps.database.client.execute(`PRAGMA index_list("${table}")`);
  for (const row of list.rows) {
    const info = await t.deps.database.client.execute(`PRAGMA index_info("${String(row.name)}")`);
    const made = await t.deps.database.client.execute({ sql: 'SELECT sql FROM sqlite_master WHERE type = ? AND name = ?', args: ['index', String(row.name)] });
    const byEmail = /\(\s*lower\("email"\)/i.test(String(made.rows[0]?.sql ?? ''));
    out.set(String(row.name), { columns: info.rows.map((r) => String(r.name)), unique: Number(row.unique) === 1, byEmail });
  }
  return out;
}

/**
 * Columns whose value names one row, so one tenant, by the schema's naming: `id`, `…_id`, who did it
 * or holds it (`…_by`, `assigned_to`), and a stored file's key (`hoa/<hoa id>/…`, schema/uploads.ts).
 */
const ROW_ID = /^(id|\w+_id|\w+_by|assigned_to|(\w+_)?s3_key)$/;

/** `a=? AND b>?` → [['a', '='], ['b', '>']] (an expression column is `<expr>`). */
const boundColumns = (terms: string) =>
  terms
    .split(' AND ')
    .map((term) => /^(\w+|<expr>)(=|>|<|>=|<=)/.exec(term.trim()))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => [m[1], m[2]] as const);

/**
 * Why a plan step that reads a tenant table through an index does not start with the tenant, or null:
 * its first bound column is hoa_id; or it binds every column of a unique key with equality (a row by
 * its id); or it binds a row id with equality (ROW_ID: one row, so one tenant's rows); or it binds
 * the email with equality (sign-in: one person's accounts, however many HOAs share the database).
 */
function tenantProblem(detail: string, table: string, indexes: Map<string, IndexInfo>): string | null {
  const m = /^(?:SEARCH|SCAN) (\w+)(?: AS \w+)? USING (?:COVERING )?INDEX (\w+) \((.*)\)$/.exec(detail);
  if (!m || m[1] !== table) return null;
  const index = indexes.get(m[2]);
  const bound = boundColumns(m[3]);
  if (!index || bound.length === 0) return `${detail}: an index that does not start with the tenant`;
  const [first, op] = bound[0];
  if (first === 'hoa_id') return null;
  // The plan names the bound columns in the index's order: a unique key is bound whole when each is.
  if (index.unique && bound.length === index.columns.length && bound.every(([, o]) => o === '=')) return null;
  if (op === '=' && (ROW_ID.test(first) || (first === '<expr>' && index.byEmail))) return null;
  return `${detail}: an index that does not start with the tenant`;
}

/**
 * Why a plan step walks every row of the HOA for one user's rows, or null: the statement binds the
 * table's `user_id` by equality, and the index binds `hoa_id` alone. A per-user table (read marks)
 * holds a row per member and item: 200,000 in a large HOA, walked for each request.
 */
function walksTheHoaForOneUser(detail: string, table: string, sql: string): string | null {
  const m = /^SEARCH (\w+)(?: AS \w+)? USING (?:COVERING )?INDEX \w+ \(hoa_id=\?\)$/.exec(detail);
  if (!m || m[1] !== table || !sql.includes(`"${table}"."user_id" = ?`)) return null;
  return `${detail}: every row of the HOA walked for one user's (an index on hoa_id and user_id)`;
}

/**
 * The REST answer of addresses lists each shown address's few residents sorted by shown name: a sort
 * of a page's residents, not of the HOA's members (the one temporary B-tree allowed).
 */
export const sortsAnAddressResidents = (r: Ran) => /^select "id", "name", "email", "role", "status", "address_id" from "users"/.test(r.sql);

/**
 * The statements of `ran` whose plans break the rules, each with its offending steps.
 * `acrossTenants`: the jobs' statements, which walk what is due in every HOA at once; they are held
 * to every rule but the tenant-first index.
 */
export async function badPlans(t: TestApp, ran: Ran[], { acrossTenants = false } = {}): Promise<string[]> {
  const seen = new Set<string>();
  const bad: string[] = [];
  const indexes = new Map<string, Map<string, IndexInfo>>();
  for (const table of TENANT_TABLES) indexes.set(table, await indexesOf(t, table));
  const watched = [...TENANT_TABLES, ...GROUP_TABLES];
  for (const { sql, args } of ran) {
    if (seen.has(sql) || !/^\s*(select|insert|update|delete|with)\b/i.test(sql)) continue;
    seen.add(sql);
    const plan = await t.deps.database.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
    const steps = plan.rows.map((r) => String(r.detail));
    if (process.env.SHOW_PLANS && new RegExp(process.env.SHOW_PLANS).test(sql)) console.log(sql.replace(/\s+/g, ' '), '\n  ', steps.join('\n   '));
    // Reading or updating by the group alone walks every entry of its view (tens of thousands): only
    // deleting a whole group's view may (a forgotten group); everything else names the area too.
    const walksWholeView = (d: string) => !/^\s*delete\b/i.test(sql) && /^SEARCH sync_cvr_entries USING (COVERING )?INDEX \S+ \(group_number=\?\)$/.test(d);
    const problems = steps.flatMap((d) => {
      if (/USE TEMP B-TREE|USING TEMP B-TREE|AUTOMATIC/.test(d) || walksWholeView(d)) return [d];
      if (watched.some((table) => new RegExp(`^SCAN ${table}\\b(?! USING (COVERING )?INDEX \\w+ \\()`).test(d))) return [d];
      const table = /^(?:SEARCH|SCAN) (\w+)/.exec(d)?.[1];
      const problem = table && indexes.has(table) && !acrossTenants ? (tenantProblem(d, table, indexes.get(table)!) ?? walksTheHoaForOneUser(d, table, sql)) : null;
      return problem ? [problem] : [];
    });
    if (problems.length) bad.push(`${problems.join('; ')}\n    in: ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return bad;
}
