/**
 * The thousand-HOA benchmark's data (tests/bench/tenants.bench.ts): HOAs of realistic size, each made
 * from its own number alone (its sizes, texts and ids), so one HOA is the same row for row in a
 * database of a thousand and in a database of its own. Each HOA has 50–400 addresses, an owner at
 * each (a second resident at two in five), a superadmin and two more board members, and a year of
 * history: two announcements a month, requests and violations in proportion to its size, and a
 * quarterly due billed to every owner with its invoices and ledger lines (charge, and payment for
 * those paid). The year is written month by month across every HOA, as a shared database fills in
 * use, so one HOA's rows lie spread among the others' rather than side by side.
 */
import type { Client, InValue } from '@libsql/client';
import { getTableColumns, is, SQL, type Column } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { hoaNameColumns } from '../../schema/hoa-name';
import { addresses, announcements, dueRecipients, dues, hoas, invoices, ledgerLines, requests, subscriptions, users, violations } from '../../schema/tables';
import type { Database } from '../../worker/db';
import { DEMO_TIME_ZONE } from '../../worker/dev/seed-kit';
import { seededRandom } from '../helpers/random';

/** Changes with what the seeder writes: a kept file of another version is not used again. */
export const SEED_VERSION = 1;

const DAY = 86_400_000;
const MONTH = 30 * DAY;
const MONTHS = 12;

/** fmix32: a bijection of 32-bit integers that spreads neighbours apart. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
const hex = (n: number) => n.toString(16).padStart(8, '0');

/** The `k`th id of HOA `hoa`: UUID-shaped, spread over the key space like the app's, never the same for two (hoa, k). */
export function tenantId(hoa: number, k: number): string {
  const a = hex(mix(k)) + hex(mix(hoa ^ 0x5bd1e995)) + hex(mix(k ^ 0x27d4eb2f)) + hex(mix(hoa + mix(k)));
  return `${a.slice(0, 8)}-${a.slice(8, 12)}-4${a.slice(13, 16)}-8${a.slice(17, 20)}-${a.slice(20, 32)}`;
}

/** The emails of HOA `hoa`'s people: its superadmin, first board member and first resident sign in with the password. */
export const tenantEmail = (hoa: number, who: 'owner' | 'board' | 'resident' | number) => `${who}.h${hoa}@tenants.test`;

const FIRST = ['Ana', 'Ben', 'Carla', 'Dev', 'Elena', 'Frank', 'Grace', 'Hugo', 'Iris', 'Jamal', 'Kim', 'Luis', 'Maya', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara'];
const LAST = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Okafor', 'Kowalski', 'Rossi', 'Haddad', 'Larsen', 'Moreau', 'Silva', 'Tanaka'];
const STREETS = ['Maple', 'Cedar', 'Birch', 'Willow', 'Juniper', 'Aspen', 'Elm', 'Oak', 'Pecan', 'Magnolia'];
const SUFFIXES = ['Lane', 'Court', 'Drive', 'Way', 'Row', 'Trail'];
const REQUESTS = ['Sprinkler head broken by the curb', 'Pool gate does not latch', 'Streetlight out', 'Question about the fence rules', 'Tree limb over the sidewalk', 'Clubhouse booking'];
const VIOLATIONS = ['Trash bins left at the curb', 'Overgrown lawn', 'Boat parked in the street', 'Unapproved paint colour', 'Dog off leash', 'Late-night noise'];
const NEWS = ['Pool opens Saturday', 'Annual meeting agenda', 'Landscaping on Tuesday', 'Gate code changes tonight', 'Holiday lights contest', 'Budget for next year'];

/** How many addresses HOA `n` has: 50–400. */
export const tenantSize = (n: number) => 50 + seededRandom(n * 7919 + 13).int(351);

/** One HOA's people and history as it is being written: what the month-by-month passes need. */
interface Tenant {
  n: number;
  id: string;
  rnd: ReturnType<typeof seededRandom>;
  next: number;
  start: number;
  addressIds: string[];
  owners: string[];
  residents: string[];
  board: string[];
  dueId: string;
  duesCents: number;
  receipts: number;
}

type Rows = Map<SQLiteTable, Record<string, unknown>[]>;
const add = (rows: Rows, table: SQLiteTable, row: Record<string, unknown>) => {
  const list = rows.get(table) ?? [];
  list.push(row);
  rows.set(table, list);
};

/** A row's value as the driver takes it (JSON, booleans, the column's default where the row has none). */
function driverValue(column: Column, value: unknown): InValue {
  if (value === undefined) {
    if (column.defaultFn) value = column.defaultFn();
    else if (column.default !== undefined && !is(column.default, SQL)) value = column.default;
    else return null;
  }
  return value === null ? null : (column.mapToDriverValue(value) as InValue);
}

/**
 * Every row in one write transaction, many rows per INSERT under SQLite's limit of bound values. The
 * statements are built here rather than by drizzle, whose building of each row was most of the
 * seeding's time; run on the client before the app serves anything.
 */
async function insertAll(client: Client, rows: Rows) {
  const tx = await client.transaction('write');
  try {
    for (const [table, list] of rows) {
      const keys = new Set(list.flatMap((r) => Object.keys(r)));
      const columns = Object.entries(getTableColumns(table)).filter(([key]) => keys.has(key));
      const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
      const per = Math.floor(30_000 / columns.length);
      for (let i = 0; i < list.length; i += per) {
        const chunk = list.slice(i, i + per);
        const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
        await tx.execute({ sql: `INSERT INTO "${getTableConfig(table).name}" (${names}) VALUES ${values}`, args: chunk.flatMap((r) => columns.map(([key, c]) => driverValue(c, r[key]))) });
      }
    }
    await tx.commit();
  } finally {
    tx.close();
  }
}

/** HOA `n`: its row, subscription, addresses, people and its quarterly due (written before its year). */
function startTenant(n: number, now: number, passwordHash: string, rows: Rows): Tenant {
  const rnd = seededRandom(n + 1);
  const t: Tenant = { n, id: tenantId(n, 0), rnd, next: 1, start: now - MONTHS * MONTH, addressIds: [], owners: [], residents: [], board: [], dueId: '', duesCents: (100 + rnd.int(300)) * 100, receipts: 0 };
  const id = () => tenantId(n, t.next++);
  const created = t.start - 30 * DAY;
  add(rows, hoas, { id: t.id, ...hoaNameColumns(`Tenant ${n} HOA`), city: 'Austin', zip: '78701', timeZone: DEMO_TIME_ZONE, createdAt: created });
  add(rows, subscriptions, { id: id(), hoaId: t.id, plan: 'pro', status: 'active', currentPeriodEnd: now + 20 * DAY, createdAt: created, updatedAt: created });
  const size = tenantSize(n);
  const street = `${rnd.pick(STREETS)} ${rnd.pick(SUFFIXES)}`;
  for (let a = 0; a < size; a++) {
    const addressId = id();
    t.addressIds.push(addressId);
    add(rows, addresses, { id: addressId, hoaId: t.id, street: `${100 + 2 * (a % 120)} ${a < 120 ? street : `${STREETS[a % STREETS.length]} Court`}`, unitNumber: a % 17 === 0 ? String(1 + (a % 4)) : null, isRented: rnd.chance(0.15), createdAt: created, updatedAt: created });
    const people = rnd.chance(0.4) ? 2 : 1;
    for (let p = 0; p < people; p++) {
      const userId = id();
      const role = a === 0 && p === 0 ? 'superadmin' : a <= 2 && p === 0 ? 'board' : 'resident';
      const email = a === 0 && p === 0 ? tenantEmail(n, 'owner') : a === 1 && p === 0 ? tenantEmail(n, 'board') : a === 3 && p === 0 ? tenantEmail(n, 'resident') : tenantEmail(n, t.next);
      const invited = role === 'resident' && a !== 3 && rnd.chance(0.05);
      add(rows, users, {
        id: userId,
        hoaId: t.id,
        name: `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
        email,
        role,
        status: invited ? 'invited' : 'active',
        addressId,
        phone: rnd.chance(0.6) ? `512-555-${String(1000 + rnd.int(9000))}` : null,
        passwordHash: invited ? null : passwordHash,
        createdAt: created,
        updatedAt: created,
      });
      if (p === 0) t.owners.push(userId);
      if (role !== 'resident') t.board.push(userId);
      if (!invited) t.residents.push(userId);
    }
  }
  t.dueId = id();
  add(rows, dues, { id: t.dueId, hoaId: t.id, title: 'Quarterly assessment', frequency: 'quarterly', amountCents: t.duesCents, sendDate: t.start, periodsIssued: MONTHS / 3, nextSendDate: t.start + MONTHS * MONTH, createdBy: t.board[0], createdAt: t.start, updatedAt: t.start });
  for (const owner of t.owners) add(rows, dueRecipients, { dueId: t.dueId, userId: owner, hoaId: t.id });
  return t;
}

/** Month `m` of HOA `t`'s year: announcements, requests, violations, and at each quarter its invoices. */
function tenantMonth(t: Tenant, m: number, rows: Rows) {
  const { rnd } = t;
  const id = () => tenantId(t.n, t.next++);
  const month = t.start + m * MONTH;
  const at = () => month + rnd.int(MONTH);
  const old = m < MONTHS - 2;
  for (let i = 0; i < 2; i++) {
    const when = at();
    add(rows, announcements, { id: id(), hoaId: t.id, title: rnd.pick(NEWS), message: `<p>${rnd.pick(NEWS)}: details from the board.</p>`, category: rnd.pick(['general', 'maintenance', 'event', 'reminder'] as const), status: 'sent', audienceType: 'all', deliveryMethods: ['in_app', 'email'], createdBy: rnd.pick(t.board), createdAt: when, updatedAt: when, sentAt: when });
  }
  for (let i = 0; i < Math.max(1, Math.round(t.addressIds.length * 0.04)); i++) {
    const when = at();
    add(rows, requests, { id: id(), hoaId: t.id, userId: rnd.pick(t.residents), title: rnd.pick(REQUESTS), description: `<p>${rnd.pick(REQUESTS)}, near my house.</p>`, category: rnd.pick(['Maintenance', 'Inquiry', 'Other'] as const), status: old ? rnd.pick(['resolved', 'closed'] as const) : rnd.pick(['open', 'in_progress', 'resolved'] as const), createdAt: when, updatedAt: when });
  }
  for (let i = 0; i < Math.max(1, Math.round(t.addressIds.length * 0.02)); i++) {
    const when = at();
    add(rows, violations, { id: id(), hoaId: t.id, userId: rnd.pick(t.owners), issuedBy: rnd.pick(t.board), title: rnd.pick(VIOLATIONS), message: `<p>${rnd.pick(VIOLATIONS)}. Please correct it.</p>`, category: rnd.pick(['Trash', 'Parking', 'Noise', 'Lawn Maintenance'] as const), status: old ? rnd.pick(['resolved', 'dismissed'] as const) : 'open', dueDate: when + 14 * DAY, createdAt: when, updatedAt: when });
  }
  if (m % 3 !== 0) return;
  const dueDate = month + 30 * DAY;
  for (const owner of t.owners) {
    const invoiceId = id();
    const paid = m < MONTHS - 3 ? rnd.chance(0.93) : rnd.chance(0.5);
    const paidAt = paid ? month + rnd.int(28) * DAY : null;
    add(rows, invoices, { id: invoiceId, hoaId: t.id, dueId: t.dueId, recipientId: owner, period: month, title: 'Quarterly assessment', frequency: 'quarterly', amountCents: t.duesCents, status: paid ? 'paid' : m < MONTHS - 3 ? 'overdue' : 'pending', sentAt: month, dueDate, paidAt, paymentMethod: paid ? 'check' : null, createdAt: month, updatedAt: paidAt ?? month });
    add(rows, ledgerLines, { id: id(), hoaId: t.id, userId: owner, kind: 'charge', amountCents: t.duesCents, description: 'Quarterly assessment', occurredAt: month, sourceKey: `charge:${invoiceId}`, invoiceId, createdAt: month, updatedAt: month });
    if (paidAt)
      add(rows, ledgerLines, { id: id(), hoaId: t.id, userId: owner, kind: 'payment', amountCents: -t.duesCents, description: 'Payment – check', occurredAt: paidAt, sourceKey: `payment:${invoiceId}`, invoiceId, method: 'check', receiptNumber: ++t.receipts, createdAt: paidAt, updatedAt: paidAt });
  }
}

export interface TenantsSeeded {
  rows: number;
  ms: number;
}

/**
 * HOAs `numbers` into `database`: their people first, then their year month by month across them all,
 * in transactions of about `batch` HOAs' rows each. `passwordHash` is every active person's.
 */
export async function seedTenants(database: Database, numbers: readonly number[], opts: { now: number; passwordHash: string; batch?: number }): Promise<TenantsSeeded> {
  const started = performance.now();
  const batch = opts.batch ?? 50;
  let count = 0;
  const write = async (rows: Rows) => {
    for (const list of rows.values()) count += list.length;
    await insertAll(database.client, rows);
  };
  const tenants: Tenant[] = [];
  for (let i = 0; i < numbers.length; i += batch) {
    const rows: Rows = new Map();
    for (const n of numbers.slice(i, i + batch)) tenants.push(startTenant(n, opts.now, opts.passwordHash, rows));
    await write(rows);
  }
  for (let m = 0; m < MONTHS; m++) {
    for (let i = 0; i < tenants.length; i += batch) {
      const rows: Rows = new Map();
      for (const t of tenants.slice(i, i + batch)) tenantMonth(t, m, rows);
      await write(rows);
    }
  }
  return { rows: count, ms: performance.now() - started };
}
