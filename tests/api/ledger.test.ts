/**
 * The ledger over REST: a resident's statement (lines oldest first with the running balance, the
 * balance in words, a year with its opening balance), who may read whose (a resident their own, the
 * board any member of its HOA, another HOA's 404), the CSV export, a receipt; and the demo's year of
 * money history with its fines and hearings, which the invariant holds over.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearOf } from '../../schema/ledger';
import { autopayAttempts, autopayEnrollments, dues, hoas, invoices, ledgerLines, savedPaymentMethods, users, violationHearings, violationLetters, violations } from '../../schema/tables';
import { postLedgerLine } from '../../worker/domain/ledger';
import { ledgerInvariant } from '../../worker/domain/ledger/invariant';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { hoaIdOf, signedIn, type Person } from '../helpers/money';

let t: TestApp;
let maple: string;
let cedar: string;
const who: Record<string, Person> = {};

beforeAll(async () => {
  t = await createTestApp();
  maple = await hoaIdOf(t, 'Maple Grove HOA');
  cedar = await hoaIdOf(t, 'Cedar Park HOA');
  for (const [key, email] of Object.entries({ rita: DEMO.maple.resident, ray: DEMO.maple.resident2, ben: DEMO.maple.board, chris: DEMO.cedar.resident, cora: DEMO.cedar.board })) who[key] = await signedIn(t, email);
});
afterAll(() => t?.close());

type Line = { _id: string; kind: string; amount_cents: number; balance_cents: number; occurred_at: string; receipt: string | null; reason: string | null; method_detail: string | null };
const statement = (token: string, query = '') => call(t, 'GET', `/api/ledger${query}`, { token });

describe('the demo’s year of money history', () => {
  it('holds the invariant in both HOAs: the lines add up by kind and say what the invoices say is owed', async () => {
    for (const hoa of [maple, cedar]) {
      const { differences, hoa: sums } = await ledgerInvariant(t.deps.database.db, hoa);
      expect(differences).toEqual([]);
      expect(sums.byKind.charge).toBeGreaterThan(0);
      expect(sums.byKind.payment).toBeGreaterThan(0);
    }
  });

  it('has a year of monthly dues before the current periods: paid by card, bank, check and autopay, late fees, a waiver with its reason, a cancellation, one still overdue', async () => {
    const db = t.deps.database.db;
    for (const hoa of [maple, cedar]) {
      const [monthly] = await db.select().from(dues).where(and(eq(dues.hoaId, hoa), eq(dues.title, 'Monthly HOA Dues')));
      expect(monthly.lateFeeKind).not.toBe('none');
      const periods = await db.all<{ period: number }>(sql`SELECT DISTINCT period FROM invoices WHERE due_id = ${monthly.id} ORDER BY period`);
      expect(periods.length).toBe(monthly.periodsIssued);
      expect(periods.length).toBeGreaterThanOrEqual(13);
      const lines = await db.select().from(ledgerLines).where(eq(ledgerLines.hoaId, hoa));
      const kinds = new Set(lines.map((l) => l.kind));
      for (const k of ['charge', 'payment', 'late_fee', 'waiver']) expect(kinds).toContain(k);
      expect(new Set(lines.filter((l) => l.kind === 'payment').map((l) => l.method))).toEqual(new Set(['card', 'us_bank_account', 'check']));
      expect(lines.find((l) => l.kind === 'waiver')!.reason).toMatch(/courtesy/);
      // Receipts run 1, 2, 3… in payment order, and the HOA's counter is at the last.
      const paid = lines.filter((l) => l.kind === 'payment').sort((a, b) => a.occurredAt - b.occurredAt);
      expect(paid.map((l) => l.receiptNumber)).toEqual(paid.map((_, i) => i + 1));
      const [{ receiptSeq }] = await db.select({ receiptSeq: hoas.receiptSeq }).from(hoas).where(eq(hoas.id, hoa));
      expect(receiptSeq).toBe(paid.length);
      // Autopay on for a resident, with a saved card, and its charges on the statement: in Maple Grove,
      // whose payment account is set up (Cedar Park has none, so nothing could be charged there).
      const [enrolled] = await db.select().from(autopayEnrollments).where(eq(autopayEnrollments.hoaId, hoa));
      if (hoa === cedar) {
        expect(enrolled).toBeUndefined();
        continue;
      }
      const [method] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, enrolled.methodId));
      expect(enrolled.status).toBe('active');
      const autopaid = lines.filter((l) => l.sourceKey.startsWith('autopay:'));
      expect(autopaid.length).toBeGreaterThan(0);
      expect(autopaid.every((l) => l.methodDetail === `${method.label} •••• ${method.last4}` && l.userId === enrolled.userId)).toBe(true);
    }
    const [overdue] = await db.select().from(invoices).where(and(eq(invoices.hoaId, maple), eq(invoices.status, 'overdue'), sql`${invoices.lateFeeCents} > 0`));
    expect(overdue.lateFeeCents).toBe(2500);
    expect(await db.select().from(autopayAttempts).where(and(eq(autopayAttempts.hoaId, maple), eq(autopayAttempts.status, 'failed')))).toHaveLength(1);
    expect(await db.select().from(invoices).where(and(eq(invoices.hoaId, maple), eq(invoices.status, 'canceled'), eq(invoices.title, 'Monthly HOA Dues')))).toHaveLength(1);
  });

  it('has fines: a saved schedule in each HOA, cases at every stage, fines on the statement with their letters, a hearing pending and one decided with its credit', async () => {
    const db = t.deps.database.db;
    for (const [hoa, board, category, fineCents] of [[maple, who.ben.token, 'Lawn Maintenance', 7_500], [cedar, who.cora.token, 'Parking', 10_000]] as const) {
      const schedules = (await call(t, 'GET', '/api/violations/fine-schedules', { token: board })).json as { category: string; fine_cents: number; is_default: boolean }[];
      expect(schedules.find((s) => s.category === category)).toMatchObject({ fine_cents: fineCents, is_default: false });
      const cases = await db.select().from(violations).where(eq(violations.hoaId, hoa));
      for (const stage of ['courtesy', 'warning', 'fined']) expect(cases.some((c) => c.stage === stage)).toBe(true);
      // Every fine is a line of kind fine under the cause the domain writes, with its fine letter naming it.
      const letters = await db.select().from(violationLetters).where(eq(violationLetters.hoaId, hoa));
      const fines = await db.select().from(ledgerLines).where(and(eq(ledgerLines.hoaId, hoa), eq(ledgerLines.kind, 'fine')));
      expect(fines.length).toBeGreaterThanOrEqual(3);
      for (const f of fines) {
        const letter = letters.find((l) => l.ledgerLineId === f.id)!;
        const n = letters.filter((l) => l.violationId === f.violationId && l.stage === 'fined' && l.sentAt <= letter.sentAt).length;
        expect(f.sourceKey).toBe(`fine:${f.violationId}:${n}`);
        expect(letter).toMatchObject({ stage: 'fined', fineCents: f.amountCents, sentAt: f.occurredAt });
      }
      // A case's fined_cents is what its lines say: fines less the hearing's credit.
      for (const c of cases) {
        const lines = await db.select().from(ledgerLines).where(eq(ledgerLines.violationId, c.id));
        expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(c.finedCents);
      }
      const hearings = await db.select().from(violationHearings).where(eq(violationHearings.hoaId, hoa));
      expect(hearings.some((h) => h.decision === null)).toBe(true);
      const reduced = hearings.find((h) => h.decision === 'reduced')!;
      const [credit] = await db.select().from(ledgerLines).where(and(eq(ledgerLines.hoaId, hoa), eq(ledgerLines.sourceKey, `fine-credit:${reduced.violationId}:${reduced.id}`)));
      expect(credit).toMatchObject({ kind: 'credit', reason: reduced.reason });
      // Nothing is due to the repeating fine's job yet: the demo does not change when the server starts.
      expect(cases.every((c) => c.nextFineAt === null || c.nextFineAt > t.clock())).toBe(true);
      expect((await ledgerInvariant(db, hoa)).differences).toEqual([]);
    }
    // The fined resident reads the fines on their statement.
    const hannah = await login(t, 'hannah.wright@maplegrove.test');
    const lines: Line[] = (await statement(hannah.token)).json.lines;
    expect(lines.filter((l) => l.kind === 'fine').map((l) => l.amount_cents)).toEqual([7_500, 7_500]);
  });
});

describe('a resident’s statement', () => {
  it('lists the lines oldest first with the running balance, and says the balance in words', async () => {
    const r = await statement(who.rita.token);
    expect(r.status).toBe(200);
    const lines: Line[] = r.json.lines;
    expect(lines.length).toBeGreaterThan(12);
    let running = 0;
    for (const l of lines) {
      running += l.amount_cents;
      expect(l.balance_cents).toBe(running);
    }
    expect(lines.map((l) => l.occurred_at)).toEqual([...lines.map((l) => l.occurred_at)].sort());
    expect(r.json).toMatchObject({ resident: { _id: who.rita.id, name: 'Rita Resident' }, year: null, opening_balance_cents: 0, balance_cents: running, closing_balance_cents: running });
    expect(running).toBeGreaterThan(0);
    expect(r.json.balance_text).toBe(`You owe $${(running / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  it('for one year carries the years before in as the opening balance', async () => {
    const all = (await statement(who.rita.token)).json;
    expect(all.years.length).toBeGreaterThanOrEqual(2);
    const [latest, earlier] = all.years as number[];
    const before = (all.lines as Line[]).filter((l) => yearOf(Date.parse(l.occurred_at)) < latest);
    const opening = before.reduce((s, l) => s + l.amount_cents, 0);
    const r = await statement(who.rita.token, `?year=${latest}`);
    expect(r.json).toMatchObject({ year: latest, opening_balance_cents: opening, balance_cents: all.balance_cents, closing_balance_cents: all.balance_cents });
    expect((r.json.lines as Line[]).every((l) => yearOf(Date.parse(l.occurred_at)) === latest)).toBe(true);
    expect(r.json.lines[0].balance_cents).toBe(opening + r.json.lines[0].amount_cents);
    const first = await statement(who.rita.token, `?year=${earlier}`);
    expect(first.json.opening_balance_cents).toBe(0);
    expect(first.json.closing_balance_cents).toBe(opening);
    // A year with no lines: the balance carried in, nothing else.
    expect((await statement(who.rita.token, '?year=2001')).json).toMatchObject({ lines: [], opening_balance_cents: 0, closing_balance_cents: 0 });
    const bad = await statement(who.rita.token, '?year=soon');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'year', msg: 'Year must be a year such as 2026' }]);
  });

  it('says "paid up" at zero and "a credit" below it, never a bare negative number', async () => {
    const chris = (await statement(who.chris.token)).json;
    // The board records every open invoice of Chris paid by check: paid up.
    const open = await t.deps.database.db.select().from(invoices).where(and(eq(invoices.recipientId, who.chris.id), sql`${invoices.status} IN ('pending', 'overdue')`));
    for (const inv of open) expect((await call(t, 'PUT', `/api/invoices/${inv.id}/status`, { token: who.cora.token, body: { status: 'paid', payment_method: 'check' } })).status).toBe(200);
    expect(chris.balance_cents).toBeGreaterThan(0);
    expect((await statement(who.chris.token)).json).toMatchObject({ balance_cents: 0, balance_text: 'You are paid up' });
    expect((await statement(who.cora.token, `?user_id=${who.chris.id}`)).json.balance_text).toBe('Chris Resident is paid up');
    // A goodwill credit through the one writer: a credit, in words.
    await t.write((tx) => postLedgerLine(t.deps, tx, { hoaId: cedar, userId: who.chris.id, kind: 'credit', amountCents: -1250, description: 'Goodwill credit', reason: 'Gate broke twice', sourceKey: 'credit:test-goodwill', occurredAt: t.clock() }));
    expect((await statement(who.chris.token)).json).toMatchObject({ balance_cents: -1250, balance_text: 'You have a credit of $12.50' });
    expect((await statement(who.cora.token, `?user_id=${who.chris.id}`)).json.balance_text).toBe('Chris Resident has a credit of $12.50');
    expect((await ledgerInvariant(t.deps.database.db, cedar)).differences).toEqual([]);
  });
});

describe('who may read whose statement', () => {
  it('a resident reads their own only: another resident’s answers 404', async () => {
    expect((await statement(who.rita.token, `?user_id=${who.rita.id}`)).status).toBe(200);
    const r = await statement(who.rita.token, `?user_id=${who.ray.id}`);
    expect(r.status).toBe(404);
    expect(r.json.message ?? r.json.error).toBe('Resident not found.');
    expect((await call(t, 'GET', `/api/ledger/statement.csv?user_id=${who.ray.id}`, { token: who.rita.token })).status).toBe(404);
    const [rayLine] = await t.deps.database.db.select().from(ledgerLines).where(eq(ledgerLines.userId, who.ray.id)).limit(1);
    expect((await call(t, 'GET', `/api/ledger/lines/${rayLine.id}`, { token: who.rita.token })).status).toBe(404);
  });

  it('the board reads any member’s of its HOA; another HOA’s member or line answers 404', async () => {
    const ray = await statement(who.ben.token, `?user_id=${who.ray.id}`);
    expect(ray.status).toBe(200);
    expect(ray.json.resident).toMatchObject({ _id: who.ray.id, name: 'Ray Resident' });
    expect(ray.json.balance_text).toMatch(/^Ray Resident owes \$/);
    expect((await statement(who.ben.token, `?user_id=${who.chris.id}`)).status).toBe(404);
    expect((await statement(who.cora.token, `?user_id=${who.rita.id}`)).status).toBe(404);
    const [ritaLine] = await t.deps.database.db.select().from(ledgerLines).where(eq(ledgerLines.userId, who.rita.id)).limit(1);
    expect((await call(t, 'GET', `/api/ledger/lines/${ritaLine.id}`, { token: who.cora.token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/ledger/lines/${ritaLine.id}`, { token: who.ben.token })).status).toBe(200);
  });
});

describe('the statement as CSV', () => {
  it('has the header, one row per line with the running balance, quotes commas and quotes, defuses formulas', async () => {
    // A charge whose words need quoting: issued by the board like any due.
    const due = await call(t, 'POST', '/api/dues', {
      token: who.ben.token,
      body: { title: '=Pool, "deluxe" fee', frequency: 'one_time', recipients: [who.rita.id], send_date: new Date(t.clock()).toISOString().slice(0, 10), amount: 12.34, reason: 'other', due_date_offset: 7 },
    });
    expect(due.status).toBe(201);
    const res = await t.app.request('http://localhost:8787/api/ledger/statement.csv', { headers: { Authorization: `Bearer ${who.rita.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-rita-resident.csv"');
    const csv = await res.text();
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('Date,Type,Description,Receipt,Method,Amount,Balance');
    expect(rows.at(-1)).toBe('');
    const lines: Line[] = (await statement(who.rita.token)).json.lines;
    expect(rows.length).toBe(lines.length + 2);
    expect(csv).toContain(`,Charge,"'=Pool, ""deluxe"" fee",,,12.34,${(lines.at(-1)!.balance_cents / 100).toFixed(2)}\r\n`);
    // A year's CSV opens with the balance carried in (Ray's December is still unpaid).
    const ray = (await statement(who.ben.token, `?user_id=${who.ray.id}`)).json;
    const year = ray.years[0];
    const opening = (await statement(who.ben.token, `?user_id=${who.ray.id}&year=${year}`)).json.opening_balance_cents;
    expect(opening).toBeGreaterThan(0);
    const yearly = await t.app.request(`http://localhost:8787/api/ledger/statement.csv?user_id=${who.ray.id}&year=${year}`, { headers: { Authorization: `Bearer ${who.ben.token}` } });
    expect((await yearly.text()).split('\r\n')[1]).toBe(`,Opening balance,,,,,${(opening / 100).toFixed(2)}`);
    expect(yearly.headers.get('content-disposition')).toBe(`attachment; filename="statement-ray-resident-${year}.csv"`);
  });
});

describe('a receipt', () => {
  it('is a payment line with its number and the way it was paid', async () => {
    const lines: Line[] = (await statement(who.ben.token)).json.lines;
    const autopaid = lines.filter((l) => l.kind === 'payment' && l.method_detail === 'Visa •••• 4242');
    expect(autopaid.length).toBeGreaterThan(0);
    const one = await call(t, 'GET', `/api/ledger/lines/${autopaid[0]._id}`, { token: who.ben.token });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ _id: autopaid[0]._id, kind: 'payment', amount_cents: autopaid[0].amount_cents, method: 'card', method_detail: 'Visa •••• 4242', receipt: expect.stringMatching(/^R-\d{6}$/) });
    expect(one.json.receipt).toBe(autopaid[0].receipt);
    const [user] = await t.deps.database.db.select({ name: users.name }).from(users).where(eq(users.id, who.ben.id));
    expect(user.name).toBe('Ben Board');
    expect((await call(t, 'GET', '/api/ledger/lines/nope', { token: who.ben.token })).status).toBe(404);
  });
});
