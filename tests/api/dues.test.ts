import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUE_MESSAGES } from '../../schema/dues';
import { INVOICE_MESSAGES } from '../../schema/invoices';
import { addDays, dayOf, isoDay } from '../../schema/money';
import { dues, emailOutbox, invoices, paymentEvents, users } from '../../schema/tables';
import { issueDueInvoices } from '../../worker/domain/dues';
import { markOverdueInvoices } from '../../worker/domain/invoices';
import { markInvoicePaid } from '../../worker/domain/invoices/status';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, socketEnv } from '../helpers/http';

let t: TestApp;
let board: string;
let rita: { token: string; id: string };
let ray: { token: string; id: string };

beforeEach(async () => {
  t = await createTestApp();
  board = (await login(t, DEMO.maple.board)).token;
  const r = await login(t, DEMO.maple.resident);
  const y = await login(t, DEMO.maple.resident2);
  rita = { token: r.token, id: r.user._id ?? r.user.id };
  ray = { token: y.token, id: y.user._id ?? y.user.id };
});
afterEach(async () => {
  await (t.deps.payments as LocalPayments).flush();
  t.close();
});

const today = () => dayOf(t.clock());
const due = (over: Record<string, unknown> = {}) => ({
  title: 'Test dues',
  frequency: 'one_time',
  recipients: [rita.id, ray.id],
  send_date: isoDay(today()),
  amount: 125.5,
  reason: 'dues',
  due_date_offset: 7,
  ...over,
});
const createDue = (over: Record<string, unknown> = {}, token = board) => call(t, 'POST', '/api/dues', { token, body: due(over) });
const invoicesOf = (dueId: string) => t.deps.database.db.select().from(invoices).where(eq(invoices.dueId, dueId));

describe('creating dues', () => {
  it('answers the spec messages for each invalid field', async () => {
    const r = await call(t, 'POST', '/api/dues', { token: board, body: { frequency: 'monthly', recipients: [], amount: 0, due_date_offset: 21 } });
    expect(r.status).toBe(400);
    const msgs = Object.fromEntries(r.json.errors.map((e: { path: string; msg: string }) => [e.path, e.msg]));
    expect(msgs).toMatchObject({
      title: DUE_MESSAGES.titleRequired,
      recipients: DUE_MESSAGES.recipientsRequired,
      send_date: DUE_MESSAGES.sendDateRequired,
      amount: DUE_MESSAGES.amountInvalid,
      due_date_offset: DUE_MESSAGES.offsetInvalid,
    });
    expect((await createDue({ amount: 10.005 })).json.errors[0]).toEqual({ path: 'amount', msg: DUE_MESSAGES.amountInvalid });
    expect((await createDue({ title: 'x'.repeat(101) })).json.errors[0].path).toBe('title');
    expect((await createDue({ description: 'x'.repeat(201) })).json.errors[0].path).toBe('description');
    expect((await createDue({ due_date_offset: 0 })).json.errors[0].msg).toBe(DUE_MESSAGES.offsetInvalid);
  });

  it('accepts yesterday as the send date, not the day before', async () => {
    expect((await createDue({ send_date: isoDay(addDays(today(), -1)) })).status).toBe(201);
    const r = await createDue({ send_date: isoDay(addDays(today(), -2)) });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ path: 'send_date', msg: DUE_MESSAGES.sendDateInPast }]);
  });

  it('stores cents exactly (0.1 + 0.2 is 30 cents), defaults the offset to 7 and computes the due date', async () => {
    const r = await createDue({ amount: 0.1 + 0.2, due_date_offset: undefined });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ amount: 0.3, amountCents: 30, due_date_offset: 7, due_date: `${isoDay(addDays(today(), 7))}T00:00:00.000Z` });
    const rows = await invoicesOf(r.json._id);
    expect(rows.map((i) => i.amountCents)).toEqual([30, 30]);
  });

  it('refuses recipients who are not active members of the HOA (another HOA’s user)', async () => {
    const [cedar] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.cedar.resident));
    const r = await createDue({ recipients: [rita.id, cedar.id] });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ path: 'recipients', msg: DUE_MESSAGES.recipientsInvalid }]);
  });

  it('shows a due to the board and its recipients only; another HOA gets 404', async () => {
    const r = await createDue({ recipients: [rita.id] });
    expect((await call(t, 'GET', `/api/dues/${r.json._id}`, { token: rita.token })).json.recipients).toEqual([rita.id]);
    expect((await call(t, 'GET', `/api/dues/${r.json._id}`, { token: ray.token })).status).toBe(404);
    const cedar = await login(t, DEMO.cedar.board);
    expect((await call(t, 'GET', `/api/dues/${r.json._id}`, { token: cedar.token })).status).toBe(404);
    const listed = (await call(t, 'GET', '/api/dues', { token: ray.token })).json.docs.map((d: { _id: string }) => d._id);
    expect(listed).not.toContain(r.json._id);
  });
});

describe('issuing', () => {
  it('issues one invoice per recipient and an invoice email each, once, however often the job runs', async () => {
    const r = await createDue({ send_date: isoDay(addDays(today(), 2)) });
    expect(await invoicesOf(r.json._id)).toHaveLength(0);
    t.clock.advance(2 * 86_400_000);
    await Promise.all([issueDueInvoices(t.deps), issueDueInvoices(t.deps), issueDueInvoices(t.deps)]);
    await issueDueInvoices(t.deps);
    const rows = await invoicesOf(r.json._id);
    expect(rows.map((i) => i.recipientId).sort()).toEqual([rita.id, ray.id].sort());
    expect(rows.every((i) => i.dueDate === addDays(today(), 7) && i.status === 'pending')).toBe(true);
    const mail = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'invoice-issued'));
    expect(mail.filter((m) => rows.some((i) => m.ref === `invoice:${i.id}`))).toHaveLength(2);
    const [row] = await t.deps.database.db.select().from(dues).where(eq(dues.id, r.json._id));
    expect(row).toMatchObject({ periodsIssued: 1, nextSendDate: null });
  });

  it('advances monthly dues from the first send day: Jan 31 → Feb 28 → Mar 31', async () => {
    // Mid-day in Austin (the demo HOAs' days are Central time's).
    t.clock.set(Date.parse('2027-01-31T18:00:00Z'));
    board = (await login(t, DEMO.maple.board)).token;
    const r = await createDue({ frequency: 'monthly', send_date: '2027-01-31' });
    const nextOf = async () => (await t.deps.database.db.select().from(dues).where(eq(dues.id, r.json._id)))[0].nextSendDate;
    expect(isoDay((await nextOf())!)).toBe('2027-02-28');
    t.clock.set(Date.parse('2027-02-28T18:00:00Z'));
    await issueDueInvoices(t.deps);
    expect(isoDay((await nextOf())!)).toBe('2027-03-31');
    t.clock.set(Date.parse('2027-03-31T18:00:00Z'));
    await issueDueInvoices(t.deps);
    await issueDueInvoices(t.deps);
    const periods = [...new Set((await invoicesOf(r.json._id)).map((i) => isoDay(i.period)))].sort();
    expect(periods).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(await invoicesOf(r.json._id)).toHaveLength(6);
  });

  it('an inactive due issues nothing', async () => {
    const r = await createDue({ send_date: isoDay(addDays(today(), 1)) });
    await call(t, 'PUT', `/api/dues/${r.json._id}`, { token: board, body: { status: 'inactive' } });
    t.clock.advance(3 * 86_400_000);
    await issueDueInvoices(t.deps);
    expect(await invoicesOf(r.json._id)).toHaveLength(0);
  });

  it('moves pending invoices past their due day to overdue, and the list filter agrees before the job', async () => {
    const r = await createDue({ due_date_offset: 1 });
    t.clock.advance(2 * 86_400_000);
    board = (await login(t, DEMO.maple.board)).token;
    const listed = await call(t, 'GET', `/api/invoices?dues_id=${r.json._id}&status=overdue`, { token: board });
    expect(listed.json.totalDocs).toBe(2);
    expect(await markOverdueInvoices(t.deps)).toBeGreaterThanOrEqual(2);
    expect((await invoicesOf(r.json._id)).map((i) => i.status)).toEqual(['overdue', 'overdue']);
  });
});

describe('invoices', () => {
  it('lists a resident’s own invoices with paging, repeated status and a trimmed title filter', async () => {
    const r = await createDue({ title: 'Searchable fee' });
    const q = (s: string) => call(t, 'GET', `/api/invoices?${s}`, { token: rita.token });
    const mine = await q('title=%20Searchable%20&status=pending&status=paid');
    expect(mine.json).toMatchObject({ totalDocs: 1, page: 1, limit: 10, totalPages: 1 });
    expect(mine.json.docs[0]).toMatchObject({ dues_id: { _id: r.json._id, title: 'Searchable fee' }, amountCents: 12550, recipient_id: { _id: rita.id } });
    const all = await q('title=%20%20');
    expect(all.json.docs.every((d: { recipient_id: { _id: string } }) => d.recipient_id._id === rita.id)).toBe(true);
    expect((await q('status=lost')).status).toBe(400);
  });

  it('only the recipient pays; the board sets statuses; paid stays paid', async () => {
    const r = await createDue();
    const [mine] = (await invoicesOf(r.json._id)).filter((i) => i.recipientId === rita.id);
    expect(await call(t, 'POST', `/api/invoices/${mine.id}/pay`, { token: ray.token })).toMatchObject({ status: 404 });
    expect(await call(t, 'POST', `/api/invoices/${mine.id}/pay`, { token: board })).toMatchObject({ status: 403, json: { message: INVOICE_MESSAGES.onlyRecipient } });
    expect((await call(t, 'PUT', `/api/invoices/${mine.id}/status`, { token: rita.token, body: { status: 'paid' } })).status).toBe(403);
    // Paid by check (the board's mark names the method; tests/api/invoice-status.test.ts).
    expect((await call(t, 'PUT', `/api/invoices/${mine.id}/status`, { token: board, body: { status: 'paid', payment_method: 'check' } })).json.status).toBe('paid');
    expect(await call(t, 'POST', `/api/invoices/${mine.id}/pay`, { token: rita.token })).toMatchObject({ status: 409, json: { message: INVOICE_MESSAGES.alreadyPaid } });
  });

  it('says so clearly while the HOA has no payment account (Cedar Park)', async () => {
    const cedarBoard = (await login(t, DEMO.cedar.board)).token;
    const chris = await login(t, DEMO.cedar.resident);
    const r = await call(t, 'POST', '/api/dues', { token: cedarBoard, body: due({ recipients: [chris.user._id ?? chris.user.id] }) });
    const [inv] = await invoicesOf(r.json._id);
    const pay = await call(t, 'POST', `/api/invoices/${inv.id}/pay`, { token: chris.token });
    expect(pay.status).toBe(400);
    expect(pay.json.message).toMatch(/not set up/);
  });
});

describe('paying through the local Checkout', () => {
  async function page(path: string, form?: Record<string, string>) {
    const res = await t.app.request(`http://localhost:8787${path}`, form ? { method: 'POST', body: new URLSearchParams(form) } : {}, socketEnv());
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }
  const card = (number: string) => ({ number, expiry: '12 / 34', cvc: '123' });

  it('a paid Checkout marks the invoice paid once, queues a receipt, and a second click reuses the session', async () => {
    const r = await createDue();
    const [mine] = (await invoicesOf(r.json._id)).filter((i) => i.recipientId === rita.id);
    const first = await call(t, 'POST', `/api/invoices/${mine.id}/pay`, { token: rita.token });
    expect(first.status).toBe(200);
    expect((await call(t, 'POST', `/api/invoices/${mine.id}/pay`, { token: rita.token })).json.checkout_url).toBe(first.json.checkout_url);
    const path = new URL(first.json.checkout_url).pathname;
    expect((await page(path)).html).toContain('$125.50');

    const declined = await page(path, card(TEST_CARDS.declined));
    expect(declined.status).toBe(402);
    expect((await call(t, 'GET', `/api/invoices/${mine.id}`, { token: rita.token })).json.status).toBe('pending');

    const paid = await page(path, card(TEST_CARDS.success));
    expect(paid).toMatchObject({ status: 303, location: `http://localhost:8787/invoices/${mine.id}?payment=success` });
    const after = await call(t, 'GET', `/api/invoices/${mine.id}`, { token: rita.token });
    expect(after.json).toMatchObject({ status: 'paid' });
    const receipts = await t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'payment-receipt'), eq(emailOutbox.ref, `invoice:${mine.id}`)));
    expect(receipts.map((m) => m.toEmail)).toEqual([DEMO.maple.resident]);
    // Ray's invoice of the same due is untouched.
    expect((await invoicesOf(r.json._id)).find((i) => i.recipientId === ray.id)!.status).toBe('pending');
  });

  it('a second paid event for a paid invoice changes nothing, and the board cannot reopen it', async () => {
    const r = await createDue({ recipients: [rita.id] });
    const [mine] = await invoicesOf(r.json._id);
    const session = (await call(t, 'POST', `/api/invoices/${mine.id}/pay`, { token: rita.token })).json.checkout_url as string;
    await page(new URL(session).pathname, card(TEST_CARDS.success));
    const [event] = await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'checkout.session.completed'));
    expect(event.outcome).toBe('applied');
    const version = (await invoicesOf(r.json._id))[0].version;
    // A second payment event (another session of the same invoice) reaches the listener: nothing changes.
    await t.deps.database.transaction((tx) => markInvoicePaid(t.deps, tx, { hoaId: mine.hoaId, invoiceId: mine.id, checkoutId: 'cs_x', amountCents: mine.amountCents, paidAt: t.clock() + 5, method: 'card', methodDetail: null, reference: null }));
    const [again] = await invoicesOf(r.json._id);
    expect(again).toMatchObject({ status: 'paid', version });
    expect((await call(t, 'PUT', `/api/invoices/${mine.id}/status`, { token: board, body: { status: 'canceled' } })).status).toBe(409);
  });
});
