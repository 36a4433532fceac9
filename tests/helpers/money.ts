/**
 * Money fixtures for the API tests: people signed in, the local payment provider settled, and a Maple
 * Grove world (the board and Rita signed in) where the board issues dues to Rita and days pass.
 */
import { eq } from 'drizzle-orm';
import { dayOf, isoDay } from '../../schema/money';
import { hoas, invoices, ledgerLines } from '../../schema/tables';
import { addLateFees } from '../../worker/domain/invoices';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from './app';
import { call, DEMO, login, socketEnv } from './http';

export const DAY = 86_400_000;

/** A signed-in user: their id and access token. */
export type Person = { id: string; token: string };

export async function signedIn(t: TestApp, email: string): Promise<Person> {
  const s = await login(t, email);
  return { id: s.user._id ?? s.user.id, token: s.token };
}

export async function hoaIdOf(t: TestApp, name: 'Maple Grove HOA' | 'Cedar Park HOA'): Promise<string> {
  const [row] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, name));
  return row.id;
}

/** Waits for the work left after responses and the local provider's events (and the work those leave). */
export async function settle(t: TestApp) {
  const local = t.deps.payments as LocalPayments;
  await t.drainBackground();
  await local.flush();
  await t.drainBackground();
  await local.flush();
}

/** A page of the local provider (Checkout, setup), from this machine: GET, or POST of `form`. `url` may be a path. */
export async function providerPage(t: TestApp, url: string, form?: Record<string, string>) {
  const path = new URL(url, 'http://localhost:8787').pathname;
  const res = await t.app.request(`http://localhost:8787${path}`, form ? { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' } : { redirect: 'manual' }, socketEnv());
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** A late fee rule of a due: `{ fixed: 25 }` dollars or `{ percent: 1.5 }` of the amount. */
export type LateFee = { fixed: number } | { percent: number };

/** The body of POST /api/dues with a late fee rule in the API's names. */
function lateFeeFields(lateFee?: LateFee, graceDays?: number) {
  const fields: Record<string, unknown> = {};
  if (lateFee) Object.assign(fields, 'fixed' in lateFee ? { late_fee_type: 'fixed', late_fee_amount: lateFee.fixed } : { late_fee_type: 'percent', late_fee_amount: lateFee.percent });
  if (graceDays !== undefined) fields.grace_days = graceDays;
  return fields;
}

/**
 * A test app with the Maple board and Rita (resident) signed in. `passDays` moves the clock and signs
 * both in again (the sessions of before have expired by then), so read `board` and `rita` after it.
 */
export async function mapleWorld() {
  const t = await createTestApp();
  const world = {
    t,
    board: '',
    rita: { id: '', token: '' } as Person,
    async signIn() {
      world.board = (await login(t, DEMO.maple.board)).token;
      world.rita = await signedIn(t, DEMO.maple.resident);
    },
    async passDays(n: number) {
      t.clock.advance(n * DAY);
      await world.signIn();
    },
    settle: () => settle(t),
    async close() {
      await settle(t);
      await t.close();
    },
    /** POST /api/dues as the board: a one-time $100.50 due to Rita, sent today, due in 7 days; `over` replaces fields. */
    postDue(over: Record<string, unknown> = {}) {
      const body = { title: 'Spring assessment', frequency: 'one_time', recipients: [world.rita.id], send_date: isoDay(dayOf(t.clock())), amount: 100.5, due_date_offset: 7, ...over };
      return call(t, 'POST', '/api/dues', { token: world.board, body });
    },
    /** The invoice a one-time due issued to Rita. */
    async invoiceOf(dueId: string) {
      const [row] = await t.deps.database.db.select().from(invoices).where(eq(invoices.dueId, dueId));
      return row;
    },
    /** A due issued to Rita (as postDue) with its late fee rule: the due's id and Rita's invoice. */
    async issueDue({ lateFee, graceDays, ...over }: { lateFee?: LateFee; graceDays?: number } & Record<string, unknown> = {}) {
      const r = await world.postDue({ ...over, ...lateFeeFields(lateFee, graceDays) });
      if (r.status !== 201) throw new Error(`POST /api/dues answered ${r.status}: ${JSON.stringify(r.json)}`);
      return { dueId: r.json._id as string, invoice: await world.invoiceOf(r.json._id) };
    },
    /** Rita's invoice of a due with a fixed $25 late fee, 8 days on with the fee added: its id and its charge and fee lines' ids. */
    async lateFeeAdded(over: Record<string, unknown> = {}) {
      const { invoice } = await world.issueDue({ ...over, lateFee: { fixed: 25 } });
      await world.passDays(8);
      await addLateFees(t.deps);
      const lines = await t.deps.database.db.select().from(ledgerLines).where(eq(ledgerLines.invoiceId, invoice.id));
      return { invoiceId: invoice.id, charge: lines.find((l) => l.kind === 'charge')!.id, fee: lines.find((l) => l.kind === 'late_fee')!.id };
    },
  };
  await world.signIn();
  return world;
}
export type MapleWorld = Awaited<ReturnType<typeof mapleWorld>>;
