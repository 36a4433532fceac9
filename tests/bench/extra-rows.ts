/**
 * More rows in each REST list of Maple Grove for the API benchmarks: `n` copies of one of the HOA's
 * own demo rows per table, each older than the last (a minute apart), with their own ids and their own
 * values where a unique index asks for them. Written by SQLite in one statement per table, so
 * 100,000 rows a table take seconds. Announcements have their own seeding (`seedExtraAnnouncements`):
 * sent ones of every category, each its own text.
 */
import type { Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { announcements, hoas, users } from '../../schema/tables';
import type { Database } from '../../worker/db';
import { DEMO } from '../helpers/http';
import { benchUuid } from './bench-ids';

/** The benchmarks' HOA: the demo's Maple Grove. */
export async function benchHoaId(database: Pick<Database, 'db'>): Promise<string> {
  const [hoa] = await database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  return hoa.id;
}

/** Read marks seeded per extra row (`seedReadMarks`): 200,000 beside 10,000 announcements, a large HOA's members reading them. */
export const READ_MARKS_PER_ROW = 20;

/**
 * `n` read marks in Maple Grove, as a large HOA's readers leave them: its members (the board member
 * aside, whose own marks stay the demo's) have read its announcements, newest first. A list reads
 * one user's marks among them (decision 287: they were once a walk of every mark of the HOA).
 */
export async function seedReadMarks(client: Client, hoaId: string, n: number) {
  await client.execute({
    sql: `INSERT OR IGNORE INTO announcement_reads (id, hoa_id, announcement_id, user_id, read_at, version)
      SELECT lower(hex(randomblob(16))), a.hoa_id, a.id, u.id, a.created_at + 3600000, 1
      FROM (SELECT id, hoa_id, created_at FROM announcements WHERE hoa_id = ? ORDER BY created_at DESC) AS a
      CROSS JOIN users AS u
      WHERE u.hoa_id = ? AND u.email <> ?
      LIMIT ?`,
    args: [hoaId, hoaId, DEMO.maple.board, n],
  });
}

/** How `seedExtraAnnouncements` names and dates its rows: the sync benchmark reads them back by id. */
export interface ExtraAnnouncements {
  /** The j-th row's id (default `benchUuid`: spread over the key space as the app's UUIDs). */
  idOf?: (j: number) => string;
  /** The clock the rows are dated by (default the wall clock). */
  now?: number;
  /** How many minutes before `now` the newest one was sent (default 10: older than the demo's). */
  newestMinutesAgo?: number;
}

/** `n` more sent announcements in Maple Grove, by its board member, a minute apart, each its own text; returns the HOA's id. */
export async function seedExtraAnnouncements(database: Pick<Database, 'db' | 'transaction'>, n: number, { idOf = benchUuid, now = Date.now(), newestMinutesAgo = 10 }: ExtraAnnouncements = {}) {
  const hoaId = await benchHoaId(database);
  const [author] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.maple.board));
  await database.transaction(async (tx) => {
    for (let i = 0; i < n; i += 500) {
      const batch = [];
      for (let j = i; j < Math.min(n, i + 500); j++) {
        const at = now - (j + newestMinutesAgo) * 60_000;
        batch.push({
          id: idOf(j),
          hoaId,
          title: `Announcement number ${j}`,
          message: `<p>Body of announcement ${j}: the pool, the trees, the dues and the parking rules.</p>`,
          category: (['general', 'maintenance', 'event', 'reminder', 'urgent'] as const)[j % 5],
          status: 'sent' as const,
          audienceType: 'all' as const,
          deliveryMethods: ['in_app' as const, 'email' as const],
          createdBy: author.id,
          createdAt: at,
          updatedAt: at,
          sentAt: at,
          version: 1,
        });
      }
      await tx.insert(announcements).values(batch);
    }
  });
  return hoaId;
}

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
