import { describe, expect, it } from 'vitest';
import {
  agingBucketOf,
  collectionsOf,
  daysPastDue,
  exportFileName,
  invoicesCsv,
  invoiceTotalCents,
  ledgerLinesCsv,
  monthOf,
  paymentsCsv,
  type ExportInvoice,
  type ExportLine,
} from '../../schema/collections';
import { csvField, type LedgerKind } from '../../schema/ledger';

const NY = 'America/New_York';
const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
const at = (text: string) => Date.parse(text);
// The HOA's today: Nov 25, 2026.
const TODAY = day('2026-11-25');

const ann = { id: 'u-ann', name: 'Ann Able', email: 'ann@example.test' };
const bob = { id: 'u-bob', name: 'Bob Brook', email: 'bob@example.test' };
const cyd = { id: 'u-cyd', name: 'Cyd, "Junior" Cole', email: 'cyd@example.test' };

let n = 0;
function line(resident: typeof ann, kind: LedgerKind, amountCents: number, occurredAt: number, extra: Partial<ExportLine> = {}): ExportLine {
  n++;
  return { id: `l${String(n).padStart(3, '0')}`, kind, amountCents, occurredAt, resident, invoiceId: null, description: kind, method: null, methodDetail: null, receiptNumber: null, reference: null, ...extra };
}
function invoice(id: string, recipient: typeof ann, amountCents: number, dueDate: number, status: ExportInvoice['status'] = 'pending', extra: Partial<ExportInvoice> = {}): ExportInvoice {
  return { id, status, amountCents, dueDate, recipient, due: { title: 'Monthly dues' }, sentAt: dueDate - 14 * 86_400_000, paidAt: null, paymentMethod: null, ...extra };
}

describe('collections figures', () => {
  it('buckets days past due: current until due, then 1–30, 31–60, 61–90, 90+', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(agingBucketOf)).toEqual(['current', 'd1_30', 'd1_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90_plus', 'd90_plus']);
    expect(daysPastDue(day('2026-11-25'), TODAY)).toBe(0);
    expect(daysPastDue(day('2026-11-30'), TODAY)).toBe(0);
    expect(daysPastDue(day('2026-11-24'), TODAY)).toBe(1);
    expect(daysPastDue(day('2026-08-27'), TODAY)).toBe(90);
  });

  it('adds the late fee to what an invoice asks, before and after the field exists', () => {
    expect(invoiceTotalCents({ amountCents: 12000 })).toBe(12000);
    expect(invoiceTotalCents({ amountCents: 12000, lateFeeCents: null })).toBe(12000);
    expect(invoiceTotalCents({ amountCents: 12000, lateFeeCents: 2500 })).toBe(14500);
  });

  it('knows the month of a day, December into January', () => {
    expect(monthOf(day('2026-12-31'))).toEqual({ start: day('2026-12-01'), end: day('2027-01-01') });
  });

  it('computes a hand-checked HOA', () => {
    const lines = [
      // Ann: charged 120 in September, 120 in October (unpaid) and 120 + 25 fee in November; paid 120 on Oct 3.
      line(ann, 'charge', 12000, at('2026-09-01T12:00:00Z')),
      line(ann, 'payment', -12000, at('2026-10-03T15:00:00Z')),
      line(ann, 'charge', 12000, at('2026-10-01T12:00:00Z')),
      line(ann, 'charge', 12000, at('2026-11-01T12:00:00Z')),
      line(ann, 'late_fee', 2500, at('2026-11-20T12:00:00Z')),
      // Bob: paid 120 this month, refunded 20, later paid 50 more: a credit of 30 after his 120 charge.
      line(bob, 'charge', 12000, at('2026-11-01T12:00:00Z')),
      line(bob, 'payment', -12000, at('2026-11-05T15:00:00Z')),
      line(bob, 'refund', 2000, at('2026-11-06T15:00:00Z')),
      line(bob, 'payment', -5000, at('2026-11-10T15:00:00Z')),
      // Cyd: one invoice due in the future; a payment at 11 pm in New York on Oct 31 is October's (Nov 1 in UTC).
      line(cyd, 'charge', 8000, at('2026-11-20T12:00:00Z')),
      line(cyd, 'payment', -1000, at('2026-11-01T03:00:00Z')),
    ];
    const invoices = [
      invoice('i-ann-sep', ann, 12000, day('2026-08-15'), 'overdue'), // 102 days: 90+
      invoice('i-ann-oct', ann, 12000, day('2026-10-15'), 'overdue'), // 41 days: 31–60
      invoice('i-ann-nov', ann, 12000, day('2026-11-15'), 'pending', { lateFeeCents: 2500 }), // 10 days, pending past due: 1–30
      invoice('i-bob-nov', bob, 12000, day('2026-11-15'), 'paid'),
      invoice('i-cyd-dec', cyd, 8000, day('2026-12-10')), // current
      invoice('i-cyd-old', cyd, 5000, day('2026-06-01'), 'canceled'),
    ];
    const c = collectionsOf(lines, invoices, TODAY, NY);
    // 120 − 20 + 50 (Bob); Cyd's 10 was paid in October, New York time.
    expect(c.collectedCents).toBe(15000);
    // Ann: 360 + 25 − 120 = 265; Cyd: 80 − 10 = 70.
    expect(c.outstandingCents).toBe(26500 + 7000);
    expect(c.creditsCents).toBe(3000);
    expect([c.residentsOwing, c.residentsInCredit]).toEqual([2, 1]);
    expect(c.aging.map((a) => [a.bucket, a.count, a.amountCents])).toEqual([
      ['current', 1, 8000],
      ['d1_30', 1, 14500],
      ['d31_60', 1, 12000],
      ['d61_90', 0, 0],
      ['d90_plus', 1, 12000],
    ]);
    // Cyd owes but nothing is overdue: not delinquent.
    expect(c.delinquent).toEqual([
      { resident: ann, balanceCents: 26500, overdueCount: 3, overdueCents: 38500, oldestOverdueDays: 102, lastPayment: { at: at('2026-10-03T15:00:00Z'), amountCents: 12000 } },
    ]);
  });

  it('sorts the delinquent by balance, largest first, then by name; never paid reads null', () => {
    const lines = [line(bob, 'charge', 5000, 1), line(ann, 'charge', 5000, 1), line(cyd, 'charge', 9000, 1)];
    const invoices = [invoice('a', ann, 5000, day('2026-11-01')), invoice('b', bob, 5000, day('2026-11-01')), invoice('c', cyd, 9000, day('2026-11-01'))];
    const c = collectionsOf(lines, invoices, TODAY, NY);
    expect(c.delinquent.map((d) => d.resident.id)).toEqual(['u-cyd', 'u-ann', 'u-bob']);
    expect(c.delinquent[0].lastPayment).toBeNull();
  });

  it('leaves out a resident whose overdue invoice is covered by a credit', () => {
    const lines = [line(ann, 'charge', 5000, 1), line(ann, 'credit', -5000, 2)];
    const c = collectionsOf(lines, [invoice('a', ann, 5000, day('2026-10-01'), 'overdue')], TODAY, NY);
    expect(c.delinquent).toEqual([]);
    expect(c.aging[2]).toMatchObject({ bucket: 'd31_60', count: 1, amountCents: 5000 });
    expect(c.outstandingCents).toBe(0);
  });

  it('answers zeros for an HOA without money yet', () => {
    const c = collectionsOf([], [], TODAY, NY);
    expect(c).toMatchObject({ collectedCents: 0, outstandingCents: 0, creditsCents: 0, delinquent: [] });
    expect(c.aging).toHaveLength(5);
  });
});

describe('accountant exports', () => {
  const lines = [
    line(ann, 'charge', 12000, at('2026-11-01T12:00:00Z'), { invoiceId: 'i1', description: 'Monthly dues, November' }),
    line(ann, 'payment', -12000, at('2026-11-02T02:30:00Z'), { invoiceId: 'i1', method: 'check', methodDetail: 'Check', receiptNumber: 42, reference: '=cmd|1234', description: 'Payment' }),
    line(cyd, 'payment', -5050, at('2026-11-10T15:00:00Z'), { method: 'card', methodDetail: 'Visa •••• 4242', receiptNumber: 43, reference: 'pi_123', description: 'Payment' }),
    line(cyd, 'refund', 1000, at('2026-11-11T15:00:00Z'), { reference: 're_1', description: 'Refund' }),
  ];
  const rows = (csv: string) => csv.trimEnd().split('\r\n');

  it('ledger lines: ISO days of the HOA, signed plain decimals, names quoted when they need it', () => {
    const csv = ledgerLinesCsv(lines, NY);
    expect(csv.endsWith('\r\n')).toBe(true);
    const r = rows(csv);
    expect(r[0]).toBe('Date,Resident,Email,Type,Description,Amount,Receipt,Method,Method detail,Reference,Invoice ID,Line ID');
    expect(r).toHaveLength(5);
    expect(r[1]).toBe(`2026-11-01,Ann Able,ann@example.test,Charge,"Monthly dues, November",120.00,,,,,i1,${lines[0].id}`);
    // 2:30 UTC on Nov 2 is Nov 1 in New York; a formula-like reference is defused.
    expect(r[2]).toBe(`2026-11-01,Ann Able,ann@example.test,Payment,Payment,-120.00,R-000042,Check,Check,'=cmd|1234,i1,${lines[1].id}`);
    expect(r[3]).toContain('"Cyd, ""Junior"" Cole"');
  });

  it('payments: money in positive, refunds negative, the range by HOA day; the sum is what was collected', () => {
    const r = rows(paymentsCsv(lines, NY, { from: day('2026-11-02'), to: day('2026-11-30') }));
    expect(r[0]).toBe('Date,Receipt,Resident,Email,Type,Amount,Method,Method detail,Reference,Invoice ID,Description,Line ID');
    expect(r.slice(1).map((x) => x.split(',')[0])).toEqual(['2026-11-10', '2026-11-11']);
    expect(r[1]).toContain(',R-000043,');
    expect(r[1]).toContain(',Payment,50.50,Card,Visa •••• 4242,pi_123,,');
    expect(r[2]).toContain(',Refund,-10.00,');
    const all = rows(paymentsCsv(lines, NY));
    const sum = all.slice(1).reduce((s, x) => s + Math.round(Number(x.match(/,(Payment|Refund),(-?\d+\.\d\d),/)![2]) * 100), 0);
    expect(sum).toBe(12000 + 5050 - 1000);
  });

  it('invoices: shown status, amount, fee and total, days past due for open ones, the paid day', () => {
    const invoices = [
      invoice('i2', ann, 12000, day('2026-11-15'), 'pending', { lateFeeCents: 2500, sentAt: day('2026-11-01') }),
      invoice('i1', bob, 12000, day('2026-11-15'), 'paid', { sentAt: day('2026-10-31'), paidAt: at('2026-11-02T02:30:00Z'), paymentMethod: 'online' }),
      invoice('i3', cyd, 100, day('2026-12-15'), 'pending', { sentAt: day('2026-12-01') }),
    ];
    const r = rows(invoicesCsv(invoices, NY, TODAY, { to: day('2026-11-30') }));
    expect(r[0]).toBe('Invoice ID,Issued,Due date,Resident,Email,Description,Status,Amount,Late fee,Total,Days past due,Paid date,Payment method');
    expect(r.slice(1)).toEqual([
      'i1,2026-10-31,2026-11-15,Bob Brook,bob@example.test,Monthly dues,Paid,120.00,0.00,120.00,,2026-11-01,Online payment',
      'i2,2026-11-01,2026-11-15,Ann Able,ann@example.test,Monthly dues,Overdue,120.00,25.00,145.00,10,,',
    ]);
  });

  it('names the file after the HOA, the kind and the days', () => {
    expect(exportFileName('invoices', 'Maple Grove HOA', TODAY)).toBe('maple-grove-hoa-invoices-2026-11-25.csv');
    expect(exportFileName('payments', 'Maple Grove HOA', TODAY, { from: day('2026-11-01') })).toBe('maple-grove-hoa-payments-2026-11-01-to-2026-11-25.csv');
  });
});

describe('CSV fields', () => {
  it('keeps a negative amount a number and still defuses formulas', () => {
    expect(csvField('-120.00')).toBe('-120.00');
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+15551234567')).toBe("'+15551234567");
  });
});
