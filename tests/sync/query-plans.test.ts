/**
 * Every statement a list, a pull or a push runs is served by an index: SQLite's plan for it has no
 * temporary B-tree (a sort or grouping of every row), no full scan of a tenant table, and no walk of
 * a client group's whole stored view. The plans are read with EXPLAIN QUERY PLAN on the statements
 * the requests really ran, with their arguments.
 */
import type { InArgs, InStatement, Transaction } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from './client';

interface Ran {
  sql: string;
  args: InArgs;
}

/** Records every statement the app's database client runs, in and out of transactions. */
function recordStatements(t: TestApp): Ran[] {
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

/** Tables that hold one HOA's rows: scanning one whole is reading every tenant's data. */
const TENANT_TABLES = [
  'announcements',
  'announcement_reads',
  'announcement_recipients',
  'announcement_deliveries',
  'documents',
  'requests',
  'request_comments',
  'request_history',
  'violations',
  'violation_messages',
  'violation_history',
  'storage_uploads',
  'users',
  'addresses',
  'sync_notices',
  'inspection_rounds',
  'inspection_stops',
  'sync_cvr_entries',
  'sync_change_log',
  'email_outbox',
];

async function badPlans(t: TestApp, ran: Ran[]): Promise<string[]> {
  const seen = new Set<string>();
  const bad: string[] = [];
  for (const { sql, args } of ran) {
    if (seen.has(sql) || !/^\s*(select|insert|update|delete|with)\b/i.test(sql)) continue;
    seen.add(sql);
    const plan = await t.deps.database.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
    const steps = plan.rows.map((r) => String(r.detail));
    if (process.env.SHOW_PLANS && new RegExp(process.env.SHOW_PLANS).test(sql)) console.log(sql.replace(/\s+/g, ' ').slice(0, 200), '\n  ', steps.join('\n   '));
    // Reading or updating by the group alone walks every entry of its view (tens of thousands): only
    // deleting a whole group's view may (a forgotten group); everything else names the area too.
    const walksWholeView = (d: string) => !/^\s*delete\b/i.test(sql) && /^SEARCH sync_cvr_entries USING (COVERING )?INDEX \S+ \(group_number=\?\)$/.test(d);
    const problems = steps.filter(
      (d) => /USE TEMP B-TREE|USING TEMP B-TREE/.test(d) || walksWholeView(d) || TENANT_TABLES.some((table) => new RegExp(`^SCAN ${table}\\b(?! USING (COVERING )?INDEX [a-z_]+ \\()`).test(d)),
    );
    if (problems.length) bad.push(`${problems.join('; ')}\n    in: ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return bad;
}

describe('query plans', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('lists, pulls and pushes use indexes only: no temporary B-tree, no full scan of a tenant table', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const ran = recordStatements(t);

    for (const token of [board.token, resident.token]) {
      const list = await call(t, 'GET', '/api/announcements?page=1&limit=20', { token });
      expect(list.status).toBe(200);
      await call(t, 'GET', `/api/announcements/${list.json.docs[0]._id}`, { token });
      await call(t, 'GET', '/api/auth/profile', { token });
      // The document vault: pages, search, category, one row, its download, the stats.
      for (const query of ['', '?page=2', '?search=minutes', '?category=Financials', '?category=Financials,Legal&search=20']) {
        expect((await call(t, 'GET', `/api/documents${query}`, { token })).status).toBe(200);
      }
      const doc = (await call(t, 'GET', '/api/documents', { token })).json.docs[0]._id;
      await call(t, 'GET', `/api/documents/${doc}`, { token });
      await call(t, 'POST', `/api/documents/${doc}/download`, { token });
      await call(t, 'GET', '/api/documents/stats', { token });
    }
    const ben = new SyncTestClient(t, board.token);
    const rita = new SyncTestClient(t, resident.token);
    await ben.pull();
    await rita.pull();
    // A push that writes, one refused, then incremental and empty pulls.
    const draft = crypto.randomUUID();
    await ben.push([
      ben.mutation('createAnnouncementDraft', { id: draft, title: 'Plan check', message: '<p>Indexes</p>', category: 'general', audience_type: 'all', custom_recipients: [] }),
      ben.mutation('markAnnouncementRead', { id: 'missing' }),
      ben.mutation('sendAnnouncement', { id: draft }),
    ]);
    await ben.push([ben.mutation('updateDocument', { id: ben.values<{ id: string }>('document/')[0].id, notes: 'Plan check', is_public: false })]);
    await rita.push([rita.mutation('markAnnouncementRead', { id: rita.values<{ id: string }>('announcement/')[0].id })]);
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }
    // The compact patch (the app's puller): a first pull, a change, the pull that brings it.
    for (const token of [board.token, resident.token]) {
      const compact = new SyncTestClient(t, token);
      compact.columns = true;
      await compact.pull();
      // An announcement this user has not read yet, so the marker is a change the next pull brings.
      const unread = compact.values<{ id: string }>('announcement/').find((a) => !compact.data.has(`announcementRead/${a.id}`));
      if (!unread) throw new Error('the demo data leaves this user no unread announcement');
      await compact.push([compact.mutation('markAnnouncementRead', { id: unread.id })]);
      expect((await compact.pull()).patch.some((op: { op: string }) => op.op === 'put-columns')).toBe(true);
    }

    expect(ran.length).toBeGreaterThan(50);
    expect(await badPlans(t, ran)).toEqual([]);
  });

  it('inspection rounds: list, detail, start, marks, undo, finish, pulls and a rename use indexes only', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const ran = recordStatements(t);

    const list = await call(t, 'GET', '/api/inspections', { token: board.token });
    await call(t, 'GET', `/api/inspections/${list.json.docs[0]._id}`, { token: board.token });
    const ben = new SyncTestClient(t, board.token);
    await ben.pull();
    const id = crypto.randomUUID();
    await ben.push([ben.mutation('startInspectionRound', { id, title: 'Plan check', date: '2026-11-21' })]);
    await ben.pull();
    const [first, second] = ben.values<{ roundId: string; addressId: string; position: number }>('inspectionStop/').filter((s) => s.roundId === id);
    await ben.push([
      ben.mutation('markInspectionStop', { roundId: id, addressId: first.addressId, outcome: 'no_issues', violationId: null }),
      ben.mutation('markInspectionStop', { roundId: id, addressId: second.addressId, outcome: 'no_issues', violationId: null }),
      ben.mutation('undoInspectionStop', { roundId: id, addressId: second.addressId }),
      ben.mutation('setInspectionRoundStatus', { id, status: 'finished' }),
    ]);
    await ben.pull();
    // A renamed user: the rounds and stops that show them get new versions.
    await t.write((tx) => updateUser(t!.deps, tx, { id: board.user._id, hoaId: ben.hoaId }, { name: 'Ben B. Board' }));
    await ben.pull();

    // Starting a round reads the synced directory (sorted in walking order by the shared comparator).
    expect(ran.some((r) => /from "addresses"/i.test(r.sql))).toBe(true);
    expect(await badPlans(t, ran)).toEqual([]);
  });

  it('the address directory: pulls (board and resident), address writes, a move and a rename use indexes only', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const ran = recordStatements(t);

    const ben = new SyncTestClient(t, board.token);
    const rita = new SyncTestClient(t, resident.token);
    await ben.pull();
    await rita.pull();
    const created = await call(t, 'POST', '/api/addresses', { token: board.token, body: { street: '7 Plan Street', unit_number: '2' } });
    expect(created.status).toBe(201);
    await call(t, 'PUT', `/api/addresses/${created.json._id}`, { token: board.token, body: { street: '7 Plan Street', unit_number: '3', is_rented: false, notes: null } });
    await ben.pull();
    // A member moves in, is renamed; the address is deleted (its residents leave it).
    await call(t, 'POST', `/api/users/${resident.user._id}/assign-address`, { token: board.token, body: { address_id: created.json._id } });
    await t.write((tx) => updateUser(t!.deps, tx, { id: resident.user._id, hoaId: ben.hoaId }, { name: 'Rita R. Resident' }));
    await ben.pull();
    await call(t, 'DELETE', `/api/addresses/${created.json._id}`, { token: board.token });
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }
    expect(ben.values('address/').length).toBeGreaterThan(0);
    expect(rita.values('address/')).toEqual([]);
    // The REST answer of one address sorts its few residents by shown name (invited ones included).
    const restResidents = (r: Ran) => /^select "id", "name", "email", "role", "status", "address_id" from "users"/.test(r.sql);
    expect(await badPlans(t, ran.filter((r) => !restResidents(r)))).toEqual([]);
  });

  it('requests: lists with every filter and sort, detail, the mutators and pulls use indexes only', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const ran = recordStatements(t);

    for (const token of [board.token, resident.token]) {
      for (const q of ['', '?page=2', '?sort=createdAt', '?search=roof', '?category=Maintenance,Inquiry&status=open,in_progress&sort=createdAt&search=a']) {
        const list = await call(t, 'GET', `/api/requests${q}`, { token });
        expect(list.status).toBe(200);
      }
      const list = await call(t, 'GET', '/api/requests', { token });
      await call(t, 'GET', `/api/requests/${list.json.docs[0]._id}`, { token });
    }
    const ben = new SyncTestClient(t, board.token);
    const rita = new SyncTestClient(t, resident.token);
    await ben.pull();
    await rita.pull();
    const filed = crypto.randomUUID();
    await rita.push([
      rita.mutation('createRequest', { id: filed, title: 'Plan check', description: '<p>Indexes</p>', category: 'Other', photo_url: null }),
      rita.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: filed, message: '<p>More</p>', is_public: true }),
    ]);
    await ben.pull();
    await ben.push([
      ben.mutation('setRequestStatus', { id: filed, status: 'in_progress' }),
      ben.mutation('updateRequestTriage', { id: filed, assigned_to: board.user._id, resolution_deadline: '2026-12-24', resolution_notes: 'Soon' }),
      ben.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: filed, message: '<p>On it</p>', is_public: true }),
    ]);
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }
    // A renamed user: the requests that show them (resident, assignee, authors) get new versions.
    await t.write((tx) => updateUser(t!.deps, tx, { id: board.user._id, hoaId: rita.hoaId }, { name: 'Ben B. Board' }));
    await rita.pull();

    expect(rita.values<{ id: string; messages: unknown[] }>('request/').find((r) => r.id === filed)?.messages).toHaveLength(2);
    expect(await badPlans(t, ran)).toEqual([]);
  });

  it('violations: lists with every filter, detail, the mutators, downloads and pulls use indexes only', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const ran = recordStatements(t);

    for (const token of [board.token, resident.token]) {
      for (const q of ['', '?page=2', '?status=open,escalated', '?category=Trash,Parking&status=open,resolved,dismissed']) {
        const list = await call(t, 'GET', `/api/violations${q}`, { token });
        expect(list.status).toBe(200);
      }
      const list = await call(t, 'GET', '/api/violations?limit=100', { token });
      await call(t, 'GET', `/api/violations/${list.json.docs[0]._id}`, { token });
      const photo = list.json.docs.find((d: { photo_url: string | null }) => d.photo_url);
      expect((await call(t, 'POST', '/api/violations/download-url', { token, body: { s3Key: photo.photo_url } })).status).toBe(200);
      const file = list.json.docs.flatMap((d: { messages: { photo_url: string | null }[] }) => d.messages).find((m: { photo_url: string | null }) => m.photo_url);
      if (file) await call(t, 'POST', '/api/violations/download-url', { token, body: { s3Key: file.photo_url } });
    }
    const ben = new SyncTestClient(t, board.token);
    const rita = new SyncTestClient(t, resident.token);
    await ben.pull();
    await rita.pull();
    const issued = crypto.randomUUID();
    const due = new Date(t.clock() + 86_400_000 * 3).toISOString().slice(0, 10);
    await ben.push([
      ben.mutation('issueViolation', { id: issued, user_id: resident.user._id, category: 'Noise', title: 'Plan check', message: '<p>Indexes</p>', due_date: due, photo_url: null }),
      ben.mutation('setViolationStatus', { id: issued, status: 'resolved', resolution_notes: 'Quiet now' }),
      ben.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: issued, message: '<p>Note</p>', is_internal: true }),
    ]);
    await rita.pull();
    await rita.push([rita.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: issued, message: '<p>Thanks</p>', is_internal: false })]);
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }
    // A renamed user: the violations that show them (resident, issuer, resolver, authors) get new versions.
    await t.write((tx) => updateUser(t!.deps, tx, { id: board.user._id, hoaId: rita.hoaId }, { name: 'Ben B. Board' }));
    await rita.pull();

    expect(rita.values<{ id: string; messages: unknown[] }>('violation/').find((v) => v.id === issued)?.messages).toHaveLength(1);
    expect(await badPlans(t, ran)).toEqual([]);
  });

  it('dues and invoices: lists with filters, detail, the mutators, the jobs and pulls use indexes only', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const ran = recordStatements(t);

    for (const token of [board.token, resident.token]) {
      expect((await call(t, 'GET', '/api/dues', { token })).status).toBe(200);
      await call(t, 'GET', '/api/dues/payments', { token });
      for (const q of ['', '?page=2', '?status=overdue', '?status=pending&status=paid', '?title=dues', '?sortOrder=asc']) {
        expect((await call(t, 'GET', `/api/invoices${q}`, { token })).status).toBe(200);
      }
      const list = await call(t, 'GET', '/api/invoices', { token });
      await call(t, 'GET', `/api/invoices/${list.json.docs[0]._id}`, { token });
      const dues = await call(t, 'GET', '/api/dues', { token });
      await call(t, 'GET', `/api/dues/${dues.json.docs[0]._id}`, { token });
    }
    const ben = new SyncTestClient(t, board.token);
    const rita = new SyncTestClient(t, resident.token);
    await ben.pull();
    await rita.pull();
    const today = new Date(t.clock()).toISOString().slice(0, 10);
    await ben.push([
      ben.mutation('createDue', { id: crypto.randomUUID(), title: 'Plan check', frequency: 'monthly', recipients: [resident.user._id], send_date: today, amount: 10, reason: 'dues', due_date_offset: 7 }),
      ben.mutation('setInvoiceStatus', { id: ben.values<{ id: string; status: string }>('invoice/').find((i) => i.status === 'overdue')!.id, status: 'canceled' }),
    ]);
    const { issueDueInvoices } = await import('../../worker/domain/dues');
    const { markOverdueInvoices } = await import('../../worker/domain/invoices');
    await issueDueInvoices(t.deps);
    await markOverdueInvoices(t.deps);
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }
    expect(rita.values<{ due: { title: string } }>('invoice/').some((i) => i.due.title === 'Plan check')).toBe(true);
    expect(await badPlans(t, ran)).toEqual([]);
  });
});
