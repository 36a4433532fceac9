/**
 * Late fees: a due's rule (fixed or percent, grace days), the job that adds the fee once per invoice
 * (rerun, waived or not), its ledger line and history, Pay charging the total, and the board's waiver.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATE_FEE_HISTORY, LATE_FEE_MESSAGES, lateFeeCentsOf } from '../../schema/late-fees';
import { invoiceCheckouts, ledgerLines } from '../../schema/tables';
import { addLateFees } from '../../worker/domain/invoices';
import { mapleWorld, type MapleWorld } from '../helpers/money';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import type { SyncedInvoice } from '../../sync/areas/invoices';

let w: MapleWorld;
beforeEach(async () => {
  w = await mapleWorld();
});
afterEach(() => w.close());

const feeLines = (invoiceId: string) => w.t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, invoiceId), eq(ledgerLines.kind, 'late_fee')));
const waive = (id: string, body: Record<string, unknown>, token = w.board) => call(w.t, 'POST', `/api/invoices/${id}/waive-late-fee`, { token, body });

describe('a due’s late fee rule', () => {
  it('is stored and answered as sent; a percent or an amount that does not fit is refused with a clear message', async () => {
    const r = await w.postDue({ late_fee_type: 'fixed', late_fee_amount: 25, grace_days: 5 });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ late_fee_type: 'fixed', late_fee_value: 2_500, late_fee_amount: 25, grace_days: 5 });
    expect((await call(w.t, 'GET', `/api/dues/${r.json._id}`, { token: w.board })).json).toMatchObject({ late_fee_type: 'fixed', late_fee_value: 2_500 });
    expect((await w.postDue()).json).toMatchObject({ late_fee_type: 'none', late_fee_value: 0, late_fee_amount: null, grace_days: 0 });
    expect((await w.postDue({ late_fee_type: 'percent', late_fee_amount: 1.5 })).json).toMatchObject({ late_fee_value: 150, late_fee_amount: 1.5 });

    const errorOf = async (over: Record<string, unknown>) => (await w.postDue(over)).json.errors;
    expect(await errorOf({ late_fee_type: 'fixed' })).toEqual([{ path: 'late_fee_amount', msg: LATE_FEE_MESSAGES.amountRequired }]);
    expect(await errorOf({ late_fee_type: 'fixed', late_fee_amount: 0 })).toEqual([{ path: 'late_fee_amount', msg: LATE_FEE_MESSAGES.fixedInvalid }]);
    expect(await errorOf({ late_fee_type: 'percent', late_fee_amount: 101 })).toEqual([{ path: 'late_fee_amount', msg: LATE_FEE_MESSAGES.percentInvalid }]);
    expect(await errorOf({ late_fee_type: 'percent', late_fee_amount: 1.005 })).toEqual([{ path: 'late_fee_amount', msg: LATE_FEE_MESSAGES.percentInvalid }]);
    expect(await errorOf({ late_fee_type: 'fixed', late_fee_amount: 5, grace_days: 61 })).toEqual([{ path: 'grace_days', msg: LATE_FEE_MESSAGES.graceInvalid }]);
    expect(await errorOf({ late_fee_type: 'weekly', late_fee_amount: 5 })).toEqual([{ path: 'late_fee_type', msg: LATE_FEE_MESSAGES.kindInvalid }]);
  });
});

describe('the late fee job', () => {
  it('adds a fixed fee once, after the grace days, with its ledger line and history, across reruns', async () => {
    const { dueId, invoice: inv } = await w.issueDue({ lateFee: { fixed: 25 }, graceDays: 3 });
    // Due in 7 days; 3 grace days: nothing on day 10, the fee on day 11.
    await w.passDays(10);
    await addLateFees(w.t.deps);
    expect((await w.invoiceOf(dueId)).lateFeeCents).toBe(0);
    await w.passDays(1);
    await addLateFees(w.t.deps);
    await addLateFees(w.t.deps);
    expect((await w.invoiceOf(dueId)).lateFeeCents).toBe(2_500);
    const lines = await feeLines(inv.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amountCents: 2_500, sourceKey: `late_fee:${inv.id}`, userId: w.rita.id });

    const seen = await call(w.t, 'GET', `/api/invoices/${inv.id}`, { token: w.rita.token });
    expect(seen.json).toMatchObject({ late_fee_cents: 2_500, amountCents: 10_050 });
    expect(seen.json.history.at(-1)).toMatchObject({ action: LATE_FEE_HISTORY.added(2_500) });
  });

  it('rounds a percent half up to whole cents, and leaves invoices of a due without a rule alone', async () => {
    expect(lateFeeCentsOf({ kind: 'percent', value: 150 }, 10_050)).toBe(151); // 150.75 → 151
    expect(lateFeeCentsOf({ kind: 'percent', value: 50 }, 100)).toBe(1); // 0.5 → 1
    expect(lateFeeCentsOf({ kind: 'percent', value: 49 }, 100)).toBe(0);
    const pct = await w.issueDue({ lateFee: { percent: 1.5 } });
    const none = await w.issueDue();
    await w.passDays(8);
    await addLateFees(w.t.deps);
    expect((await w.invoiceOf(pct.dueId)).lateFeeCents).toBe(151);
    expect((await w.invoiceOf(none.dueId)).lateFeeCents).toBe(0);
  });

  it('Pay asks the total; adding the fee closed the Checkout opened before it', async () => {
    const { invoice: inv } = await w.issueDue({ lateFee: { fixed: 10 } });
    await w.passDays(7);
    expect((await call(w.t, 'POST', `/api/invoices/${inv.id}/pay`, { token: w.rita.token })).status).toBe(200);
    await w.passDays(1);
    await addLateFees(w.t.deps);
    const checkouts = () => w.t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.invoiceId, inv.id));
    expect((await checkouts()).map((c) => c.status)).not.toContain('open');
    expect((await call(w.t, 'POST', `/api/invoices/${inv.id}/pay`, { token: w.rita.token })).status).toBe(200);
    const open = (await checkouts()).filter((c) => c.status === 'open');
    expect(open.map((c) => c.amountCents)).toEqual([11_050]);
  });
});

describe('waiving a late fee', () => {
  const feeInvoice = async () => (await w.lateFeeAdded()).invoiceId;

  it('takes the fee off with a reason, posts a waiver line answering the fee, and the fee never comes back', async () => {
    const id = await feeInvoice();
    expect((await waive(id, { reason: '' })).json.errors).toEqual([{ path: 'reason', msg: LATE_FEE_MESSAGES.reasonRequired }]);
    expect((await waive(id, { reason: 'x'.repeat(501) })).json.errors).toEqual([{ path: 'reason', msg: LATE_FEE_MESSAGES.reasonTooLong }]);
    expect((await waive(id, { reason: 'First time' }, w.rita.token)).status).toBe(403);

    const r = await waive(id, { reason: 'First time late' });
    expect(r.status).toBe(200);
    expect(r.json.late_fee_cents).toBe(0);
    expect(r.json.history.at(-1)).toMatchObject({ action: LATE_FEE_HISTORY.waived(2_500, 'First time late'), user_id: { name: 'Ben Board' } });
    const [fee] = await feeLines(id);
    const [waiver] = await w.t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, id), eq(ledgerLines.kind, 'waiver')));
    expect(waiver).toMatchObject({ amountCents: -2_500, relatedLineId: fee.id, reason: 'First time late' });

    expect(await waive(id, { reason: 'Again' })).toMatchObject({ status: 409, json: { message: LATE_FEE_MESSAGES.noFee } });
    await w.passDays(1);
    await addLateFees(w.t.deps);
    expect((await call(w.t, 'GET', `/api/invoices/${id}`, { token: w.board })).json.late_fee_cents).toBe(0);
  });

  it('answers 404 for another HOA’s invoice and 409 for an invoice without a fee', async () => {
    const id = await feeInvoice();
    const cedar = (await login(w.t, DEMO.cedar.board)).token;
    expect((await waive(id, { reason: 'Not yours' }, cedar)).status).toBe(404);
    const { invoice: plain } = await w.issueDue();
    expect((await waive(plain.id, { reason: 'Nothing' })).status).toBe(409);
  });

  it('the waiveLateFee mutator does what REST does', async () => {
    const id = await feeInvoice();
    const ben = new SyncTestClient(w.t, w.board);
    await ben.pull();
    const mine = () => ben.values<SyncedInvoice>('invoice/').find((i) => i.id === id)!;
    expect(mine().lateFeeCents).toBe(2_500);
    await ben.push([ben.mutation('waiveLateFee', { id, reason: 'Offline at the meeting' })]);
    await ben.pull();
    expect(mine().lateFeeCents).toBe(0);
    expect(mine().history.at(-1)).toMatchObject({ action: LATE_FEE_HISTORY.waived(2_500, 'Offline at the meeting') });
    const lines = await w.t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, id), eq(ledgerLines.kind, 'waiver')));
    expect(lines).toHaveLength(1);
  });
});
