/**
 * Dues and invoices in workerd: a due created over REST issues its invoices at once (the spec's
 * message for an invalid one), the lists with My Invoices' filters, the board's "paid by check",
 * paying on the Checkout page of the Worker's local payment provider and through a Checkout settled
 * by a webhook signed here (one receipt however often the event comes), the spec's answer for an HOA
 * without a payment account, and createDue + setInvoiceStatus pushed by the board and pulled back from SQLite behind Hrana.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DUE_MESSAGES } from '../../schema/dues';
import { INVOICE_MESSAGES } from '../../schema/invoices';
import { dueKey, type SyncedDue } from '../../sync/areas/dues';
import { invoiceKey, type SyncedInvoice } from '../../sync/areas/invoices';
import type { SyncedNotice } from '../../sync/areas/notices';
import { PAYMENT_MESSAGES } from '../../worker/domain/payments';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import { signWebhookPayload } from '../../worker/services/payments/stripe';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, demoDay, login, workerApp } from './http';
import { db } from './db';

const invoicesOf = async (dueId: string) =>
  (await db.execute({ sql: 'SELECT id, recipient_id, status, amount_cents FROM invoices WHERE due_id = ? ORDER BY recipient_id', args: [dueId] })).rows;
const invoiceOf = async (dueId: string, recipientId: string) =>
  String((await db.execute({ sql: 'SELECT id FROM invoices WHERE due_id = ? AND recipient_id = ?', args: [dueId, recipientId] })).rows[0].id);
const receiptsOf = async (invoiceId: string) =>
  (await db.execute({ sql: "SELECT to_email FROM email_outbox WHERE template = 'payment-receipt' AND ref = ?", args: [`invoice:${invoiceId}`] })).rows.map((r) => r.to_email);

/** The event Stripe sends when a Checkout is paid, signed with the Worker's webhook secret. */
async function paidEvent(sessionId: string, invoiceId: string) {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_workerd_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: now,
    account: 'acct_local_demo_maplegrove',
    data: { object: { id: sessionId, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid', payment_intent: 'pi_workerd_check', metadata: { invoice_id: invoiceId, kind: 'invoice' } } },
  });
  return { payload, signature: await signWebhookPayload(payload, inject('stripeWebhookSecret'), now) };
}

describe('dues and invoices in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  // The superadmin: the auth checks change the board member's password.
  let owner: Awaited<ReturnType<typeof login>>, rita: typeof owner, ray: typeof owner;
  beforeAll(async () => {
    [owner, rita, ray] = await Promise.all([login(DEMO.maple.superadmin), login(DEMO.maple.resident), login(DEMO.maple.resident2)]);
  });
  const createDue = (over: Record<string, unknown> = {}) =>
    call('POST', '/api/dues', { token: owner.token, body: { title: 'Workerd dues', frequency: 'one_time', recipients: [rita.user._id, ray.user._id], send_date: demoDay(), amount: 42.5, reason: 'dues', due_date_offset: 7, ...over } });

  it('creates a due that issues its invoices, lists dues and My Invoices with filters, and the board marks one paid by check', async () => {
    const invalid = await createDue({ title: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toEqual([{ path: 'title', msg: DUE_MESSAGES.titleRequired }]);

    const created = await createDue({ title: 'Workerd pool key' });
    expect(created.status).toBe(201);
    const id = created.json._id as string;
    expect(created.json).toMatchObject({ title: 'Workerd pool key', amount: 42.5, amountCents: 4250, status: 'active', next_send_date: null });
    expect((await invoicesOf(id)).map((i) => [i.status, Number(i.amount_cents)])).toEqual([['pending', 4250], ['pending', 4250]]);

    // The board lists it; Rita sees it with herself as the only recipient; another resident's view of it is hers alone.
    expect((await call('GET', '/api/dues', { token: owner.token })).json.docs.map((d: { _id: string }) => d._id)).toContain(id);
    const seen = await call('GET', `/api/dues/${id}`, { token: rita.token });
    expect(seen.json.recipients).toEqual([rita.user._id]);
    const renamed = await call('PUT', `/api/dues/${id}`, { token: owner.token, body: { title: 'Workerd pool key fee' } });
    expect(renamed.json).toMatchObject({ _id: id, title: 'Workerd pool key fee' });

    // My Invoices: repeated status, a trimmed title search, a sort; Rita's own only.
    const mine = await call('GET', '/api/invoices?status=pending&status=overdue&title=%20workerd%20pool%20&sortBy=amount&sortOrder=asc', { token: rita.token });
    expect(mine.json).toMatchObject({ totalDocs: 1, page: 1, totalPages: 1 });
    expect(mine.json.docs[0]).toMatchObject({ dues_id: { _id: id }, amountCents: 4250, status: 'pending', recipient_id: { _id: rita.user._id } });
    expect((await call('GET', '/api/invoices?status=lost', { token: rita.token })).status).toBe(400);
    const board = await call('GET', `/api/invoices?dues_id=${id}`, { token: owner.token });
    expect(board.json.docs.map((d: { recipient_id: { _id: string } }) => d.recipient_id._id).sort()).toEqual([rita.user._id, ray.user._id].sort());

    // Paid by check: the board sets it; residents may not.
    const rays = board.json.docs.find((d: { recipient_id: { _id: string } }) => d.recipient_id._id === ray.user._id)._id as string;
    expect((await call('PUT', `/api/invoices/${rays}/status`, { token: ray.token, body: { status: 'paid' } })).status).toBe(403);
    const paid = await call('PUT', `/api/invoices/${rays}/status`, { token: owner.token, body: { status: 'paid', payment_method: 'check' } });
    expect(paid.json).toMatchObject({ _id: rays, status: 'paid' });
    expect(paid.json.paid_at).not.toBeNull();
    expect((await call('GET', '/api/dues/payments', { token: ray.token })).json.docs.map((d: { _id: string }) => d._id)).toContain(rays);
    // The board's own mark may be undone; a payment made online may not (tests/api/invoice-status.test.ts).
    expect((await call('PUT', `/api/invoices/${rays}/status`, { token: owner.token, body: { status: 'pending' } })).json).toMatchObject({ status: 'pending', payment_method: null });
  });

  it('pays on the local Checkout page and by a signed webhook; each invoice is settled once, with one receipt', async () => {
    const created = await createDue({ title: 'Workerd paid online', amount: 18 });
    const [ritaInvoice, rayInvoice] = await Promise.all([invoiceOf(created.json._id, rita.user._id), invoiceOf(created.json._id, ray.user._id)]);

    expect((await call('POST', `/api/invoices/${ritaInvoice}/pay`, { token: ray.token })).status).toBe(404);
    const pay = await call('POST', `/api/invoices/${ritaInvoice}/pay`, { token: rita.token });
    expect(pay.status).toBe(200);
    // The due's pay button reaches the same open session.
    expect((await call('POST', `/api/dues/${created.json._id}/pay`, { token: rita.token })).json.checkout_url).toBe(pay.json.checkout_url);

    // The provider's page, from this machine only: a declined card, then Stripe's success card.
    const checkout = pay.json.checkout_url as string;
    expect(await (await fetch(checkout)).text()).toContain('$18.00');
    expect((await fetch(checkout, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(404);
    const card = (number: string) => fetch(checkout, { method: 'POST', body: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123' }), redirect: 'manual' });
    expect((await card(TEST_CARDS.declined)).status).toBe(402);
    const paid = await card(TEST_CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${inject('workerUrl')}/invoices/${ritaInvoice}?payment=success`);
    expect((await call('GET', `/api/invoices/${ritaInvoice}`, { token: rita.token })).json.status).toBe('paid');
    expect(await receiptsOf(ritaInvoice)).toEqual([DEMO.maple.resident]);
    expect((await call('POST', `/api/invoices/${ritaInvoice}/pay`, { token: rita.token })).status).toBe(409);

    // Ray's Checkout settled by the event Stripe sends, signed here; a retry and a second event change nothing.
    await call('POST', `/api/invoices/${rayInvoice}/pay`, { token: ray.token });
    const session = (await db.execute({ sql: 'SELECT id, amount_cents, status FROM invoice_checkouts WHERE invoice_id = ?', args: [rayInvoice] })).rows;
    expect(session.map((s) => [Number(s.amount_cents), s.status])).toEqual([[1800, 'open']]);
    const event = await paidEvent(String(session[0].id), rayInvoice);
    const first = await call('POST', '/api/webhooks/stripe', { body: event.payload, headers: { 'stripe-signature': event.signature } });
    expect(first).toMatchObject({ status: 200, json: { duplicate: false, outcome: 'applied' } });
    expect((await call('GET', `/api/invoices/${rayInvoice}`, { token: ray.token })).json.status).toBe('paid');
    expect((await call('POST', '/api/webhooks/stripe', { body: event.payload, headers: { 'stripe-signature': event.signature } })).json).toMatchObject({ duplicate: true });
    const later = await paidEvent(String(session[0].id), rayInvoice);
    expect((await call('POST', '/api/webhooks/stripe', { body: later.payload, headers: { 'stripe-signature': later.signature } })).json).toMatchObject({ duplicate: false, outcome: 'stale' });
    expect(await receiptsOf(rayInvoice)).toEqual([DEMO.maple.resident2]);
  });

  it('tells a resident of an HOA without a payment account that online payments are not set up', async () => {
    const [cedarBoard, chris] = await Promise.all([login(DEMO.cedar.superadmin), login(DEMO.cedar.resident)]);
    const created = await call('POST', '/api/dues', { token: cedarBoard.token, body: { title: 'Workerd Cedar dues', frequency: 'one_time', recipients: [chris.user._id], send_date: demoDay(), amount: 10 } });
    expect(created.status).toBe(201);
    const [invoice] = await invoicesOf(created.json._id);
    expect(await call('POST', `/api/invoices/${invoice.id}/pay`, { token: chris.token })).toMatchObject({ status: 400, json: { message: PAYMENT_MESSAGES.accountNotReady } });
    // Maple Grove's board does not find Cedar Park's due.
    expect((await call('GET', `/api/dues/${created.json._id}`, { token: owner.token })).status).toBe(404);
  });

  it('syncs createDue and setInvoiceStatus pushed by the board: the pull returns the due, its invoice and the status; a resident\'s attempt is a notice', async () => {
    const board = new SyncTestClient(workerApp, owner.token);
    await board.pull();
    const id = crypto.randomUUID();
    const pushed = await board.push([
      board.mutation('createDue', { id, title: 'Workerd pushed dues', frequency: 'monthly', recipients: [rita.user._id], send_date: demoDay(), amount: 12.34, reason: 'dues', due_date_offset: 5 }),
    ]);
    expect(pushed.status).toBe(200);
    const [issued] = await invoicesOf(id);
    expect(Number(issued.amount_cents)).toBe(1234);
    await board.push([board.mutation('setInvoiceStatus', { id: String(issued.id), status: 'canceled' })]);

    const resident = new SyncTestClient(workerApp, rita.token);
    await resident.pull();
    // Rita's own attempt at the board's change is refused by the server: it becomes a notice she dismisses.
    await resident.push([resident.mutation('setInvoiceStatus', { id: String(issued.id), status: 'paid' })]);
    await resident.pull();
    const [notice] = resident.values<SyncedNotice>('notice/');
    expect(notice).toMatchObject({ mutationName: 'setInvoiceStatus', message: INVOICE_MESSAGES.boardOnly });
    await resident.push([resident.mutation('dismissNotice', { id: notice.id })]);
    await resident.pull();
    expect(resident.values('notice/')).toEqual([]);
    const due = resident.data.get(dueKey(id)) as SyncedDue;
    expect(due).toMatchObject({ title: 'Workerd pushed dues', frequency: 'monthly', amountCents: 1234, status: 'active', recipients: [{ id: rita.user._id, name: 'Rita Resident' }] });
    expect(resident.data.get(invoiceKey(String(issued.id))) as SyncedInvoice).toMatchObject({ status: 'canceled', amountCents: 1234, due: { id, title: 'Workerd pushed dues' } });
    await board.pull();
    expect(board.lastMutationID).toBe(2);
    expect((board.data.get(invoiceKey(String(issued.id))) as SyncedInvoice).status).toBe('canceled');
  });
});
