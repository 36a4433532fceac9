/**
 * Dues and invoices through sync: who receives which due and invoice, that the pulled values and the
 * REST answers say the same for every role, that createDue and setInvoiceStatus do through the push
 * what REST does (invoices issued once; paid stays paid; a resident's attempt becomes a notice), and
 * that a recipient's new name reaches the values that show it.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DUE_MESSAGES } from '../../schema/dues';
import { INVOICE_MESSAGES } from '../../schema/invoices';
import { dayOf, isoDay } from '../../schema/money';
import { invoices, users } from '../../schema/tables';
import type { SyncedDue } from '../../sync/areas/dues';
import type { SyncedInvoice } from '../../sync/areas/invoices';
import { toApiDue } from '../../worker/domain/dues';
import { toApiInvoice } from '../../worker/domain/invoices';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient, SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const clientFor = signedInClient;
const invoicesOf = (c: SyncTestClient) => c.values<SyncedInvoice>('invoice/');
const duesOf = (c: SyncTestClient) => c.values<SyncedDue>('due/');

describe('dues and invoices pulled', () => {
  it('residents receive their own invoices and the dues billing them; the board its HOA; no one another HOA; values equal REST', async () => {
    t = await createTestApp();
    const [rita, ray, ben, cedar] = await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.cedar.board].map((e) => clientFor(t!, e)));
    for (const c of [rita, ray, ben, cedar]) await c.pull();
    expect(invoicesOf(rita).length).toBeGreaterThan(0);
    expect(invoicesOf(rita).every((i) => i.recipient.id === rita.userId)).toBe(true);
    expect(duesOf(rita).every((d) => d.recipients.length === 1 && d.recipients[0].id === rita.userId)).toBe(true);
    const mapleIds = new Set(invoicesOf(ben).map((i) => i.id));
    expect(invoicesOf(rita).every((i) => mapleIds.has(i.id))).toBe(true);
    expect(invoicesOf(cedar).some((i) => mapleIds.has(i.id))).toBe(false);
    // The Holiday Lights due is inactive and bills Rita: she sees the due, not an invoice.
    expect(duesOf(rita).map((d) => d.title)).toContain('Holiday Lights Contribution');

    for (const c of [rita, ben]) {
      for (const inv of invoicesOf(c).slice(0, 5)) {
        expect((await call(t, 'GET', `/api/invoices/${inv.id}`, { token: c.token })).json).toEqual(toApiInvoice(inv));
      }
      for (const due of duesOf(c).slice(0, 3)) {
        expect((await call(t, 'GET', `/api/dues/${due.id}`, { token: c.token })).json).toEqual(toApiDue(due));
      }
    }
  });

  it('createDue through the push issues once; setInvoiceStatus records the board’s paid mark; a resident’s attempt is a notice; a new name reaches the values', async () => {
    t = await createTestApp();
    const [rita, ben] = await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => clientFor(t!, e)));
    await ben.pull();
    const id = crypto.randomUUID();
    const args = { id, title: 'Pushed dues', frequency: 'monthly', recipients: [rita.userId], send_date: isoDay(dayOf(t.clock())), amount: 12.34, reason: 'dues', due_date_offset: 5 };
    await ben.push([ben.mutation('createDue', args)]);
    // The same mutation again (a retry from another client group) is refused: the id is taken.
    await ben.push([ben.mutation('createDue', args)]);
    const issued = await t.deps.database.db.select().from(invoices).where(eq(invoices.dueId, id));
    expect(issued.map((i) => [i.recipientId, i.amountCents])).toEqual([[rita.userId, 1234]]);

    await rita.pull();
    const mine = invoicesOf(rita).find((i) => i.due.id === id)!;
    expect(mine).toMatchObject({ amountCents: 1234, status: 'pending', due: { title: 'Pushed dues' } });
    await rita.push([rita.mutation('setInvoiceStatus', { id: mine.id, status: 'paid' })]);
    await rita.push([rita.mutation('createDue', { ...args, id: crypto.randomUUID() })]);
    await rita.pull();
    expect(rita.values<{ message: string }>('notice/').map((n) => n.message)).toEqual(expect.arrayContaining([INVOICE_MESSAGES.boardOnly, DUE_MESSAGES.boardOnly]));
    expect(invoicesOf(rita).find((i) => i.id === mine.id)!.status).toBe('pending');

    // Paid needs its method; the board's mark, unlike an online payment, may change again.
    await ben.push([ben.mutation('setInvoiceStatus', { id: mine.id, status: 'paid' }), ben.mutation('setInvoiceStatus', { id: mine.id, status: 'paid', payment_method: 'check' })]);
    await ben.pull();
    expect(invoicesOf(ben).find((i) => i.id === mine.id)).toMatchObject({ status: 'paid', paymentMethod: 'check' });

    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, rita.userId));
    await t.write((tx) => updateUser(t!.deps, tx, row, { name: 'Rita R. Resident' }));
    await ben.pull();
    expect(invoicesOf(ben).filter((i) => i.recipient.id === rita.userId).every((i) => i.recipient.name === 'Rita R. Resident')).toBe(true);
    expect(duesOf(ben).find((d) => d.id === id)!.recipients[0].name).toBe('Rita R. Resident');
  });
});
