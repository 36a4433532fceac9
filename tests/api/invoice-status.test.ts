/**
 * Marking an invoice paid or canceled is deliberate (docs/decisions/208-invoice-paid-deliberate.md). Paid names how the payment came
 * and who recorded it (Activity History); the board may undo its own mark, never an online payment.
 * The same rules hold for REST and the sync push.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_HISTORY, INVOICE_MESSAGES } from '../../schema/invoices';
import { users } from '../../schema/tables';
import { markInvoicePaid } from '../../worker/domain/invoices/status';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';
import { SyncTestClient } from '../sync/client';
import type { SyncedInvoice } from '../../sync/areas/invoices';

let t: TestApp;
let board: string;
let rita: { token: string; id: string; hoaId: string };

beforeEach(async () => {
  t = await createTestApp();
  board = (await login(t, DEMO.maple.board)).token;
  const r = await login(t, DEMO.maple.resident);
  const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident));
  rita = { token: r.token, id: row.id, hoaId: row.hoaId };
});
afterEach(async () => {
  await (t.deps.payments as LocalPayments).flush();
  await t.close();
});

const setStatus = (id: string, body: Record<string, unknown>, token = board) => call(t, 'PUT', `/api/invoices/${id}/status`, { token, body });
const lastLine = (json: { history: { action: string; user_id: { name: string } }[] }) => json.history.at(-1);

describe('the board marks an invoice paid', () => {
  it('names how it was paid, records who did it, and may undo its own mark (then the resident can pay)', async () => {
    const id = await openInvoice(t.deps, { hoaId: rita.hoaId, recipientId: rita.id, amountCents: 12_550 });

    const bare = await setStatus(id, { status: 'paid' });
    expect(bare.status).toBe(400);
    expect(bare.json.errors).toEqual([{ path: 'payment_method', msg: INVOICE_MESSAGES.paymentMethodRequired }]);
    expect((await setStatus(id, { status: 'paid', payment_method: 'card' })).status).toBe(400);

    const paid = await setStatus(id, { status: 'paid', payment_method: 'check' });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: 'paid', payment_method: 'check' });
    expect(lastLine(paid.json)).toMatchObject({ action: INVOICE_HISTORY.markedPaid('check'), user_id: { name: 'Ben Board' } });
    // The resident reads the same line (the board's name as "HOA Staff").
    expect(lastLine((await call(t, 'GET', `/api/invoices/${id}`, { token: rita.token })).json)).toMatchObject({ action: 'Marked as paid (Check)' });
    expect((await call(t, 'POST', `/api/invoices/${id}/pay`, { token: rita.token })).status).toBe(409);

    const undone = await setStatus(id, { status: 'pending' });
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ status: 'pending', payment_method: null, paid_at: null });
    expect(lastLine(undone.json)).toMatchObject({ action: INVOICE_HISTORY.statusChanged('paid', 'pending'), user_id: { name: 'Ben Board' } });
    expect((await call(t, 'POST', `/api/invoices/${id}/pay`, { token: rita.token })).status).toBe(200);

    const canceled = await setStatus(id, { status: 'canceled' });
    expect(canceled.json.history.map((h: { action: string }) => h.action)).toEqual([
      'Marked as paid (Check)',
      'Status changed from Paid to Pending',
      'Status changed from Pending to Canceled',
    ]);
    expect((await setStatus(id, { status: 'pending' }, rita.token)).status).toBe(403);
  });

  it('an invoice paid online stays paid: the board can neither undo nor cancel it', async () => {
    const id = await openInvoice(t.deps, { hoaId: rita.hoaId, recipientId: rita.id, amountCents: 4_000 });
    await t.write((tx) => markInvoicePaid(t.deps, tx, { hoaId: rita.hoaId, invoiceId: id, checkoutId: 'cs_test', amountCents: 4_000, paidAt: t.clock(), method: 'card', methodDetail: null, reference: null }));
    const got = await call(t, 'GET', `/api/invoices/${id}`, { token: board });
    expect(got.json).toMatchObject({ status: 'paid', payment_method: 'online' });
    expect(lastLine(got.json)).toMatchObject({ action: INVOICE_HISTORY.paidOnline, user_id: { name: 'Rita Resident' } });
    expect(await setStatus(id, { status: 'pending' })).toMatchObject({ status: 409, json: { message: INVOICE_MESSAGES.paidIsFinal } });
    expect((await setStatus(id, { status: 'canceled' })).status).toBe(409);
  });

  it('the sync push keeps the same rules: paid needs a method, the mark is recorded, and it can be undone', async () => {
    const id = await openInvoice(t.deps, { hoaId: rita.hoaId, recipientId: rita.id, amountCents: 9_900 });
    const ben = new SyncTestClient(t, board);
    await ben.pull();
    const mine = () => ben.values<SyncedInvoice>('invoice/').find((i) => i.id === id)!;

    await ben.push([ben.mutation('setInvoiceStatus', { id, status: 'paid' })]);
    await ben.pull();
    expect(mine().status).toBe('pending');

    await ben.push([ben.mutation('setInvoiceStatus', { id, status: 'paid', payment_method: 'cash' })]);
    await ben.pull();
    expect(mine()).toMatchObject({ status: 'paid', paymentMethod: 'cash' });
    expect(mine().history.map((h) => [h.action, h.user.name])).toEqual([['Marked as paid (Cash)', 'Ben Board']]);

    await ben.push([ben.mutation('setInvoiceStatus', { id, status: 'pending' })]);
    await ben.pull();
    expect(mine()).toMatchObject({ status: 'pending', paymentMethod: null, paidAt: null });
    expect(mine().history).toHaveLength(2);
  });
});
