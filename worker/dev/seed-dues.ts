/**
 * Demo dues and invoices for both HOAs: one-time, monthly and quarterly dues, active and inactive,
 * one not yet sent; invoices paid, pending, overdue and canceled, issued per period exactly as the
 * issuing job would (same period keys, so the job finds nothing left to issue). The monthly dues carry a
 * year of history before the current periods (worker/dev/seed-ledger.ts: paid by card, bank, check or
 * autopay, a few late with a fee, one fee waived, one canceled, one still overdue), so every money
 * screen shows real data; the ledger lines follow from the invoices (`invoiceHistoryLines`), receipts
 * numbered in payment order. Maple Grove's payment account is connected (in the local provider), Cedar
 * Park's is not.
 */
import { duePolicy, type DueFrequency, type DueReason, type DueStatus } from '../../schema/dues';
import type { InvoiceStatus } from '../../schema/invoices';
import { addDays, addMonthsClamped, dayOf } from '../../schema/money';
import { connectAccounts, dueRecipients, dues, invoices, localPaymentObjects } from '../../schema/tables';
import type { Tx } from '../db';
import { newId } from '../services/tokens';
import type { AreaSeeder, SeededHoa } from './seed-kit';

interface DemoDue {
  title: string;
  frequency: DueFrequency;
  amountCents: number;
  reason: DueReason;
  description?: string;
  status?: DueStatus;
  /** The first send day: months (and days) from the first of this month, or days from today. */
  start: { monthsAgo: number; day: number } | { daysFromToday: number };
  offset: number;
  to: string[];
  /** Statuses of issued invoices other than pending/overdue by the clock: `period:email`. */
  settled?: Record<string, Exclude<InvoiceStatus, 'pending' | 'overdue'>>;
}

const MAPLE = (p: string) => `${p}@maplegrove.test`;
const CEDAR = (p: string) => `${p}@cedarpark.test`;

const DEMO_DUES: Record<string, DemoDue[]> = {
  'Maple Grove HOA': [
    {
      title: 'Monthly HOA Dues',
      frequency: 'monthly',
      amountCents: 15000,
      reason: 'dues',
      description: 'Common-area upkeep, insurance and reserve fund contribution.',
      start: { monthsAgo: 3, day: 1 },
      offset: 7,
      to: [MAPLE('resident'), MAPLE('resident2'), MAPLE('board')],
      settled: { '0:resident': 'paid', '0:resident2': 'paid', '0:board': 'paid', '1:resident': 'paid', '1:board': 'paid', '2:resident': 'paid', '2:board': 'paid' },
    },
    {
      title: 'Pool Resurfacing Special Assessment',
      frequency: 'one_time',
      amountCents: 42550,
      reason: 'other',
      description: 'One-time assessment approved at the September meeting to resurface the community pool.',
      start: { daysFromToday: -6 },
      offset: 20,
      to: [MAPLE('resident'), MAPLE('resident2'), MAPLE('board'), MAPLE('owner')],
      settled: { '0:resident2': 'paid', '0:owner': 'paid' },
    },
    {
      title: 'Quarterly Landscaping Fee',
      frequency: 'quarterly',
      amountCents: 8999,
      reason: 'dues',
      description: 'Mowing, irrigation and seasonal planting for the entrance and common lawns.',
      start: { monthsAgo: 4, day: 15 },
      offset: 14,
      to: [MAPLE('resident'), MAPLE('resident2')],
      settled: { '0:resident': 'paid', '0:resident2': 'paid' },
    },
    {
      title: 'Clubhouse Key Replacement',
      frequency: 'one_time',
      amountCents: 2500,
      reason: 'other',
      start: { daysFromToday: -20 },
      offset: 10,
      to: [MAPLE('resident2')],
      settled: { '0:resident2': 'canceled' },
    },
    {
      title: 'Annual Architectural Review Fee',
      frequency: 'one_time',
      amountCents: 7500,
      reason: 'other',
      description: 'Covers the review of exterior changes submitted this year.',
      start: { daysFromToday: 5 },
      offset: 14,
      to: [MAPLE('resident'), MAPLE('resident2')],
    },
    {
      title: 'Holiday Lights Contribution',
      frequency: 'one_time',
      amountCents: 4000,
      reason: 'other',
      status: 'inactive',
      start: { daysFromToday: 12 },
      offset: 7,
      to: [MAPLE('resident'), MAPLE('resident2'), MAPLE('board')],
    },
  ],
  'Cedar Park HOA': [
    {
      title: 'Monthly HOA Dues',
      frequency: 'monthly',
      amountCents: 12000,
      reason: 'dues',
      description: 'Landscaping, street lights and the reserve fund.',
      start: { monthsAgo: 1, day: 1 },
      offset: 10,
      to: [CEDAR('resident'), CEDAR('board')],
      settled: { '0:resident': 'paid', '0:board': 'paid' },
    },
    {
      title: 'Gate Remote Replacement',
      frequency: 'one_time',
      amountCents: 3500,
      reason: 'other',
      start: { daysFromToday: -25 },
      offset: 5,
      to: [CEDAR('resident')],
    },
    {
      title: 'Guest Parking Permit',
      frequency: 'one_time',
      amountCents: 1500,
      reason: 'other',
      start: { daysFromToday: -15 },
      offset: 7,
      to: [CEDAR('resident')],
      settled: { '0:resident': 'canceled' },
    },
  ],
};

function firstSendDay(start: DemoDue['start'], today: number): number {
  if ('daysFromToday' in start) return addDays(today, start.daysFromToday);
  const d = new Date(today);
  return addMonthsClamped(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), start.day), -start.monthsAgo);
}

async function seedDue(tx: Tx, hoa: SeededHoa, def: DemoDue, now: number): Promise<void> {
  const today = dayOf(now);
  const sendDate = firstSendDay(def.start, today);
  const schedule = { frequency: def.frequency, sendDate, dueDateOffset: def.offset };
  const status = def.status ?? 'active';
  const recipients = def.to.map((email) => ({ email, id: hoa.userIds[email] }));
  let issued = 0;
  const rows: (typeof invoices.$inferInsert)[] = [];
  while (status === 'active' && (duePolicy.nextSendDate(schedule, issued) ?? Infinity) <= today) {
    const period = duePolicy.periodSendDate(schedule, issued);
    const dueDate = duePolicy.dueDateOf(period, def.offset);
    for (const r of recipients) {
      const settled = def.settled?.[`${issued}:${r.email.split('@')[0]}`];
      const invoiceStatus: InvoiceStatus = settled ?? (dueDate < today ? 'overdue' : 'pending');
      const paidAt = settled === 'paid' ? Math.min(now, addDays(period, 2) + 15 * 3_600_000) : null;
      rows.push({ id: newId(), hoaId: hoa.id, dueId: '', recipientId: r.id, period, title: def.title, description: def.description ?? null, frequency: def.frequency, amountCents: def.amountCents, status: invoiceStatus, sentAt: period, dueDate, paidAt, paymentMethod: paidAt === null ? null : ('online' as const), createdAt: period, updatedAt: paidAt ?? period });
    }
    issued += 1;
  }
  const id = newId();
  const createdAt = Math.min(now, sendDate) - 2 * 86_400_000;
  await tx.insert(dues).values({
    id,
    hoaId: hoa.id,
    title: def.title,
    frequency: def.frequency,
    amountCents: def.amountCents,
    reason: def.reason,
    description: def.description ?? null,
    status,
    sendDate,
    dueDateOffset: def.offset,
    periodsIssued: issued,
    nextSendDate: status === 'active' ? duePolicy.nextSendDate(schedule, issued) : sendDate,
    createdBy: hoa.userIds[`board@${def.to[0].split('@')[1]}`],
    createdAt,
    updatedAt: createdAt,
  });
  await tx.insert(dueRecipients).values(recipients.map((r) => ({ dueId: id, userId: r.id, hoaId: hoa.id })));
  if (!rows.length) return;
  // Their statement lines come with the history's (worker/dev/seed-ledger.ts), receipts in payment order.
  await tx.insert(invoices).values(rows.map((r) => ({ ...r, dueId: id })));
}

/** Maple Grove's connected account, complete, as the local provider keeps it (onboarding done). */
async function connectMaple(tx: Tx, hoa: SeededHoa, now: number): Promise<void> {
  const accountId = 'acct_local_demo_maplegrove';
  const account = {
    id: accountId,
    object: 'account',
    type: 'express',
    email: 'owner@maplegrove.test',
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    capabilities: { card_payments: 'active', transfers: 'active' },
    business_profile: { name: hoa.name, product_description: 'HOA dues and fees' },
    requirements: { currently_due: [], past_due: [] },
    metadata: { hoa_id: hoa.id },
    created: Math.floor(now / 1000) - 40 * 86_400,
  };
  await tx.insert(localPaymentObjects).values({ id: accountId, kind: 'account', data: JSON.stringify(account), createdAt: now });
  await tx.insert(connectAccounts).values({ hoaId: hoa.id, accountId, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, createdAt: now, updatedAt: now });
}

export const seedDues: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    for (const def of DEMO_DUES[hoa.name] ?? []) await seedDue(tx, hoa, def, opts.now);
    if (hoa.name === 'Maple Grove HOA') await connectMaple(tx, hoa, opts.now);
  }
};
