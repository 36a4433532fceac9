/**
 * A due date is a calendar day of the HOA's time zone (the demo HOAs are in
 * Texas: America/Chicago), for the server, the jobs and the screens (the zone comes with the user's
 * record); an invoice issued late is dated the day it is issued.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TIME_ZONE_INVALID, zonedToday } from '../../schema/days';
import { addDays, isoDay } from '../../schema/money';
import { hoas, invoices, users } from '../../schema/tables';
import { issueDueInvoices } from '../../worker/domain/dues';
import { markOverdueInvoices } from '../../worker/domain/invoices';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';

let t: TestApp;
let rita: { id: string; hoaId: string };
const DAY = 86_400_000;
/** 9:30 pm in Austin on Nov 21 is already Nov 22 in UTC. */
const AUSTIN_EVENING = Date.parse('2026-11-22T03:30:00Z');

beforeEach(async () => {
  t = await createTestApp();
  const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident));
  rita = { id: row.id, hoaId: row.hoaId };
});
afterEach(async () => {
  await (t.deps.payments as LocalPayments).flush();
  await t.close();
});

const austinToday = () => zonedToday(t.clock(), 'America/Chicago');

describe("the HOA's day (item 25)", () => {
  it('a violation due today (Austin) issued on a Texas evening is accepted and not overdue', async () => {
    t.clock.set(AUSTIN_EVENING);
    const board = (await login(t, DEMO.maple.board)).token;
    const body = { user_id: rita.id, category: 'Trash', title: 'Trash bins left out', message: '<p>Please bring them in.</p>' };
    const today = await call(t, 'POST', '/api/violations', { token: board, body: { ...body, due_date: '2026-11-21' } });
    expect(today.status).toBe(201);
    expect(today.json.is_overdue).toBe(false);
    expect((await call(t, 'GET', '/api/violations', { token: board })).json.docs.find((v: { _id: string }) => v._id === today.json._id).is_overdue).toBe(false);
    const yesterday = await call(t, 'POST', '/api/violations', { token: board, body: { ...body, due_date: '2026-11-20' } });
    expect(yesterday.status).toBe(400);
    // After midnight in Austin it is overdue.
    t.clock.set(Date.parse('2026-11-22T06:30:00Z'));
    const later = (await login(t, DEMO.maple.board)).token;
    expect((await call(t, 'GET', `/api/violations/${today.json._id}`, { token: later })).json.is_overdue).toBe(true);
  });

  it('an invoice turns overdue after its due day ends in Austin, not at UTC midnight (job and list alike)', async () => {
    const id = await openInvoice(t.deps, { hoaId: rita.hoaId, recipientId: rita.id, amountCents: 5_000 });
    const [{ dueDate }] = await t.deps.database.db.select({ dueDate: invoices.dueDate }).from(invoices).where(eq(invoices.id, id));
    // 9:30 pm in Austin on the due day.
    t.clock.set(dueDate + DAY + 3.5 * 3_600_000);
    const board = (await login(t, DEMO.maple.board)).token;
    await markOverdueInvoices(t.deps);
    const overdue = async (token: string) => (await call(t, 'GET', '/api/invoices?status=overdue&limit=100', { token })).json.docs.map((d: { _id: string }) => d._id);
    expect((await call(t, 'GET', `/api/invoices/${id}`, { token: board })).json.status).toBe('pending');
    expect(await overdue(board)).not.toContain(id);
    // 12:30 am in Austin the next day.
    t.clock.set(dueDate + DAY + 6.5 * 3_600_000);
    await markOverdueInvoices(t.deps);
    const next = (await login(t, DEMO.maple.board)).token;
    expect((await call(t, 'GET', `/api/invoices/${id}`, { token: next })).json.status).toBe('overdue');
    expect(await overdue(next)).toContain(id);
  });

  it('the signed-in user’s record carries the HOA’s zone; HOA setup takes the owner’s browser zone', async () => {
    const owner = await login(t, DEMO.maple.superadmin);
    expect(owner.user.hoa_time_zone).toBe('America/Chicago');
    const bad = await call(t, 'POST', '/api/signup/hoa-setup', { token: owner.token, body: { name: 'Maple Grove HOA', time_zone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'time_zone', msg: TIME_ZONE_INVALID }]);
    const ok = await call(t, 'POST', '/api/signup/hoa-setup', { token: owner.token, body: { name: 'Maple Grove HOA', time_zone: 'America/Denver' } });
    expect(ok.status).toBe(200);
    expect((await call(t, 'GET', '/api/auth/profile', { token: owner.token })).json.hoa_time_zone).toBe('America/Denver');
    const [hoa] = await t.deps.database.db.select().from(hoas).where(eq(hoas.id, rita.hoaId));
    expect(hoa.timeZone).toBe('America/Denver');
  });

  it('a due is sent on its send day in Austin, not when that day begins in UTC', async () => {
    const board = (await login(t, DEMO.maple.board)).token;
    const sendDay = addDays(austinToday(), 1);
    const r = await call(t, 'POST', '/api/dues', { token: board, body: { title: 'Pool key', frequency: 'one_time', recipients: [rita.id], send_date: isoDay(sendDay), amount: 20, reason: 'other', due_date_offset: 5 } });
    expect(r.status).toBe(201);
    const issued = () => t.deps.database.db.select().from(invoices).where(eq(invoices.dueId, r.json._id));
    // 7 pm in Austin the day before: already the send day in UTC.
    t.clock.set(sendDay + 1 * 3_600_000);
    await issueDueInvoices(t.deps);
    expect(await issued()).toHaveLength(0);
    t.clock.set(sendDay + 7 * 3_600_000);
    await issueDueInvoices(t.deps);
    expect((await issued()).map((i) => [isoDay(i.sentAt), isoDay(i.dueDate)])).toEqual([[isoDay(sendDay), isoDay(addDays(sendDay, 5))]]);
  });
});

describe('an invoice issued late (item 24)', () => {
  it('reactivating a one-time due after its send day issues an invoice dated that day, due that day plus the offset', async () => {
    const board = (await login(t, DEMO.maple.board)).token;
    const sendDay = addDays(austinToday(), 2);
    const r = await call(t, 'POST', '/api/dues', { token: board, body: { title: 'Clubhouse deposit', frequency: 'one_time', recipients: [rita.id], send_date: isoDay(sendDay), amount: 75, reason: 'other', due_date_offset: 7 } });
    expect((await call(t, 'PUT', `/api/dues/${r.json._id}`, { token: board, body: { status: 'inactive' } })).status).toBe(200);
    t.clock.advance(12 * DAY);
    const later = (await login(t, DEMO.maple.board)).token;
    expect((await call(t, 'PUT', `/api/dues/${r.json._id}`, { token: later, body: { status: 'active' } })).status).toBe(200);
    const [inv] = await t.deps.database.db.select().from(invoices).where(and(eq(invoices.dueId, r.json._id), eq(invoices.recipientId, rita.id)));
    expect(isoDay(inv.sentAt)).toBe(isoDay(austinToday()));
    expect(isoDay(inv.dueDate)).toBe(isoDay(addDays(austinToday(), 7)));
    const api = await call(t, 'GET', `/api/invoices/${inv.id}`, { token: later });
    expect(api.json).toMatchObject({ status: 'pending', sent: `${isoDay(austinToday())}T00:00:00.000Z` });
    await markOverdueInvoices(t.deps);
    expect((await call(t, 'GET', `/api/invoices/${inv.id}`, { token: later })).json.status).toBe('pending');
  });
});
