/**
 * Turning dues into invoices (issue "Dues and invoices", rules the server keeps). On each period's
 * send day (a day of the HOA's time zone) an active due gets one invoice per recipient, due
 * `send day + offset`, and each recipient an invoice email. An invoice issued late (a one-time due made
 * active after its send day, a job that did not run) is dated the day it is issued, due that day plus
 * the offset: never overdue on arrival. Idempotent per (due, period, recipient): the unique index refuses a second
 * invoice, the invoice and its email are written in one transaction (no crash between them), and the
 * due's period counter only moves from the value this run read (two runs never skip or repeat).
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { duePolicy } from '../../../schema/dues';
import { zonedToday } from '../../../schema/days';
import { dueRecipients, dues, hoas, invoices, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { invoiceIssuedEmail } from '../../emails';
import { queueEmails, type EmailMessage } from '../../services/email';
import { newId } from '../../services/tokens';
import { latestToday } from '../hoa-days';
import { activeMembers } from '../members';
import { invoiceRows } from '../invoices/sync';
import { postInvoiceCharges } from '../ledger/invoice-lines';
import { dueRows } from './sync';

/** A due that fell behind (the job did not run for months) catches up at most this many periods per run. */
const MAX_PERIODS_PER_RUN = 24;

/**
 * Issues every period of one due whose send day has come (`today` or earlier), inside `tx`.
 * Returns the invoices created (none when another run got there first).
 */
export async function issueDue(deps: AppDeps, tx: Tx, dueId: string): Promise<number> {
  const [due] = await tx.select().from(dues).where(eq(dues.id, dueId)).limit(1);
  if (!due || !duePolicy.issues(due) || due.nextSendDate == null) return 0;
  const [hoa] = await tx.select({ name: hoas.name, timeZone: hoas.timeZone }).from(hoas).where(eq(hoas.id, due.hoaId)).limit(1);
  if (!hoa) return 0;
  const now = deps.clock();
  const today = zonedToday(now, hoa.timeZone);
  if (due.nextSendDate > today) return 0;
  // Recipients still active members of the due's HOA when the period is issued.
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(dueRecipients)
    .innerJoin(users, eq(users.id, dueRecipients.userId))
    .where(and(eq(dueRecipients.dueId, due.id), activeMembers(due.hoaId)));
  let issued = due.periodsIssued;
  let next: number | null = due.nextSendDate;
  let created = 0;
  const mail: EmailMessage[] = [];
  while (next != null && next <= today && issued - due.periodsIssued < MAX_PERIODS_PER_RUN) {
    const period = next;
    // Issued on its send day, or later (made active again, a job that did not run): dated the day it is issued.
    const sentAt = Math.max(period, today);
    const dueDate = duePolicy.dueDateOf(sentAt, due.dueDateOffset);
    const rows = people.map((p) => ({
      id: newId(),
      hoaId: due.hoaId,
      dueId: due.id,
      recipientId: p.id,
      period,
      title: due.title,
      description: due.description,
      frequency: due.frequency,
      amountCents: due.amountCents,
      status: 'pending' as const,
      sentAt,
      dueDate,
      createdAt: now,
      updatedAt: now,
    }));
    const inserted: (typeof invoices.$inferSelect)[] = [];
    // Chunks keep each statement under SQLite's bound-variable limit.
    for (let i = 0; i < rows.length; i += 200) {
      inserted.push(...(await invoiceRows.insert(deps, tx, rows.slice(i, i + 200), { onConflictDoNothing: [invoices.dueId, invoices.period, invoices.recipientId] })));
    }
    created += inserted.length;
    await postInvoiceCharges(deps, tx, inserted);
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const inv of inserted) {
      const person = byId.get(inv.recipientId)!;
      const rendered = invoiceIssuedEmail({
        hoaName: hoa.name,
        residentName: person.name,
        title: inv.title,
        amountCents: inv.amountCents,
        dueDate: inv.dueDate,
        url: `${deps.config.appUrl}/invoices/${inv.id}`,
      });
      mail.push({ hoaId: due.hoaId, to: person.email, toUserId: person.id, ref: `invoice:${inv.id}`, ...rendered });
    }
    issued += 1;
    next = duePolicy.nextSendDate(due, issued);
  }
  if (mail.length) {
    await queueEmails(deps, tx, mail);
    deps.database.afterCommit(() => deps.onEmailQueued?.());
  }
  // Compare-and-set on the counter this run read: a concurrent run that moved it first wins.
  await dueRows.update(deps, tx, and(eq(dues.id, due.id), eq(dues.periodsIssued, due.periodsIssued))!, { periodsIssued: issued, nextSendDate: next, updatedAt: now });
  return created;
}

/** The issuing job: every active due whose next send day may have come (issueDue checks its HOA's day), each in its own transaction. */
export async function issueDueInvoices(deps: AppDeps): Promise<number> {
  const ready = await deps.database.db
    .select({ id: dues.id })
    .from(dues)
    .where(and(eq(dues.status, 'active'), lte(dues.nextSendDate, latestToday(deps.clock()))));
  let created = 0;
  for (const { id } of ready) created += await deps.database.transaction((tx) => issueDue(deps, tx, id));
  return created;
}

/** The ids of `ids` that are active members of the HOA (recipients must be). */
export async function activeMemberIds(tx: Tx, hoaId: string, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await tx.select({ id: users.id }).from(users).where(activeMembers(hoaId, inArray(users.id, ids.slice(i, i + 500))));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

