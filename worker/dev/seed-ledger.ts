/**
 * Demo money history: a year of monthly dues before the current periods (worker/dev/seed-dues.ts),
 * mostly paid on time by card, bank or check, a few late with a late fee, one fee waived with a
 * reason, one invoice canceled and one still overdue with its fee; autopay with a saved method for
 * some residents (one charge failed and was retried). Then every invoice's statement lines, as the
 * domain would have posted them (`invoiceHistoryLines`), receipts numbered in payment order.
 */
import { and, eq } from 'drizzle-orm';
import { duePolicy, type DueSchedule } from '../../schema/dues';
import type { InvoiceStatus, PaymentMethod } from '../../schema/invoices';
import type { LateFeeKind } from '../../schema/ledger';
import { addDays, addMonthsClamped } from '../../schema/money';
import { autopayAttempts, autopayEnrollments, connectAccounts, dueRecipients, dues, hoas, invoices, ledgerLines, localPaymentObjects, paymentCustomers, savedPaymentMethods } from '../../schema/tables';
import { invoiceHistoryLines, type InvoiceHistory, type PaymentFacts } from '../domain/ledger/invoice-lines';
import type { Tx } from '../db';
import { newId } from '../services/tokens';
import type { AreaSeeder, SeededHoa } from './seed-kit';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** How a past invoice went. `retried`: autopay's first charge failed, the retry three days later went through. */
type Past = 'card' | 'bank' | 'check' | 'autopay' | 'retried' | 'late' | 'waived' | 'canceled' | 'overdue';

interface SavedMethod {
  kind: 'card' | 'us_bank_account';
  label: string;
  last4: string;
  exp?: [number, number];
}

interface DemoHistory {
  /** The due whose earlier periods are added. */
  due: string;
  months: number;
  lateFee: { kind: Exclude<LateFeeKind, 'none'>; value: number; graceDays: number };
  /** Residents (the part of the email before @) on autopay, with their saved method. */
  autopay: Record<string, { method: SavedMethod; timing: 'due_date' | 'issued' }>;
  /** `period:person` (period 0 the oldest) → how it went; otherwise autopay or card, bank, check in turn. */
  events: Record<string, Past>;
}

const VISA: SavedMethod = { kind: 'card', label: 'Visa', last4: '4242', exp: [8, 2029] };
const BANK: SavedMethod = { kind: 'us_bank_account', label: 'STRIPE TEST BANK', last4: '6789' };

const DEMO_HISTORY: Record<string, DemoHistory> = {
  'Maple Grove HOA': {
    due: 'Monthly HOA Dues',
    months: 12,
    lateFee: { kind: 'fixed', value: 2500, graceDays: 5 },
    autopay: { board: { method: VISA, timing: 'due_date' } },
    // Ray's December is still unpaid: a balance carried across the year, as collections see it.
    events: { '2:resident': 'late', '4:board': 'retried', '4:resident2': 'overdue', '6:resident2': 'waived', '7:resident': 'canceled', '9:resident2': 'late' },
  },
  'Cedar Park HOA': {
    due: 'Monthly HOA Dues',
    months: 12,
    lateFee: { kind: 'percent', value: 1000, graceDays: 10 },
    // No autopay: Cedar Park has not set up online payments (its connected account), so nothing could be charged.
    autopay: {},
    events: { '3:resident': 'late', '6:resident': 'waived', '8:resident': 'check', '10:resident': 'late' },
  },
};

const ROTATION: Past[] = ['card', 'bank', 'check'];
const methodText = (m: SavedMethod) => `${m.label} •••• ${m.last4}`;

/** The rule's fee on an amount: fixed cents, or basis points rounded half up to whole cents. */
const lateFeeOf = (rule: DemoHistory['lateFee'], amountCents: number) => (rule.kind === 'fixed' ? rule.value : Math.floor((amountCents * rule.value + 5000) / 10000));

/** What the seed remembers of a paid or fined invoice to write its lines. */
interface Story {
  payment: Omit<PaymentFacts, 'at'>;
  history: InvoiceHistory;
}

/**
 * The customer and saved method as the local provider keeps them on the HOA's connected account, so
 * the autopay job charges the demo's open invoices as it would after a real setup. An HOA whose
 * payments are not set up has nothing at the provider (its autopay charges fail, and say why).
 */
async function seedProviderMethod(tx: Tx, hoaId: string, p: { customerId: string; methodId: string; method: SavedMethod; email: string; since: number }) {
  const [account] = await tx.select({ id: connectAccounts.accountId }).from(connectAccounts).where(eq(connectAccounts.hoaId, hoaId)).limit(1);
  if (!account) return;
  const created = Math.floor(p.since / 1000);
  const customer = { id: p.customerId, object: 'customer', account: account.id, email: p.email, metadata: { hoa_id: hoaId }, created };
  const details =
    p.method.kind === 'card'
      ? { type: 'card', card: { brand: 'visa', last4: p.method.last4, exp_month: p.method.exp?.[0] ?? 12, exp_year: p.method.exp?.[1] ?? 2030 } }
      : { type: 'us_bank_account', us_bank_account: { bank_name: p.method.label, last4: p.method.last4, routing_number: '110000000', account_holder_type: 'individual', account_type: 'checking' } };
  const method = { id: p.methodId, object: 'payment_method', account: account.id, customer: p.customerId, created, ...details };
  await tx.insert(localPaymentObjects).values([
    { id: customer.id, kind: 'customer', data: JSON.stringify(customer), createdAt: p.since },
    { id: method.id, kind: 'payment_method', data: JSON.stringify(method), createdAt: p.since },
  ]);
}

/** The residents' autopay: a customer, the saved method and the enrollment, from before the history began. */
async function seedAutopay(tx: Tx, hoa: SeededHoa, plan: DemoHistory, since: number): Promise<Map<string, { methodId: string; detail: string; kind: SavedMethod['kind']; timing: 'due_date' | 'issued' }>> {
  const out = new Map<string, { methodId: string; detail: string; kind: SavedMethod['kind']; timing: 'due_date' | 'issued' }>();
  const domain = Object.keys(hoa.userIds)[0].split('@')[1];
  for (const [person, { method, timing }] of Object.entries(plan.autopay)) {
    const userId = hoa.userIds[`${person}@${domain}`];
    const methodId = newId();
    const tag = `${domain.split('.')[0]}_${person}`;
    await tx.insert(paymentCustomers).values({ hoaId: hoa.id, userId, customerId: `cus_local_demo_${tag}`, createdAt: since });
    await tx.insert(savedPaymentMethods).values({ id: methodId, hoaId: hoa.id, userId, providerId: `pm_local_demo_${tag}`, kind: method.kind, label: method.label, last4: method.last4, expMonth: method.exp?.[0] ?? null, expYear: method.exp?.[1] ?? null, createdAt: since });
    await tx.insert(autopayEnrollments).values({ hoaId: hoa.id, userId, methodId, timing, status: 'active', createdAt: since, updatedAt: since });
    await seedProviderMethod(tx, hoa.id, { customerId: `cus_local_demo_${tag}`, methodId: `pm_local_demo_${tag}`, method, email: `${person}@${domain}`, since });
    out.set(userId, { methodId, detail: methodText(method), kind: method.kind, timing });
  }
  return out;
}

/** The due's earlier periods: invoices as issuing wrote them, settled as the plan says; the due now starts a year earlier. */
async function seedHistory(tx: Tx, hoa: SeededHoa, plan: DemoHistory, now: number, stories: Map<string, Story>): Promise<void> {
  const [due] = await tx.select().from(dues).where(and(eq(dues.hoaId, hoa.id), eq(dues.title, plan.due))).limit(1);
  if (!due) return;
  const people = Object.fromEntries(Object.entries(hoa.userIds).map(([email, id]) => [id, email.split('@')[0]]));
  const recipients = (await tx.select({ userId: dueRecipients.userId }).from(dueRecipients).where(eq(dueRecipients.dueId, due.id))).map((r) => r.userId);
  const board = hoa.userIds[Object.keys(hoa.userIds).find((e) => e.startsWith('board@')) ?? ''] ?? null;
  const sendDate = addMonthsClamped(due.sendDate, -plan.months);
  const schedule: DueSchedule = { frequency: due.frequency, sendDate, dueDateOffset: due.dueDateOffset };
  const autopay = await seedAutopay(tx, hoa, plan, sendDate - 3 * DAY);
  const rows: (typeof invoices.$inferInsert)[] = [];
  const attempts: (typeof autopayAttempts.$inferInsert)[] = [];
  const grace = plan.lateFee.graceDays;

  for (let h = 0; h < plan.months; h++) {
    const period = duePolicy.periodSendDate(schedule, h);
    const dueDate = duePolicy.dueDateOf(period, due.dueDateOffset);
    recipients.forEach((userId, ri) => {
      const person = people[userId];
      const saved = autopay.get(userId);
      const past: Past = plan.events[`${h}:${person}`] ?? (saved ? 'autopay' : ROTATION[(h + ri) % ROTATION.length]);
      const id = newId();
      const fee = lateFeeOf(plan.lateFee, due.amountCents);
      const feeAt = addDays(dueDate, grace + 1) + 6 * HOUR;
      let status: InvoiceStatus = 'paid';
      let paidAt: number | null = period + 2 * DAY + 15 * HOUR;
      let method: PaymentMethod | null = 'online';
      let lateFeeCents = 0;
      const card = { method: 'card' as const, methodDetail: methodText(VISA), reference: `pi_seed_${id.slice(-8)}` };
      let story: Story = { payment: card, history: {} };
      if (past === 'bank') {
        paidAt = period + 5 * DAY + 10 * HOUR;
        story = { payment: { method: 'us_bank_account', methodDetail: methodText(BANK), reference: `pi_seed_${id.slice(-8)}` }, history: {} };
      } else if (past === 'check' || past === 'late') {
        paidAt = past === 'late' ? addDays(dueDate, grace + 8) + 16 * HOUR : period + 4 * DAY + 11 * HOUR;
        method = 'check';
        lateFeeCents = past === 'late' ? fee : 0;
        story = { payment: { method: 'check', reference: `Check #${1040 + h * 3 + ri}`, by: board }, history: { lateFeeAt: feeAt } };
      } else if (past === 'waived') {
        paidAt = feeAt + 3 * DAY;
        story = { payment: card, history: { lateFeeAt: feeAt, waived: { cents: fee, reason: 'First late payment in years; waived as a courtesy.', at: feeAt + 2 * DAY, by: board } } };
      } else if (past === 'canceled') {
        status = 'canceled';
        paidAt = null;
        method = null;
        story = { payment: card, history: {} };
      } else if (past === 'overdue') {
        status = 'overdue';
        paidAt = null;
        method = null;
        lateFeeCents = fee;
        story = { payment: card, history: { lateFeeAt: feeAt } };
      } else if ((past === 'autopay' || past === 'retried') && saved) {
        const chargeAt = saved.timing === 'issued' ? period + HOUR : dueDate + 9 * HOUR;
        const total = due.amountCents;
        if (past === 'retried') {
          attempts.push({ id: newId(), hoaId: hoa.id, invoiceId: id, userId, attempt: 1, methodId: saved.methodId, amountCents: total, status: 'failed', paymentIntentId: `pi_seed_${id.slice(-8)}_1`, failureReason: 'Your card has insufficient funds.', createdAt: chargeAt, updatedAt: chargeAt });
        }
        const attempt = { id: newId(), attempt: past === 'retried' ? 2 : 1, at: past === 'retried' ? chargeAt + 3 * DAY : chargeAt };
        attempts.push({ id: attempt.id, hoaId: hoa.id, invoiceId: id, userId, attempt: attempt.attempt, methodId: saved.methodId, amountCents: total, status: 'succeeded', paymentIntentId: `pi_seed_${id.slice(-8)}_${attempt.attempt}`, createdAt: attempt.at, updatedAt: attempt.at });
        paidAt = attempt.at;
        story = { payment: { method: saved.kind, methodDetail: saved.detail, reference: `pi_seed_${id.slice(-8)}_${attempt.attempt}`, sourceKey: `autopay:${attempt.id}` }, history: {} };
      }
      const updatedAt = paidAt ?? (status === 'canceled' ? period + 3 * DAY : feeAt);
      stories.set(id, story);
      rows.push({ id, hoaId: hoa.id, dueId: due.id, recipientId: userId, period, title: due.title, description: due.description, frequency: due.frequency, amountCents: due.amountCents, status, sentAt: period, dueDate, paidAt, paymentMethod: method, lateFeeCents, createdAt: period, updatedAt: Math.min(updatedAt, now) });
    });
  }
  for (let i = 0; i < rows.length; i += 100) await tx.insert(invoices).values(rows.slice(i, i + 100));
  if (attempts.length) await tx.insert(autopayAttempts).values(attempts);
  const createdAt = sendDate - 2 * DAY;
  await tx
    .update(dues)
    .set({ sendDate, periodsIssued: due.periodsIssued + plan.months, lateFeeKind: plan.lateFee.kind, lateFeeValue: plan.lateFee.value, graceDays: grace, createdAt, updatedAt: createdAt })
    .where(eq(dues.id, due.id));
}

export const seedLedger: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const stories = new Map<string, Story>();
    const plan = DEMO_HISTORY[hoa.name];
    if (plan) await seedHistory(tx, hoa, plan, opts.now, stories);
    // Every invoice's lines, paid ones in payment order so receipt numbers run with time.
    const all = await tx.select().from(invoices).where(eq(invoices.hoaId, hoa.id));
    all.sort((a, b) => (a.paidAt ?? Infinity) - (b.paidAt ?? Infinity) || a.sentAt - b.sentAt);
    let receipt = 0;
    const next = () => ++receipt;
    const lines = all.flatMap((inv) => {
      const story = stories.get(inv.id);
      return invoiceHistoryLines(inv, next, story?.payment ?? { method: 'card', methodDetail: methodText(VISA), reference: `pi_seed_${inv.id.slice(-8)}` }, story?.history);
    });
    for (let i = 0; i < lines.length; i += 100) await tx.insert(ledgerLines).values(lines.slice(i, i + 100));
    if (receipt) await tx.update(hoas).set({ receiptSeq: receipt }).where(eq(hoas.id, hoa.id));
  }
};
