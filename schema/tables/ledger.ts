import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { AUTOPAY_ATTEMPT_STATUSES, AUTOPAY_STATUSES, AUTOPAY_TIMINGS, SAVED_METHOD_KINDS } from '../autopay';
import { LEDGER_KINDS, LEDGER_PAYMENT_METHODS } from '../ledger';
import { LEDGER_QUESTION_KINDS, LEDGER_QUESTION_STATUSES } from '../ledger-questions';
import { hoaId, id, ms } from './columns';
import { threadHistoryTable, threadMessagesTable } from './threads';

/**
 * A resident's statement of account, one row per event that moved money: an invoice issued, a payment,
 * a late fee, a waiver, a credit, a refund, a fine. Written in the transaction of the event itself,
 * never edited (a mistake is undone by another line). Synced: residents read their own, the board its HOA's.
 */
export const ledgerLines = sqliteTable(
  'ledger_lines',
  {
    id: id(),
    hoaId: hoaId(),
    /** The resident whose account it is. */
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed cents as it moves the balance (schema/ledger.ts LEDGER_SIGN). */
    amountCents: integer('amount_cents').notNull(),
    /** What the line is for, as the statement shows it ("Monthly dues – March", "Late fee"). */
    description: text('description').notNull(),
    occurredAt: ms('occurred_at').notNull(),
    /**
     * What caused it, unique per HOA: `charge:<invoice>`, `late_fee:<invoice>`, `payment:<checkout or pi>`…
     * A replayed webhook or job run inserts nothing.
     */
    sourceKey: text('source_key').notNull(),
    invoiceId: text('invoice_id'),
    violationId: text('violation_id'),
    /** The line this one answers (the fee a waiver waives, the payment a refund returns). */
    relatedLineId: text('related_line_id'),
    /** Payments: how it came, the card's or bank's words ("Visa •••• 4242", "STRIPE TEST BANK •••• 6789"), the receipt's number. */
    method: text('method', { enum: LEDGER_PAYMENT_METHODS }),
    methodDetail: text('method_detail'),
    receiptNumber: integer('receipt_number'),
    /** The provider's reference (pi_…, re_…) or the board's note (check number). */
    reference: text('reference'),
    /** Why (a waiver's or credit's reason). */
    reason: text('reason'),
    /** Who wrote it (a board member), or null for the system (issuing, the webhook, a job). */
    createdBy: text('created_by'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  // `_source`: each cause once. `_user`: a resident's statement in order. `_hoa`: the board's exports and
  // collections. `_invoice`: an invoice's lines (its fee, its payment).
  (t) => [
    uniqueIndex('ledger_lines_source').on(t.hoaId, t.sourceKey),
    index('ledger_lines_user').on(t.hoaId, t.userId, t.occurredAt, t.id),
    index('ledger_lines_hoa').on(t.hoaId, t.occurredAt, t.id),
    index('ledger_lines_invoice').on(t.invoiceId),
    uniqueIndex('ledger_lines_receipt').on(t.hoaId, t.receiptNumber),
  ],
);

/**
 * A resident's question about a ledger line: a request to waive a fee, or a dispute of a charge. It
 * opens a thread with the board (the thread kit); the board answers, waives or declines.
 */
export { LEDGER_QUESTION_KINDS, LEDGER_QUESTION_STATUSES };
export const ledgerQuestions = sqliteTable(
  'ledger_questions',
  {
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    lineId: text('line_id').notNull(),
    kind: text('kind', { enum: LEDGER_QUESTION_KINDS }).notNull(),
    status: text('status', { enum: LEDGER_QUESTION_STATUSES }).notNull().default('open'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('ledger_questions_hoa').on(t.hoaId, t.createdAt, t.id), index('ledger_questions_user').on(t.hoaId, t.userId, t.createdAt, t.id), index('ledger_questions_line').on(t.lineId)],
);
export const ledgerQuestionMessages = threadMessagesTable('ledger_question_messages', 'question_id');
export const ledgerQuestionHistory = threadHistoryTable('ledger_question_history', 'question_id');

/** The resident as a customer of the HOA's connected account (saved methods and autopay charge it). */
export const paymentCustomers = sqliteTable(
  'payment_customers',
  {
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    /** The provider's customer (cus_…) on the HOA's connected account. */
    customerId: text('customer_id').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hoaId, t.userId] })],
);

export { AUTOPAY_ATTEMPT_STATUSES, AUTOPAY_STATUSES, AUTOPAY_TIMINGS, SAVED_METHOD_KINDS };
/** A card or US bank account a resident saved (a SetupIntent on the HOA's connected account). */
export const savedPaymentMethods = sqliteTable(
  'saved_payment_methods',
  {
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    /** The provider's payment method (pm_…). */
    providerId: text('provider_id').notNull(),
    kind: text('kind', { enum: SAVED_METHOD_KINDS }).notNull(),
    /** "Visa", or the bank's name. */
    label: text('label').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: ms('created_at').notNull(),
    removedAt: ms('removed_at'),
  },
  (t) => [index('saved_payment_methods_user').on(t.hoaId, t.userId, t.createdAt, t.id), uniqueIndex('saved_payment_methods_provider').on(t.hoaId, t.providerId)],
);

/** A resident's autopay: one per resident, changed in place (method, day, pause, stop), never re-enrolled. */
export const autopayEnrollments = sqliteTable(
  'autopay_enrollments',
  {
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    methodId: text('method_id').notNull(),
    timing: text('timing', { enum: AUTOPAY_TIMINGS }).notNull().default('due_date'),
    status: text('status', { enum: AUTOPAY_STATUSES }).notNull().default('active'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hoaId, t.userId] })],
);

/** One off-session charge of an invoice by autopay; (invoice, attempt) once, so a rerun charges nothing twice. */
export const autopayAttempts = sqliteTable(
  'autopay_attempts',
  {
    id: id(),
    hoaId: hoaId(),
    invoiceId: text('invoice_id').notNull(),
    userId: text('user_id').notNull(),
    /** 1, then 2 for the one retry three days after a failure. */
    attempt: integer('attempt').notNull(),
    methodId: text('method_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: AUTOPAY_ATTEMPT_STATUSES }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    failureReason: text('failure_reason'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [uniqueIndex('autopay_attempts_once').on(t.invoiceId, t.attempt), index('autopay_attempts_hoa').on(t.hoaId, t.status),
    index('autopay_attempts_user').on(t.hoaId, t.userId, t.createdAt, t.id), index('autopay_attempts_pi').on(t.paymentIntentId)],
);
