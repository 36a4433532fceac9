/**
 * One month of dues for 20 residents of Maple Grove: who pays how, the figures worked out by hand, and
 * what residents do through the API and the local provider's pages. The API story (in-process app,
 * its clock moved) and the Chromium story (a running server, its rows' dates moved) share it.
 *
 * A $150.00 monthly due (due 10 days after it is sent, a $25.00 late fee after 3 grace days) is issued
 * to the 20. Residents 1–5 pay by autopay card; 6–8 by autopay bank account, of which 8's account has
 * no money behind it: the debit fails, 8 is mailed why and pays by hand with a card. 9–12 pay through
 * Checkout by card, 13–16 by bank account (Processing until the bank answers). 17 and 18 hand the board
 * a check. 19 and 20 do not pay: each gets the late fee; 19 asks for a waiver from the fee's line and
 * the board grants it.
 *
 * By hand: 18 payments of $150.00 (18 receipts, numbered in a row); 19 owes $150.00, 20 owes $175.00;
 * everyone else is paid up. Ledger lines of the 20: 20 charges, 18 payments, 2 fees, 1 waiver.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { isoDay, dayOf } from '../../schema/money';
import { emailOutbox, invoices, ledgerLines, users } from '../../schema/tables';
import type { Db } from '../../worker/db';
import { TEST_BANK as CHECKOUT_BANK } from '../../worker/services/payments/bank-accounts';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import { TEST_BANK } from '../../worker/services/payments/local-autopay';
import { hashPassword } from '../../worker/services/passwords';
import { newId } from '../../worker/services/tokens';
import type { TestApp } from './app';
import { call, DEMO_PASSWORD, login } from './http';
import { providerPage } from './money';

export { DAY } from './money';

/** The due and what the month holds, with the figures worked out by hand. */
export const MONTH = {
  title: 'November Dues',
  dueCents: 15_000,
  feeCents: 2_500,
  dueInDays: 10,
  graceDays: 3,
  autopayCard: [1, 2, 3, 4, 5],
  autopayBank: [6, 7],
  autopayBankFails: 8,
  checkoutCard: [9, 10, 11, 12],
  checkoutBank: [13, 14, 15, 16],
  check: [17, 18],
  unpaid: [19, 20],
  waived: 19,
  /** The lines of the 20 by kind, and the payments by method. */
  lines: { charge: 20, payment: 18, late_fee: 2, waiver: 1 },
  paidByCard: [1, 2, 3, 4, 5, 8, 9, 10, 11, 12],
  paidByBank: [6, 7, 13, 14, 15, 16],
} as const;

/** What each resident owes at the month's end, in cents, by hand. */
export const owedAtMonthEnd = (n: number) => (n === 19 ? MONTH.dueCents : n === 20 ? MONTH.dueCents + MONTH.feeCents : 0);

export interface Resident {
  n: number;
  id: string;
  name: string;
  email: string;
  token: string;
}

export const residentName = (n: number) => `Month Resident ${String(n).padStart(2, '0')}`;

/** The 20 residents, active with the demo password, each signed in. */
export async function addMonthResidents(t: TestApp, hoaId: string, now: number, insert: (rows: (typeof users.$inferInsert)[]) => Promise<unknown>): Promise<Resident[]> {
  const hash = await hashPassword(DEMO_PASSWORD, 1_000);
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: newId(),
    hoaId,
    name: residentName(i + 1),
    email: `month${i + 1}@maplegrove.test`,
    role: 'resident' as const,
    status: 'active' as const,
    passwordHash: hash,
    createdAt: now,
    updatedAt: now,
  }));
  await insert(rows);
  const people: Resident[] = [];
  for (const [i, r] of rows.entries()) people.push({ n: i + 1, id: r.id, name: r.name, email: r.email, token: (await login(t, r.email)).token });
  return people;
}

const card = { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' };

/**
 * What the residents and the board do through the API and the local provider's pages. `t` is the
 * in-process app or a running server (appOverHttp); `settle` waits until the provider's events are
 * delivered and the work after each response is done.
 */
export function monthActions(t: TestApp, db: Db, settle: () => Promise<void>) {
  const postPage = (url: string, form: Record<string, string>) => providerPage(t, url, form);
  const invoiceOf = async (p: Resident) => (await db.select().from(invoices).where(and(eq(invoices.recipientId, p.id), eq(invoices.title, MONTH.title))))[0];

  return {
    invoiceOf,
    /** A saved method and autopay on the due date, as the resident does it on /autopay and the setup page. */
    async autopayWith(p: Resident, kind: 'card' | 'us_bank_account', account?: string) {
      const setup = await call(t, 'POST', '/api/autopay/methods/setup', { token: p.token, body: { kind } });
      expect(setup.status).toBe(200);
      const form = kind === 'card' ? card : { holder: p.email, routing: TEST_BANK.routing, account: account! };
      const back = await postPage(setup.json.url, form);
      expect(back.status).toBe(303);
      const read = await call(t, 'GET', `/api/autopay?setup=${new URL(back.location!).searchParams.get('setup')}`, { token: p.token });
      await settle();
      const [method] = read.json.methods;
      expect((await call(t, 'PUT', '/api/autopay', { token: p.token, body: { method_id: method._id, timing: 'due_date', status: 'active' } })).status).toBe(200);
    },
    /** Pays the resident's invoice through Checkout, by card or bank account. */
    async checkout(p: Resident, how: 'card' | 'bank') {
      const inv = await invoiceOf(p);
      const pay = await call(t, 'POST', `/api/invoices/${inv.id}/pay`, { token: p.token });
      expect(pay.status).toBe(200);
      const url = new URL(pay.json.checkout_url);
      const r = how === 'card' ? await postPage(url.pathname, card) : await postPage(`${url.pathname}/bank`, { holder: p.email, routing: CHECKOUT_BANK.routing, account: CHECKOUT_BANK.succeeds });
      expect(r.status).toBe(303);
      await settle();
    },
    /** The board's due for the 20: $150.00 monthly, due in 10 days, $25.00 late after 3 grace days. */
    async issueDue(board: string, people: Resident[], now: number) {
      const due = await call(t, 'POST', '/api/dues', { token: board, body: { ...dueForm(now), recipients: people.map((p) => p.id) } });
      expect(due.status).toBe(201);
    },
    async markPaidByCheck(board: string, p: Resident) {
      expect((await call(t, 'PUT', `/api/invoices/${(await invoiceOf(p)).id}/status`, { token: board, body: { status: 'paid', payment_method: 'check' } })).status).toBe(200);
    },
    async askWaiverOfFee(p: Resident, message: string) {
      const [fee] = await db.select().from(ledgerLines).where(and(eq(ledgerLines.userId, p.id), eq(ledgerLines.kind, 'late_fee')));
      const asked = await call(t, 'POST', '/api/ledger-questions', { token: p.token, body: { line_id: fee.id, kind: 'waiver', message } });
      expect(asked.status).toBe(201);
      return asked.json._id as string;
    },
    statement: async (board: string, p: Resident) => (await call(t, 'GET', `/api/ledger?user_id=${p.id}`, { token: board })).json,
    mailsTo: (p: Resident, template: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.toEmail, p.email), eq(emailOutbox.template, template))),
    /** The month's ledger lines of the 20, checked by kind and by payment method against the figures by hand. */
    async expectLinesByHand(people: Resident[], receiptsBefore: number) {
      const lines = await db.select().from(ledgerLines).where(inArray(ledgerLines.userId, people.map((p) => p.id)));
      const count = (kind: string) => lines.filter((l) => l.kind === kind).length;
      expect({ charge: count('charge'), payment: count('payment'), late_fee: count('late_fee'), waiver: count('waiver') }).toEqual(MONTH.lines);
      expect(lines.length).toBe(Object.values(MONTH.lines).reduce((a, b) => a + b, 0));
      const payments = lines.filter((l) => l.kind === 'payment');
      const methodOf = (n: number) => payments.find((l) => l.userId === people[n - 1].id)!;
      for (const n of MONTH.paidByCard) expect(methodOf(n)).toMatchObject({ method: 'card', methodDetail: 'Visa •••• 4242', amountCents: -MONTH.dueCents });
      for (const n of MONTH.paidByBank) expect(methodOf(n)).toMatchObject({ method: 'us_bank_account', methodDetail: 'STRIPE TEST BANK •••• 6789', amountCents: -MONTH.dueCents });
      for (const n of MONTH.check) expect(methodOf(n)).toMatchObject({ method: 'check', amountCents: -MONTH.dueCents });
      const numbers = payments.map((l) => l.receiptNumber!).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(MONTH.lines.payment);
      expect(numbers[0]).toBeGreaterThan(receiptsBefore);
      return payments;
    },
  };
}

/** The Create Due form's fields for the month's due, sent today. */
export const dueForm = (now: number) => ({
  title: MONTH.title,
  frequency: 'monthly',
  send_date: isoDay(dayOf(now)),
  amount: MONTH.dueCents / 100,
  reason: 'dues',
  due_date_offset: MONTH.dueInDays,
  late_fee_type: 'fixed',
  late_fee_amount: MONTH.feeCents / 100,
  grace_days: MONTH.graceDays,
});

/** Picks residents by number. */
export const pick = (people: Resident[], ...ns: readonly number[]) => people.filter((p) => ns.includes(p.n));
export const one = (people: Resident[], n: number) => people[n - 1];
