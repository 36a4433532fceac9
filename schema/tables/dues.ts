import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DUE_FREQUENCIES, DUE_REASONS, DUE_STATUSES } from '../dues';
import { INVOICE_STATUSES, PAYMENT_METHODS } from '../invoices';
import { LATE_FEE_KINDS } from '../ledger';
import { hoaId, id, ms } from './columns';
import { threadHistoryTable } from './threads';

/** Dues. Synced: `version` is bumped on every write, its recipients' included. */
export const dues = sqliteTable(
  'dues',
  {
    id: id(),
    hoaId: hoaId(),
    title: text('title').notNull(),
    frequency: text('frequency', { enum: DUE_FREQUENCIES }).notNull(),
    /** Per recipient, in cents (the API's `amount` is dollars). */
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: DUE_REASONS }).notNull().default('dues'),
    description: text('description'),
    status: text('status', { enum: DUE_STATUSES }).notNull().default('active'),
    /** The first period's send day (UTC midnight). */
    sendDate: ms('send_date').notNull(),
    dueDateOffset: integer('due_date_offset').notNull().default(7),
    /** Periods issued so far; the next period's send day follows from it (duePolicy.nextSendDate). */
    periodsIssued: integer('periods_issued').notNull().default(0),
    /** The next period's send day; null once a one-time due has been issued. The issuing job reads it. */
    nextSendDate: ms('next_send_date'),
    /** Late fee: none, a fixed amount (`lateFeeValue` cents) or a percent (`lateFeeValue` basis points), added once `graceDays` after the due date. */
    lateFeeKind: text('late_fee_kind', { enum: LATE_FEE_KINDS }).notNull().default('none'),
    lateFeeValue: integer('late_fee_value').notNull().default(0),
    graceDays: integer('grace_days').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('dues_newest').on(t.hoaId, t.createdAt, t.id), index('dues_next_send').on(t.status, t.nextSendDate)],
);

/** Who a due bills (`recipients`): one row per recipient. */
export const dueRecipients = sqliteTable(
  'due_recipients',
  {
    dueId: text('due_id').notNull(),
    userId: text('user_id').notNull(),
    hoaId: hoaId(),
  },
  (t) => [primaryKey({ columns: [t.dueId, t.userId] }), index('due_recipients_user').on(t.userId, t.dueId)],
);

/**
 * Invoices: one per due, period and recipient. The unique index is what makes issuing
 * idempotent: a second run, a second process or a retry after a crash inserts nothing.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    hoaId: hoaId(),
    dueId: text('due_id').notNull(),
    recipientId: text('recipient_id').notNull(),
    /** The period's send day (UTC midnight); with due and recipient it names the invoice once. */
    period: ms('period').notNull(),
    /** The due's title and description when issued (an invoice says what it billed). */
    title: text('title').notNull(),
    description: text('description'),
    frequency: text('frequency', { enum: DUE_FREQUENCIES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('pending'),
    sentAt: ms('sent_at').notNull(),
    /** A day (UTC midnight): the day it was issued (the send day, or later when issued late) plus the due's offset. */
    dueDate: ms('due_date').notNull(),
    paidAt: ms('paid_at'),
    /** How it was paid (schema/invoices.ts PAYMENT_METHODS): the board's record or `online`; null unless paid. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    /** The late fee added to what the invoice asks (0 when none, or once waived). */
    lateFeeCents: integer('late_fee_cents').notNull().default(0),
    /** A bank payment in flight since then (days until it settles or fails); null otherwise. */
    processingSince: ms('processing_since'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  // `_period`: one invoice per (due, period, recipient). `_hoa_due` / `_user_due`: the board's and a
  // resident's list in the default order (due date, newest first). `_open`: the overdue job.
  (t) => [
    uniqueIndex('invoices_period').on(t.dueId, t.period, t.recipientId),
    index('invoices_hoa_due').on(t.hoaId, t.dueDate, t.id),
    index('invoices_user_due').on(t.recipientId, t.dueDate, t.id),
    index('invoices_open').on(t.status, t.dueDate),
  ],
);

/** An invoice's Activity History: who marked it paid (and how it was paid), canceled or undid it. */
export const invoiceHistory = threadHistoryTable('invoice_history', 'invoice_id');
