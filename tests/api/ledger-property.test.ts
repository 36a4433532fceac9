/**
 * The ledger's invariant under random sequences of real events: dues issued (at once and by the
 * issuing job as days pass), invoices marked paid by check, the mark undone, canceled and reinstated,
 * paid through the local Checkout (a declined card too), a webhook replayed as Stripe re-sends it, the
 * overdue and late fee jobs run twice, a late fee waived, a payment made online refunded by the board. After every step, for each resident and the HOA, the balance is the kinds'
 * sum and what the invoices say is owed, every invoice has one charge and no cause is posted twice.
 *
 * A step is one entry of STEPS: a new money event is one more entry.
 * A failure prints the seed and the steps taken; LEDGER_SEED=<n> replays one sequence.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hoas, invoiceCheckouts, invoices, ledgerLines } from '../../schema/tables';
import { dayOf, isoDay } from '../../schema/money';
import { issueDueInvoices } from '../../worker/domain/dues';
import { addLateFees, markOverdueInvoices } from '../../worker/domain/invoices';
import { ledgerInvariant } from '../../worker/domain/ledger/invariant';
import { receiveWebhook } from '../../worker/domain/payments/webhooks';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { signWebhookPayload } from '../../worker/services/payments/stripe';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, socketEnv } from '../helpers/http';
import { seededRandom } from '../helpers/random';
import { TEST_WEBHOOK_SECRET } from '../helpers/services';

type Rnd = ReturnType<typeof seededRandom>;

interface World {
  t: TestApp;
  local: LocalPayments;
  hoaId: string;
  people: Record<'board' | 'rita' | 'ray', { id: string; email: string; token: string }>;
  /** Webhook deliveries seen, to replay. */
  delivered: string[];
  signIn(): Promise<void>;
}

type Invoice = typeof invoices.$inferSelect;
const openOf = (w: World, who?: string) =>
  w.t.deps.database.db.select().from(invoices).where(and(eq(invoices.hoaId, w.hoaId), inArray(invoices.status, ['pending', 'overdue']), who ? eq(invoices.recipientId, who) : undefined));
const withStatus = (w: World, status: Invoice['status']) => w.t.deps.database.db.select().from(invoices).where(and(eq(invoices.hoaId, w.hoaId), eq(invoices.status, status)));
const setStatus = (w: World, id: string, body: Record<string, string>) => call(w.t, 'PUT', `/api/invoices/${id}/status`, { token: w.people.board.token, body });
const lineCount = async (w: World) => (await w.t.deps.database.db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM ledger_lines WHERE hoa_id = ${w.hoaId}`))[0].n;

async function checkoutPage(w: World, url: string, number: string) {
  const res = await w.t.app.request(`http://localhost:8787${new URL(url).pathname}`, { method: 'POST', body: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123' }) }, socketEnv());
  await res.text();
  await w.local.flush();
  await w.t.drainBackground();
  return res.status;
}

/** A resident's open invoice and its Checkout page, or null when they owe nothing. */
async function openCheckout(w: World, r: Rnd): Promise<{ inv: Invoice; url: string } | null> {
  const who = r.pick([w.people.rita, w.people.ray]);
  const inv = r.maybe(await openOf(w, who.id));
  if (!inv) return null;
  const pay = await call(w.t, 'POST', `/api/invoices/${inv.id}/pay`, { token: who.token });
  expect(pay.status).toBe(200);
  return { inv, url: pay.json.checkout_url };
}

/** One kind of event: `run` does it through the app and says what it did (or null when nothing applies now). */
interface Step {
  name: string;
  run(w: World, r: Rnd): Promise<string | null>;
}

const STEPS: Step[] = [
  {
    name: 'issue a due',
    async run(w, r) {
      const recipients = r.next() < 0.5 ? [w.people.rita.id, w.people.ray.id] : [r.pick([w.people.rita.id, w.people.ray.id])];
      const frequency = r.pick(['one_time', 'monthly'] as const);
      const cents = 1 + r.int(60_000);
      // Half carry a late fee: a fixed amount or a percent, with grace days.
      const fee = r.pick([{ late_fee_type: 'none' }, { late_fee_type: 'fixed', late_fee_amount: (1 + r.int(5000)) / 100 }, { late_fee_type: 'percent', late_fee_amount: 1 + r.int(20) }]);
      const body = { title: `Dues ${cents}`, frequency, recipients, send_date: isoDay(dayOf(w.t.clock())), amount: cents / 100, reason: 'dues', due_date_offset: 1 + r.int(20), ...fee, grace_days: r.int(10) };
      const res = await call(w.t, 'POST', '/api/dues', { token: w.people.board.token, body });
      expect(res.status).toBe(201);
      return `${frequency} ${cents}¢ to ${recipients.length}, late fee ${fee.late_fee_type}`;
    },
  },
  {
    name: 'days pass, the issuing job runs',
    async run(w, r) {
      w.t.clock.advance((1 + r.int(35)) * 86_400_000);
      await w.signIn();
      const n = await issueDueInvoices(w.t.deps);
      return `${n} issued`;
    },
  },
  {
    name: 'the board marks paid by check',
    async run(w, r) {
      const inv = r.maybe(await openOf(w));
      if (!inv) return null;
      const res = await setStatus(w, inv.id, { status: 'paid', payment_method: r.pick(['check', 'cash', 'transfer']) });
      expect(res.status).toBe(200);
      return inv.id;
    },
  },
  {
    name: 'the board undoes its paid mark',
    async run(w, r) {
      const inv = r.maybe((await withStatus(w, 'paid')).filter((i) => i.paymentMethod !== 'online'));
      if (!inv) return null;
      const res = await setStatus(w, inv.id, { status: 'pending' });
      expect(res.status).toBe(200);
      return inv.id;
    },
  },
  {
    name: 'the board cancels',
    async run(w, r) {
      const inv = r.maybe([...(await openOf(w)), ...(await withStatus(w, 'paid')).filter((i) => i.paymentMethod !== 'online')]);
      if (!inv) return null;
      expect((await setStatus(w, inv.id, { status: 'canceled' })).status).toBe(200);
      return inv.id;
    },
  },
  {
    name: 'the board reinstates a canceled invoice',
    async run(w, r) {
      const inv = r.maybe(await withStatus(w, 'canceled'));
      if (!inv) return null;
      expect((await setStatus(w, inv.id, { status: 'pending' })).status).toBe(200);
      return inv.id;
    },
  },
  {
    name: 'a resident pays through the local Checkout',
    async run(w, r) {
      const open = await openCheckout(w, r);
      if (!open) return null;
      const { inv, url } = open;
      const declined = r.next() < 0.25;
      const status = await checkoutPage(w, url, declined ? TEST_CARDS.declined : TEST_CARDS.success);
      expect(status).toBe(declined ? 402 : 303);
      const [after] = await w.t.deps.database.db.select().from(invoices).where(eq(invoices.id, inv.id));
      expect(after.status).toBe(declined ? inv.status : 'paid');
      return `${inv.id}${declined ? ' declined' : ''}`;
    },
  },
  {
    name: 'the board marks paid while the resident’s Checkout is open, then the card goes through',
    async run(w, r) {
      const open = await openCheckout(w, r);
      if (!open) return null;
      const { inv, url } = open;
      expect((await setStatus(w, inv.id, { status: r.pick(['paid', 'canceled']), payment_method: 'check' })).status).toBe(200);
      // The page refuses the card (the session expired) or takes it and the payment is refunded: never a second line.
      await checkoutPage(w, url, TEST_CARDS.success);
      return inv.id;
    },
  },
  {
    name: 'Stripe re-sends a webhook',
    async run(w, r) {
      const body = r.maybe(w.delivered);
      if (!body) return null;
      const before = await lineCount(w);
      const created = Math.floor(w.t.clock() / 1000);
      const res = await call(w.t, 'POST', '/api/webhooks/stripe', { body, headers: { 'stripe-signature': await signWebhookPayload(body, TEST_WEBHOOK_SECRET, created) } });
      expect(res.status).toBe(200);
      expect(await lineCount(w)).toBe(before);
      return JSON.parse(body).type;
    },
  },
  {
    name: 'the late fee job runs twice',
    async run(w) {
      const first = await addLateFees(w.t.deps);
      const before = await lineCount(w);
      expect(await addLateFees(w.t.deps)).toBe(0);
      expect(await lineCount(w)).toBe(before);
      return `${first} fees`;
    },
  },
  {
    name: 'the board waives a late fee',
    async run(w, r) {
      const inv = r.maybe((await openOf(w)).filter((i) => i.lateFeeCents > 0));
      if (!inv) return null;
      const res = await call(w.t, 'POST', `/api/invoices/${inv.id}/waive-late-fee`, { token: w.people.board.token, body: { reason: 'First time late' } });
      expect(res.status).toBe(200);
      return inv.id;
    },
  },
  {
    name: 'the board refunds a payment made through Checkout, and clicks twice',
    async run(w, r) {
      const settled = await w.t.deps.database.db.select({ id: invoiceCheckouts.invoiceId }).from(invoiceCheckouts).where(and(eq(invoiceCheckouts.hoaId, w.hoaId), eq(invoiceCheckouts.status, 'paid')));
      const paidOnline = new Set(settled.map((c) => c.id));
      const inv = r.maybe((await withStatus(w, 'paid')).filter((i) => i.paymentMethod === 'online' && paidOnline.has(i.id)));
      if (!inv) return null;
      const refund = () => call(w.t, 'POST', `/api/invoices/${inv.id}/refund`, { token: w.people.board.token, body: { reason: 'Refunded in the property test' } });
      expect((await refund()).status).toBe(200);
      const before = await lineCount(w);
      expect((await refund()).status).toBe(200);
      expect(await lineCount(w)).toBe(before);
      return inv.id;
    },
  },
  {
    name: 'the overdue job runs twice',
    async run(w) {
      const first = await markOverdueInvoices(w.t.deps);
      const before = await lineCount(w);
      expect(await markOverdueInvoices(w.t.deps)).toBe(0);
      expect(await lineCount(w)).toBe(before);
      return `${first} overdue`;
    },
  },
];

async function world(): Promise<World> {
  const t = await createTestApp();
  const local = t.deps.payments as LocalPayments;
  const delivered: string[] = [];
  local.connect((body, signature) => {
    delivered.push(body);
    return receiveWebhook(t.deps, body, signature);
  });
  const [{ id: hoaId }] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const emails = { board: DEMO.maple.board, rita: DEMO.maple.resident, ray: DEMO.maple.resident2 };
  const w: World = {
    t,
    local,
    hoaId,
    delivered,
    people: {} as World['people'],
    // Sessions live 15 minutes: after the clock moves, everyone signs in again.
    async signIn() {
      for (const [key, email] of Object.entries(emails)) {
        const s = await login(t, email);
        w.people[key as keyof typeof emails] = { id: s.user._id ?? s.user.id, email, token: s.token };
      }
    },
  };
  await w.signIn();
  return w;
}

/** The invariant, every invoice charged once, and no cause twice. */
async function holds(w: World) {
  const { differences } = await ledgerInvariant(w.t.deps.database.db, w.hoaId);
  expect(differences).toEqual([]);
  const charges = await w.t.deps.database.db.all<{ id: string; n: number }>(
    sql`SELECT i.id, (SELECT COUNT(*) FROM ${ledgerLines} l WHERE l.invoice_id = i.id AND l.kind = 'charge') AS n FROM ${invoices} i WHERE i.hoa_id = ${w.hoaId}`,
  );
  expect(charges.filter((c) => c.n !== 1)).toEqual([]);
}

const SEEDS = process.env.LEDGER_SEED ? [Number(process.env.LEDGER_SEED)] : [1, 2];
const STEPS_PER_SEQUENCE = 35;

describe('the ledger invariant under random sequences of events', () => {
  let w: World | undefined;
  afterEach(async () => {
    await w?.local.flush();
    await w?.t.close();
    w = undefined;
  });

  it.each(SEEDS)('holds after every step (seed %i)', async (seed) => {
    w = await world();
    const r = seededRandom(seed);
    const trace: string[] = [];
    await holds(w);
    for (let i = 0; i < STEPS_PER_SEQUENCE; i++) {
      const step = r.pick(STEPS);
      try {
        const did = await step.run(w, r);
        trace.push(`${step.name}: ${did ?? 'nothing to do'}`);
        if (process.env.LEDGER_TRACE) console.log(`${seed}.${i + 1} ${trace.at(-1)}`);
        await holds(w);
      } catch (e) {
        trace.push(`${step.name}: FAILED`);
        throw new Error(`seed ${seed}, step ${i + 1}:\n  ${trace.join('\n  ')}\n${(e as Error).message}`, { cause: e });
      }
    }
  }, 30_000);
});
