/**
 * The board's collections view and the accountant's exports over REST, on a hand-computed fixture
 * (the seeded money is cleared first). Cedar Park's rows are there too and must never be counted.
 * Maple Grove's zone is America/Chicago; the test clock reads Nov 21, 2026.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIONS_MESSAGES } from '../../schema/collections';
import { invoices, ledgerLines, users } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let board: string;
const ids: Record<string, { id: string; hoaId: string; name: string; email: string }> = {};

const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
const at = (text: string) => Date.parse(text);
let n = 0;

async function person(email: string) {
  const [u] = await t.deps.database.db.select({ id: users.id, hoaId: users.hoaId, name: users.name, email: users.email }).from(users).where(eq(users.email, email));
  return u;
}

/** One invoice and its charge line (and the fee's line when it has one). */
function invoiceRows(who: { id: string; hoaId: string }, id: string, title: string, amountCents: number, sent: string, due: string, status: 'pending' | 'overdue' | 'paid', lateFeeCents = 0) {
  const now = t.clock();
  return {
    invoice: { id, hoaId: who.hoaId, dueId: `due-${id}`, recipientId: who.id, period: day(sent), title, frequency: 'one_time' as const, amountCents, status, sentAt: day(sent), dueDate: day(due), lateFeeCents, createdAt: now, updatedAt: now },
    lines: [
      lineRow(who, 'charge', amountCents, at(`${sent}T12:00:00Z`), { invoiceId: id, description: title }),
      ...(lateFeeCents ? [lineRow(who, 'late_fee', lateFeeCents, at(`${due}T18:00:00Z`), { invoiceId: id, description: 'Late fee' })] : []),
    ],
  };
}
function lineRow(who: { id: string; hoaId: string }, kind: 'charge' | 'payment' | 'refund' | 'late_fee', amountCents: number, occurredAt: number, extra: Partial<typeof ledgerLines.$inferInsert> = {}) {
  n++;
  const now = t.clock();
  return { id: `line-${String(n).padStart(3, '0')}`, hoaId: who.hoaId, userId: who.id, kind, amountCents, description: kind, occurredAt, sourceKey: `test:${n}`, createdAt: now, updatedAt: now, ...extra };
}

beforeEach(async () => {
  n = 0;
  t = await createTestApp();
  board = (await login(t, DEMO.maple.board)).token;
  for (const [k, email] of Object.entries({ rita: DEMO.maple.resident, ross: DEMO.maple.resident2, ben: DEMO.maple.board, cedar: DEMO.cedar.resident })) ids[k] = await person(email);
  const { rita, ross, ben, cedar } = ids;
  const inv = [
    // Rita: September's 150.00 unpaid (74 days past due), November's 150.00 + 15.00 fee (13 days); paid 50.00 in October.
    invoiceRows(rita, 'inv-rita-sep', 'Monthly HOA Dues', 15000, '2026-09-01', '2026-09-08', 'overdue'),
    invoiceRows(rita, 'inv-rita-nov', 'Pool, spa & "gate" fee', 15000, '2026-11-01', '2026-11-08', 'pending', 1500),
    // Ross: paid in full, then a refund: a credit.
    invoiceRows(ross, 'inv-ross-nov', 'Monthly HOA Dues', 10000, '2026-11-01', '2026-11-08', 'paid'),
    // Ben: due next month.
    invoiceRows(ben, 'inv-ben-dec', 'Monthly HOA Dues', 20000, '2026-11-20', '2026-12-01', 'pending'),
    // Cedar Park: must never be counted.
    invoiceRows(cedar, 'inv-cedar', 'Cedar dues', 99900, '2026-08-01', '2026-08-10', 'overdue'),
  ];
  const payments = [
    lineRow(rita, 'payment', -5000, at('2026-10-05T15:00:00Z'), { method: 'check', methodDetail: 'Check 1042', receiptNumber: 7, reference: '1042', description: 'Payment' }),
    lineRow(ross, 'payment', -10000, at('2026-11-03T15:00:00Z'), { invoiceId: 'inv-ross-nov', method: 'card', methodDetail: 'Visa •••• 4242', receiptNumber: 8, reference: 'pi_ross', description: 'Payment' }),
    // 10 pm on Oct 31 in Chicago: October's, though November in UTC.
    lineRow(ross, 'payment', -4000, at('2026-11-01T03:00:00Z'), { method: 'cash', receiptNumber: 9, description: 'Payment' }),
    lineRow(ross, 'refund', 2000, at('2026-11-04T15:00:00Z'), { reference: 're_ross', description: 'Refund' }),
    lineRow(cedar, 'payment', -50000, at('2026-11-10T15:00:00Z'), { method: 'card', receiptNumber: 1, description: 'Payment' }),
  ];
  await t.write(async (tx) => {
    await tx.delete(ledgerLines);
    await tx.delete(invoices);
    await tx.insert(invoices).values(inv.map((i) => i.invoice));
    await tx.insert(ledgerLines).values([...inv.flatMap((i) => i.lines), ...payments]);
  });
});
afterEach(() => t.close());

const rowsOf = (csv: string) => csv.trimEnd().split('\r\n');

describe('the collections view', () => {
  it('answers the hand-computed figures of the board’s own HOA', async () => {
    const r = await call(t, 'GET', '/api/ledger/collections', { token: board });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      today: '2026-11-21',
      // Ross: 100.00 − 20.00 refund; his 40.00 was October's in Chicago; Cedar's 500.00 is not ours.
      collected_cents: 8000,
      // Rita 150 + 150 + 15 − 50 = 265.00; Ben 200.00.
      outstanding_cents: 46500,
      credits_cents: 2000,
      residents_owing: 2,
      residents_in_credit: 1,
    });
    expect(r.json.aging.map((a: { bucket: string; count: number; amount_cents: number }) => [a.bucket, a.count, a.amount_cents])).toEqual([
      ['current', 1, 20000],
      ['d1_30', 1, 16500],
      ['d31_60', 0, 0],
      ['d61_90', 1, 15000],
      ['d90_plus', 0, 0],
    ]);
    expect(r.json.delinquent).toEqual([
      {
        resident: { _id: ids.rita.id, name: ids.rita.name, email: ids.rita.email },
        balance_cents: 26500,
        overdue_count: 2,
        overdue_cents: 31500,
        oldest_overdue_days: 74,
        last_payment: { at: '2026-10-05T15:00:00.000Z', amount_cents: 5000 },
      },
    ]);
  });

  it('is the board’s: a resident is refused, the superadmin reads it', async () => {
    const resident = await login(t, DEMO.maple.resident);
    const r = await call(t, 'GET', '/api/ledger/collections', { token: resident.token });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(COLLECTIONS_MESSAGES.boardOnly);
    expect((await call(t, 'GET', '/api/ledger/export/invoices.csv', { token: resident.token })).status).toBe(403);
    const owner = await login(t, DEMO.maple.superadmin);
    expect((await call(t, 'GET', '/api/ledger/collections', { token: owner.token })).json.outstanding_cents).toBe(46500);
  });

  it('counts only Cedar Park’s rows for Cedar Park’s board', async () => {
    const cedar = await login(t, DEMO.cedar.board);
    const r = await call(t, 'GET', '/api/ledger/collections', { token: cedar.token });
    expect(r.json).toMatchObject({ collected_cents: 50000, outstanding_cents: 49900, credits_cents: 0 });
    expect(r.json.delinquent.map((d: { resident: { _id: string } }) => d.resident._id)).toEqual([ids.cedar.id]);
  });
});

describe('the accountant’s exports', () => {
  it('invoices: ISO days, plain decimals, names and emails, quoted titles, never another HOA’s', async () => {
    const r = await call(t, 'GET', '/api/ledger/export/invoices.csv', { token: board });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="maple-grove-hoa-invoices-2026-11-21.csv"');
    const rows = rowsOf(r.json);
    expect(rows[0]).toBe('Invoice ID,Issued,Due date,Resident,Email,Description,Status,Amount,Late fee,Total,Days past due,Paid date,Payment method');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toBe(`inv-rita-sep,2026-09-01,2026-09-08,${ids.rita.name},${ids.rita.email},Monthly HOA Dues,Overdue,150.00,0.00,150.00,74,,`);
    expect(rows[2]).toBe(`inv-rita-nov,2026-11-01,2026-11-08,${ids.rita.name},${ids.rita.email},"Pool, spa & ""gate"" fee",Overdue,150.00,15.00,165.00,13,,`);
    expect(r.json).not.toContain('Cedar');
  });

  it('payments: receipts, method, reference, refunds negative, the range in the HOA’s days', async () => {
    const r = await call(t, 'GET', '/api/ledger/export/payments.csv?from=2026-11-01&to=2026-11-30', { token: board });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="maple-grove-hoa-payments-2026-11-01-to-2026-11-30.csv"');
    const rows = rowsOf(r.json);
    expect(rows[0]).toBe('Date,Receipt,Resident,Email,Type,Amount,Method,Method detail,Reference,Invoice ID,Description,Line ID');
    expect(rows.slice(1)).toEqual([
      `2026-11-03,R-000008,${ids.ross.name},${ids.ross.email},Payment,100.00,Card,Visa •••• 4242,pi_ross,inv-ross-nov,Payment,line-008`,
      `2026-11-04,,${ids.ross.name},${ids.ross.email},Refund,-20.00,,,re_ross,,Refund,line-010`,
    ]);
    const all = rowsOf((await call(t, 'GET', '/api/ledger/export/payments.csv', { token: board })).json);
    expect(all.slice(1).map((row) => row.slice(0, 10))).toEqual(['2026-10-05', '2026-10-31', '2026-11-03', '2026-11-04']);
  });

  it('ledger lines: every Maple line, signed, oldest first', async () => {
    const r = await call(t, 'GET', '/api/ledger/export/lines.csv', { token: board });
    const rows = rowsOf(r.json);
    expect(rows[0]).toBe('Date,Resident,Email,Type,Description,Amount,Receipt,Method,Method detail,Reference,Invoice ID,Line ID');
    // 5 charges, 1 fee, 4 payments and refunds of Maple Grove.
    expect(rows).toHaveLength(1 + 9);
    expect(rows[1]).toBe(`2026-09-01,${ids.rita.name},${ids.rita.email},Charge,Monthly HOA Dues,150.00,,,,,inv-rita-sep,line-001`);
    expect(rows.find((row) => row.includes(',Late fee,'))).toBe(`2026-11-08,${ids.rita.name},${ids.rita.email},Late fee,Late fee,15.00,,,,,inv-rita-nov,line-003`);
    expect(rows.find((row) => row.includes('R-000007'))).toContain(',Payment,Payment,-50.00,R-000007,Check,Check 1042,1042,,');
    expect(r.json).not.toContain(ids.cedar.email);
  });

  it('refuses a bad day or a range that ends before it starts', async () => {
    const bad = await call(t, 'GET', '/api/ledger/export/lines.csv?from=yesterday', { token: board });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'from', msg: COLLECTIONS_MESSAGES.fromInvalid }]);
    const backwards = await call(t, 'GET', '/api/ledger/export/lines.csv?from=2026-11-02&to=2026-11-01', { token: board });
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors).toEqual([{ path: 'to', msg: COLLECTIONS_MESSAGES.rangeInvalid }]);
  });
});
