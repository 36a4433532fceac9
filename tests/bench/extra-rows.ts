/**
 * More rows in each REST list of Maple Grove for the API benchmark: `n` copies of one of the HOA's own
 * demo rows per table, each older than the last (a minute apart), with their own ids and their own
 * values where a unique index asks for them. Written by SQLite in one statement per table, so
 * 100,000 rows a table take seconds. Announcements have their own seeding (serve.ts).
 */
import type { Client } from '@libsql/client';

/** The lists: the table, which demo row is copied, and the columns a unique index keeps apart. */
export const EXTRA_ROW_TABLES = [
  { table: 'requests', template: '1', unique: [] },
  { table: 'violations', template: '1', unique: [] },
  { table: 'invoices', template: '1', unique: ['period'] },
  { table: 'documents', template: '1', unique: ['s3_key'] },
  // A resident, so the copies are members the board's list and statistics count.
  { table: 'users', template: `role = 'resident' AND status = 'active'`, unique: ['email'] },
] as const;

export async function seedExtraRows(client: Client, hoaId: string, n: number) {
  for (const [t, { table, template, unique }] of EXTRA_ROW_TABLES.entries()) {
    const columns = (await client.execute(`SELECT name FROM pragma_table_info('${table}')`)).rows.map((r) => String(r.name));
    const has = (c: string) => columns.includes(c);
    const value = (c: string) =>
      c === 'id'
        ? `printf('b%07x-0000-4000-8000-%012x', ${t}, k)`
        : c === 'created_at' || c === 'updated_at'
          ? `tpl.${c} - k * 60000`
          : (unique as readonly string[]).includes(c)
            ? `tpl.${c} || '-' || k`
            : `tpl.${c}`;
    const live = has('deleted_at') ? ' AND deleted_at IS NULL' : '';
    const oldest = has('created_at') ? ' ORDER BY created_at' : '';
    await client.execute({
      sql: `INSERT INTO ${table} (${columns.join(', ')})
        WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?)
        SELECT ${columns.map(value).join(', ')} FROM n CROSS JOIN (SELECT * FROM ${table} WHERE hoa_id = ? AND ${template}${live}${oldest} LIMIT 1) AS tpl`,
      args: [n, hoaId],
    });
  }
}
