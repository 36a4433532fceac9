/**
 * Every statement a list, a detail, a pull or a push runs is served by an index that starts with the
 * tenant. SQLite's plan for it (EXPLAIN QUERY PLAN on the statements the requests really ran, with
 * their arguments) has:
 * - no temporary B-tree (a sort or grouping of every row) and no automatic index;
 * - no full scan of a tenant table (every table of schema/tables with a hoa_id column, read from the
 *   schema, so a new area is covered as it is declared) nor of a client group's sync tables, and no
 *   walk of a client group's whole stored view;
 * - on a tenant table, an index whose first bound column is hoa_id, or a unique key bound whole by
 *   equality (a row by its id), or a row's id bound by equality (`id`, `…_id`: one parent row, so one
 *   tenant's rows): with a thousand HOAs in one database a read costs what it costs in one HOA alone;
 * - for one user's rows of a per-user table (read marks, notices, saved views, ledger questions), an
 *   index that binds the user too, not hoa_id alone: a large HOA's read marks are hundreds of thousands.
 * The requests cover every area: the REST lists and details (board and resident), the pulls, a push
 * of each area's main mutators, and the jobs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { voteBody } from '../helpers/votes';
import { SyncTestClient } from './client';
import { badPlans, recordStatements, sortsAnAddressResidents, TENANT_TABLES } from './plan-check';

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
    // A first pull cut at a tiny row budget (chunks, newest first), and a client of that group starting over before it ended.
    for (const token of [board.token, resident.token]) {
      const chunked = new SyncTestClient(t, token);
      chunked.rowBudget = 4;
      await chunked.pull();
      const again = new SyncTestClient(t, token, chunked.clientGroupID);
      again.rowBudget = 4;
      expect((await again.pullAll()).length).toBeGreaterThan(1);
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
    expect(await badPlans(t, ran.filter((r) => !sortsAnAddressResidents(r)))).toEqual([]);
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
    const beforeJobs = ran.length;
    await issueDueInvoices(t.deps);
    await markOverdueInvoices(t.deps);
    // The jobs walk what is due in every HOA at once: their indexes start with what is due, not the tenant.
    const jobs = ran.splice(beforeJobs);
    expect(await badPlans(t, jobs, { acrossTenants: true })).toEqual([]);
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }
    expect(rita.values<{ due: { title: string } }>('invoice/').some((i) => i.due.title === 'Plan check')).toBe(true);
    expect(await badPlans(t, ran)).toEqual([]);
  });

  it('sign-in and every area’s REST lists, details and exports, as the board, a resident and the owner, use indexes that start with the tenant', async () => {
    t = await createTestApp();
    const ran = recordStatements(t);
    // The sign-ins too, and a refresh of one's session.
    const people = await Promise.all([DEMO.maple.board, DEMO.maple.resident, DEMO.maple.superadmin].map((email) => login(t!, email)));
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: people[0].cookie })).status).toBe(200);
    const tokens = people.map((p) => p.token);

    for (const token of tokens) {
      for (const path of REST_READS) {
        const answer = await call(t, 'GET', path, { token });
        expect(answer.status, path).toBeLessThan(500);
        // The first row's detail, where the list has rows and the area a detail route.
        const rows = Array.isArray(answer.json) ? answer.json : answer.json?.docs ?? answer.json?.lines;
        const first = Array.isArray(rows) ? (rows[0]?._id ?? rows[0]?.id) : undefined;
        const detail = DETAILS[path];
        if (first && detail) for (const tail of detail) expect((await call(t, 'GET', `${path.split('?')[0]}${tail.replace(':id', first)}`, { token })).status).toBeLessThan(500);
      }
    }

    expect(ran.length).toBeGreaterThan(200);
    expect(await badPlans(t, ran.filter((r) => !sortsAnAddressResidents(r)))).toEqual([]);
  });

  it('the other areas’ main mutators (applications, meetings, votes, ledger questions, list views, notices, fines) and the pulls after them use indexes that start with the tenant', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const ran = recordStatements(t);

    const ben = new SyncTestClient(t, board.token);
    const rita = new SyncTestClient(t, resident.token);
    ben.columns = true;
    await ben.pull();
    await rita.pull();
    const application = crypto.randomUUID();
    const line = (await call(t, 'GET', '/api/ledger', { token: resident.token })).json.lines?.[0]?.id ?? 'missing';
    await rita.push([
      rita.mutation('submitApplication', { id: application, title: 'Plan check shed', description: '<p>Indexes</p>', start_date: '2027-03-01', photos: [], plans: [] }),
      rita.mutation('askAboutLine', { id: crypto.randomUUID(), messageId: crypto.randomUUID(), line_id: line, kind: 'dispute', message: '<p>Plan check</p>' }),
      rita.mutation('saveListView', { id: crypto.randomUUID(), list: 'requests', name: 'Plan check' }),
    ]);
    await ben.pull();
    const meeting = crypto.randomUUID();
    const vote = crypto.randomUUID();
    const violation = ben.values<{ id: string }>('violation/')[0].id;
    await ben.push([
      ben.mutation('reviewApplication', { applicationId: application, decision: 'approve' }),
      ben.mutation('createMeeting', { id: meeting, title: 'Plan check', date: '2026-12-07', time: '18:00', place: 'Clubhouse', access: 'open', items: [{ id: `${meeting}-i1`, title: 'Indexes' }] }),
      ben.mutation('publishMeetingAgenda', { id: meeting }),
      ben.mutation('startMeeting', { id: meeting }),
      ben.mutation('setMeetingAttendance', { meetingId: meeting, userId: board.user._id, present: true }),
      ben.mutation('createVote', voteBody(t.clock(), { id: vote })),
      ben.mutation('advanceViolation', { id: crypto.randomUUID(), violationId: violation }),
    ]);
    await rita.pull();
    await rita.push([rita.mutation('castVote', { id: crypto.randomUUID(), voteId: vote, choices: [0] })]);
    const notice = rita.values<{ id: string }>('notice/')[0];
    if (notice) await rita.push([rita.mutation('dismissNotice', { id: notice.id })]);
    for (const c of [ben, rita]) {
      await c.pull();
      await c.pull();
    }

    expect(ben.values<{ id: string }>('meeting/').some((m) => m.id === meeting)).toBe(true);
    expect(await badPlans(t, ran)).toEqual([]);
  });

  it('the tenant tables are read from the schema: every area’s rows are covered', () => {
    for (const table of ['announcements', 'requests', 'violations', 'invoices', 'ledger_lines', 'meetings', 'votes', 'architectural_applications', 'directory_listings', 'activity', 'users', 'addresses'])
      expect(TENANT_TABLES).toContain(table);
  });
});

/** Every area's REST reads (lists, settings, exports, the dashboard), with the query strings the screens send. */
const REST_READS = [
  '/api/auth/profile',
  '/api/dashboard/metrics',
  '/api/dashboard/recent-activity',
  '/api/announcements',
  '/api/documents',
  '/api/documents/stats',
  '/api/requests',
  '/api/violations',
  '/api/violations/fine-schedules',
  '/api/dues',
  '/api/dues/payments',
  '/api/invoices',
  '/api/ledger',
  '/api/ledger/collections',
  '/api/ledger/statement.csv',
  '/api/ledger/export/lines.csv',
  '/api/ledger/export/invoices.csv',
  '/api/ledger/export/payments.csv',
  '/api/ledger-questions',
  '/api/autopay',
  '/api/users',
  '/api/users?search=re&role=resident',
  '/api/users/deleted',
  '/api/addresses',
  '/api/directory',
  '/api/directory/me',
  '/api/directory/settings',
  '/api/activity',
  '/api/activity/mine',
  '/api/activity/actors',
  '/api/activity/export',
  '/api/inspections',
  '/api/applications',
  '/api/applications/settings',
  '/api/meetings',
  '/api/votes',
  '/api/list-views',
  '/api/hoa/processing-fees',
  '/api/subscriptions/status',
  '/api/stripe-connect/account-status',
];

/** The reads of one row, after its list: `:id` is the list's first row. */
const DETAILS: Record<string, string[]> = {
  '/api/announcements': ['/:id'],
  '/api/documents': ['/:id'],
  '/api/requests': ['/:id'],
  '/api/violations': ['/:id'],
  '/api/dues': ['/:id'],
  '/api/invoices': ['/:id'],
  '/api/ledger': ['/lines/:id'],
  '/api/ledger-questions': ['/:id'],
  '/api/users': ['/:id'],
  '/api/addresses': ['/:id'],
  '/api/inspections': ['/:id'],
  '/api/applications': ['/:id'],
  '/api/meetings': ['/:id'],
  '/api/votes': ['/:id', '/:id/results', '/:id/events'],
};
