/**
 * The autopay run: each active enrollment's open invoices whose charge day has come (the due date in
 * the HOA's day, or at once when "when issued") are charged off session, once per (invoice, attempt):
 * attempt 1, and after a failure one attempt 2 three days later, never more. The attempt row is
 * claimed before the provider is called (its idempotency key is `autopay:<invoice>:<attempt>`), so a
 * rerun or an overlapping run charges nothing twice. A success settles the invoice as a Checkout does;
 * a failure mails the resident and leaves the invoice payable by hand.
 */
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { AUTOPAY_MAX_ATTEMPTS, AUTOPAY_RETRY_DAYS, autopayPolicy, savedMethodText, type AutopayAttemptStatus } from '../../../schema/autopay';
import { INVOICE_HISTORY, INVOICE_STATUSES, invoicePolicy } from '../../../schema/invoices';
import { autopayAttempts, autopayEnrollments, invoiceHistory, invoices, savedPaymentMethods, users } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { autopayFailedEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { PaymentRefusedError } from '../../services/payments/types';
import { newId } from '../../services/tokens';
import { hoaTodays } from '../hoa-days';
import { invoiceRows } from '../invoices/sync';
import { invoiceTotal, postInvoicePayment } from '../ledger/invoice-lines';
import { closeInvoiceCheckouts } from '../payments/settlement';
import { recordHistory } from '../threads';
import { chargingAccount, customerOf } from './methods';
import { hoaNameOf } from '../hoa-name';

const DAY = 86_400_000;
export const AUTOPAY_RETRY_MS = AUTOPAY_RETRY_DAYS * DAY;
/** A claimed attempt whose provider call never answered (a crash) is called again, with the same key, after this. */
const STALE_CLAIM_MS = 10 * 60_000;
const PAYABLE = INVOICE_STATUSES.filter(invoicePolicy.isPayable);
/** A charge that came for an invoice that no longer takes it: refunded, and said so on its attempt. */
export const AUTOPAY_REFUND = { pending: 'Refunding: the invoice no longer took this payment.', done: 'Refunded: the invoice no longer took this payment.' } as const;

type Invoice = typeof invoices.$inferSelect;
type Attempt = typeof autopayAttempts.$inferSelect;
type Enrollment = typeof autopayEnrollments.$inferSelect;

/** The next charge of an open invoice under an enrollment: which attempt, and from when; null when it gets none. */
export function nextCharge(enrollment: Pick<Enrollment, 'timing'>, invoice: Pick<Invoice, 'sentAt' | 'dueDate'>, attempts: Pick<Attempt, 'attempt' | 'status' | 'createdAt'>[]): { attempt: number; on: number } | null {
  const last = [...attempts].sort((a, b) => b.attempt - a.attempt)[0];
  if (!last) return { attempt: 1, on: enrollment.timing === 'issued' ? invoice.sentAt : invoice.dueDate };
  if (last.status !== 'failed' || last.attempt >= AUTOPAY_MAX_ATTEMPTS) return null;
  return { attempt: last.attempt + 1, on: last.createdAt + AUTOPAY_RETRY_MS };
}

/** The enrollment's open invoices with their next charge, soonest first. */
export async function upcomingCharges(db: DbOrTx, enrollment: Enrollment): Promise<{ invoice: Invoice; attempt: number; on: number }[]> {
  const open = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.hoaId, enrollment.hoaId), eq(invoices.recipientId, enrollment.userId), inArray(invoices.status, PAYABLE)))
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  if (!open.length) return [];
  const attempts = await db.select().from(autopayAttempts).where(inArray(autopayAttempts.invoiceId, open.map((i) => i.id)));
  return open
    .flatMap((invoice) => {
      const next = nextCharge(enrollment, invoice, attempts.filter((a) => a.invoiceId === invoice.id));
      return next ? [{ invoice, ...next }] : [];
    })
    .sort((a, b) => a.on - b.on);
}

/** The job: every active enrollment's charges that are due, then the claims and refunds left unfinished. */
export async function runAutopay(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock();
  const enrolled = await db.select().from(autopayEnrollments).where(eq(autopayEnrollments.status, 'active'));
  const todays = await hoaTodays(db, [...new Set(enrolled.map((e) => e.hoaId))], now);
  let charged = 0;
  for (const enrollment of enrolled) {
    const today = todays.get(enrollment.hoaId)!;
    for (const due of await upcomingCharges(db, enrollment)) {
      // A day is reached at the start of the HOA's day; a retry at its hour.
      const reached = due.attempt === 1 ? due.on <= today : due.on <= now;
      if (!reached || due.invoice.processingSince != null) continue;
      const attempt = await claim(deps, enrollment, due.invoice, due.attempt);
      if (attempt && (await charge(deps, attempt))) charged++;
    }
  }
  const stale = await db.select().from(autopayAttempts).where(and(eq(autopayAttempts.status, 'processing'), isNull(autopayAttempts.paymentIntentId), lt(autopayAttempts.updatedAt, now - STALE_CLAIM_MS))).limit(100);
  for (const attempt of stale) await charge(deps, attempt);
  const refunds = await db.select().from(autopayAttempts).where(and(eq(autopayAttempts.failureReason, AUTOPAY_REFUND.pending), lt(autopayAttempts.updatedAt, now - STALE_CLAIM_MS))).limit(100);
  for (const attempt of refunds) await refund(deps, attempt);
  return charged;
}

/** The attempt row, inserted once per (invoice, attempt) while the enrollment still charges and the invoice is still open. */
async function claim(deps: AppDeps, enrollment: Enrollment, invoice: Invoice, attempt: number): Promise<Attempt | null> {
  return deps.database.transaction(async (tx) => {
    const [current] = await tx.select().from(autopayEnrollments).where(and(eq(autopayEnrollments.hoaId, enrollment.hoaId), eq(autopayEnrollments.userId, enrollment.userId))).limit(1);
    const [open] = await tx.select().from(invoices).where(and(eq(invoices.id, invoice.id), inArray(invoices.status, PAYABLE))).limit(1);
    if (!current || !autopayPolicy.charges(current.status) || !open) return null;
    const now = deps.clock();
    const values = { id: newId(), hoaId: open.hoaId, invoiceId: open.id, userId: open.recipientId, attempt, methodId: current.methodId, amountCents: invoiceTotal(open), status: 'processing' as const, createdAt: now, updatedAt: now };
    const [row] = await tx.insert(autopayAttempts).values(values).onConflictDoNothing().returning();
    return row ?? null;
  });
}

/** The provider's charge of a claimed attempt, then its outcome applied. True when money was taken or is on its way. */
async function charge(deps: AppDeps, attempt: Attempt): Promise<boolean> {
  const db = deps.database.db;
  const [method] = await db.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.id, attempt.methodId), eq(savedPaymentMethods.hoaId, attempt.hoaId))).limit(1);
  const accountId = await chargingAccount(db, attempt.hoaId);
  const customerId = await customerOf(db, attempt.hoaId, attempt.userId);
  const [invoice] = await db.select({ title: invoices.title }).from(invoices).where(eq(invoices.id, attempt.invoiceId)).limit(1);
  let result: { id: string | null; status: AutopayAttemptStatus; failureMessage: string | null };
  if (!method || method.removedAt != null || !accountId || !customerId) {
    result = { id: null, status: 'failed', failureMessage: !accountId ? 'Online payments are not set up for this HOA.' : 'The saved payment method is no longer available.' };
  } else {
    try {
      result = await deps.payments.autopay.chargeOffSession({
        connectedAccountId: accountId,
        customerId,
        paymentMethodId: method.providerId,
        amountCents: attempt.amountCents,
        description: invoice?.title ?? 'Invoice',
        metadata: { kind: 'autopay', hoa_id: attempt.hoaId, invoice_id: attempt.invoiceId, attempt_id: attempt.id },
        idempotencyKey: `autopay:${attempt.invoiceId}:${attempt.attempt}`,
      });
    } catch (e) {
      // Not an answer (a network error): the claim stays, and a later run calls again with the same key.
      console.error(`autopay: charging invoice ${attempt.invoiceId} (attempt ${attempt.attempt}) failed`, e);
      return false;
    }
  }
  const mailed = await deps.database.transaction((tx) => applyCharge(deps, tx, attempt.id, result));
  if (mailed) deps.onEmailQueued?.();
  return result.status !== 'failed';
}

/**
 * A charge's outcome on its attempt, in the caller's transaction (the run, or the webhook's): once,
 * while the attempt is processing. Answers whether mail was queued.
 */
export async function applyCharge(deps: AppDeps, tx: Tx, attemptId: string, result: { id: string | null; status: AutopayAttemptStatus; failureMessage: string | null }): Promise<boolean> {
  const [attempt] = await tx.select().from(autopayAttempts).where(eq(autopayAttempts.id, attemptId)).limit(1);
  if (attempt?.status !== 'processing') return false;
  const now = deps.clock();
  const paymentIntentId = result.id ?? attempt.paymentIntentId;
  const thisAttempt = eq(autopayAttempts.id, attempt.id);
  const invoiceOf = and(eq(invoices.id, attempt.invoiceId), eq(invoices.hoaId, attempt.hoaId))!;
  if (result.status === 'processing') {
    await tx.update(autopayAttempts).set({ paymentIntentId, updatedAt: now }).where(thisAttempt);
    // A bank debit in flight: the invoice says so, and autopay does not charge it again meanwhile.
    await invoiceRows.update(deps, tx, and(invoiceOf, inArray(invoices.status, PAYABLE))!, { processingSince: now, updatedAt: now });
    return false;
  }
  if (result.status === 'failed') {
    await tx.update(autopayAttempts).set({ status: 'failed', paymentIntentId, failureReason: result.failureMessage ?? 'The payment failed.', updatedAt: now }).where(thisAttempt);
    await invoiceRows.update(deps, tx, and(invoiceOf, inArray(invoices.status, PAYABLE))!, { processingSince: null, updatedAt: now });
    return mailFailure(deps, tx, { ...attempt, failureReason: result.failureMessage });
  }
  await tx.update(autopayAttempts).set({ status: 'succeeded', paymentIntentId, updatedAt: now }).where(thisAttempt);
  const [method] = await tx.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, attempt.methodId)).limit(1);
  const [settled] = await invoiceRows.update(deps, tx, and(invoiceOf, inArray(invoices.status, PAYABLE), eq(sql`${invoices.amountCents} + ${invoices.lateFeeCents}`, attempt.amountCents))!, {
    status: 'paid',
    paidAt: now,
    paymentMethod: 'online',
    processingSince: null,
    updatedAt: now,
  });
  if (!settled) {
    // Paid another way, canceled or changed while the charge was made: the money goes back.
    await tx.update(autopayAttempts).set({ failureReason: AUTOPAY_REFUND.pending }).where(thisAttempt);
    deps.database.afterCommit(() => deps.afterResponse(() => refund(deps, { ...attempt, paymentIntentId })));
    return false;
  }
  await postInvoicePayment(deps, tx, settled, {
    method: method?.kind ?? 'online',
    methodDetail: method ? savedMethodText(method) : null,
    reference: paymentIntentId,
    sourceKey: `autopay:${attempt.id}`,
    at: now,
  });
  await recordHistory(tx, invoiceHistory, { userId: settled.recipientId, role: 'resident' }, { hoaId: settled.hoaId, parentId: settled.id, action: INVOICE_HISTORY.paidOnline, at: now });
  await closeInvoiceCheckouts(deps, tx, { hoaId: settled.hoaId, invoiceId: settled.id });
  return true;
}

/** The resident told why the charge failed, that the invoice is still theirs to pay, and when (whether) it is tried again. */
async function mailFailure(deps: AppDeps, tx: Tx, attempt: Attempt): Promise<boolean> {
  const [person] = await tx.select().from(users).where(and(eq(users.id, attempt.userId), eq(users.hoaId, attempt.hoaId))).limit(1);
  const hoaName = await hoaNameOf(tx, attempt.hoaId, 'your HOA');
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, attempt.invoiceId)).limit(1);
  const [method] = await tx.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, attempt.methodId)).limit(1);
  if (!person || !invoice) return false;
  const mail = autopayFailedEmail({
    hoaName: hoaName,
    name: person.name,
    invoiceTitle: invoice.title,
    amountCents: attempt.amountCents,
    method: method ? savedMethodText(method) : 'your saved payment method',
    reason: attempt.failureReason ?? 'The payment failed.',
    nextAttempt: attempt.attempt < AUTOPAY_MAX_ATTEMPTS ? attempt.createdAt + AUTOPAY_RETRY_MS : null,
    url: `${deps.config.appUrl}/invoices/${invoice.id}`,
  });
  await queueEmail(deps, tx, { hoaId: attempt.hoaId, to: person.email, toUserId: person.id, ref: `invoice:${invoice.id}`, ...mail });
  return true;
}

/** The refund of a charge its invoice no longer took (idempotent per attempt); the job retries what fails. */
async function refund(deps: AppDeps, attempt: Attempt): Promise<void> {
  const accountId = await chargingAccount(deps.database.db, attempt.hoaId);
  let reason: string = AUTOPAY_REFUND.done;
  try {
    if (!accountId || !attempt.paymentIntentId) throw new PaymentRefusedError('The payment has no payment reference to refund.');
    await deps.payments.refundInvoicePayment({ connectedAccountId: accountId, paymentIntentId: attempt.paymentIntentId, metadata: { hoa_id: attempt.hoaId, invoice_id: attempt.invoiceId, autopay_attempt_id: attempt.id }, idempotencyKey: `refund:autopay:${attempt.id}` });
  } catch (e) {
    if (!(e instanceof PaymentRefusedError)) {
      console.error(`autopay: refunding attempt ${attempt.id} failed; the job tries again`, e);
      await deps.database.transaction((tx) => tx.update(autopayAttempts).set({ updatedAt: deps.clock() }).where(eq(autopayAttempts.id, attempt.id)));
      return;
    }
    reason = `Refund refused: ${e.message}`;
  }
  await deps.database.transaction((tx) =>
    tx.update(autopayAttempts).set({ failureReason: reason, updatedAt: deps.clock() }).where(and(eq(autopayAttempts.id, attempt.id), eq(autopayAttempts.failureReason, AUTOPAY_REFUND.pending))),
  );
}

/** The latest attempts of a resident, newest first. */
export const recentAttempts = (db: DbOrTx, hoaId: string, userId: string) =>
  db.select().from(autopayAttempts).where(and(eq(autopayAttempts.hoaId, hoaId), eq(autopayAttempts.userId, userId))).orderBy(desc(autopayAttempts.createdAt), desc(autopayAttempts.id)).limit(10);

/** The attempt a payment_intent event is about: by its metadata, in the HOA whose account sent it. */
export async function attemptOfEvent(db: DbOrTx, account: string | null, pi: Record<string, any>): Promise<Attempt | null> {
  const m = pi.metadata ?? {};
  if (m.kind !== 'autopay' || !m.attempt_id || !m.hoa_id) return null;
  const [attempt] = await db.select().from(autopayAttempts).where(and(eq(autopayAttempts.id, String(m.attempt_id)), eq(autopayAttempts.hoaId, String(m.hoa_id)))).limit(1);
  if (!attempt || (await chargingAccount(db, attempt.hoaId)) !== account) return null;
  return attempt;
}

