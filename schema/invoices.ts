/** Invoices: statuses, the spec's messages, the list query, REST shapes, the policy. */
import { z } from 'zod';
import type { DueFrequency } from './dues';
import { formatUsd } from './money';
import { isPrivileged, type Role } from './roles';
import { lazy } from './lazy';
import type { ApiHistoryEntry } from './threads';

export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'canceled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', overdue: 'Overdue', canceled: 'Canceled' };

export const INVOICE_PAGE_SIZE = 10;

/**
 * How an invoice was paid: the board records a payment that came outside the app (check, cash, bank
 * transfer); `online` is the resident's Checkout (card or ACH), set by the payment webhook only.
 */
export const PAYMENT_METHODS = ['check', 'cash', 'transfer', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MANUAL_PAYMENT_METHODS = ['check', 'cash', 'transfer'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { check: 'Check', cash: 'Cash', transfer: 'Bank transfer', online: 'Online payment' };

export const INVOICE_MESSAGES = {
  loadFailed: 'Failed to load invoices. Please try again.',
  loadOneFailed: 'Failed to load invoice. Please try again.',
  notFound: 'Invoice not found.',
  payFailed: 'Failed to create payment session. Please try again.',
  empty: 'No invoices found',
  onlyRecipient: 'Only the invoice recipient can make payments.',
  paid: 'Payment Completed',
  overdue: 'Payment Overdue',
  canceled: 'Payment Canceled',
  canceledNote: 'This invoice has been canceled. No payment is required.',
  due: 'Payment Due',
  payInvoice: 'Pay Invoice',
  payNow: 'Pay Now',
  methods: 'Accepted payment methods: credit/debit cards and bank transfer (ACH).',
  // Server and screen texts beyond the spec's (the spec shows none for these cases).
  boardOnly: 'Only board members can change the status of an invoice',
  statusInvalid: 'Status must be pending, paid, overdue or canceled',
  alreadyPaid: 'This invoice has already been paid.',
  notPayable: 'This invoice cannot be paid.',
  // A bank payment in flight: the invoice waits for the bank's answer instead of taking a second payment.
  processing: 'A bank payment of this invoice is already on its way.',
  processingHeading: 'Processing',
  processingNote: 'Your bank payment is on its way. It usually takes 4 business days.',
  processingBoardNote: 'A bank payment is on its way. It settles or fails within about 4 business days.',
  paidIsFinal: 'An invoice paid online cannot change its status.',
  paymentMethodRequired: 'Please choose how the payment was made.',
  paymentMethodInvalid: 'Payment method must be check, cash or transfer',
  sortInvalid: 'Sort must be due_date, sent, amount, title or status',
  needsConnection: 'Paying needs an internet connection. Please reconnect and try again.',
  confirming: 'Confirming your payment…',
  statusUpdated: (status: InvoiceStatus) => `Status updated to ${INVOICE_STATUS_LABELS[status]}`,
  // The board's confirmation before a status that stops the resident's payment.
  confirmPaidTitle: 'Mark invoice as paid?',
  confirmPaid: (amountCents: number, resident: string) =>
    `Record ${formatUsd(amountCents)} from ${resident} as received. The invoice will no longer take an online payment.`,
  confirmCanceledTitle: 'Cancel invoice?',
  confirmCanceled: (amountCents: number, resident: string) =>
    `Cancel the ${formatUsd(amountCents)} invoice of ${resident}. They will no longer be asked to pay it.`,
  undoPaid: 'Undo Paid',
  undoPaidNote: 'Marked paid by mistake? Undo sets it back to Pending.',
} as const;

/** Activity History lines of an invoice: who changed it and how it was paid. */
export const INVOICE_HISTORY = {
  markedPaid: (method: PaymentMethod) => `Marked as paid (${PAYMENT_METHOD_LABELS[method]})`,
  paidOnline: 'Paid online',
  bankPaymentStarted: 'Bank payment started',
  bankPaymentFailed: 'Bank payment failed',
  statusChanged: (from: InvoiceStatus, to: InvoiceStatus) => `Status changed from ${INVOICE_STATUS_LABELS[from]} to ${INVOICE_STATUS_LABELS[to]}`,
} as const;

/** "Showing x to y of z invoices" and "Page n of m". */
export const invoiceRangeText = (page: number, limit: number, total: number) =>
  `Showing ${total === 0 ? 0 : (page - 1) * limit + 1} to ${Math.min(page * limit, total)} of ${total} invoices`;
export const pageOfText = (page: number, pages: number) => `Page ${page} of ${Math.max(1, pages)}`;

/** What the payment panel shows. */
export interface PaymentPanel {
  kind: InvoiceStatus;
  heading: string;
  /** The pay button's words, or null when this viewer has none. */
  payLabel: string | null;
  /** The payment methods list, for residents on an open invoice. */
  showMethods: boolean;
  /** A bank payment is in flight: no Pay until it settles or fails. */
  processing: boolean;
  note: string | null;
}

/**
 * The invoice policy, one rule each: the domain enforces it, the mutators predict
 * with it, the screens choose their controls with it.
 */
export const invoicePolicy = {
  /** Set an invoice's status, see its recipient. */
  mayChangeStatus: (role: Role) => isPrivileged(role),
  seesRecipient: (role: Role) => isPrivileged(role),
  /** Residents see their own invoices; the board the HOA's. */
  maySee: (inv: { recipientId: string }, viewer: { userId: string; role: Role }) => isPrivileged(viewer.role) || inv.recipientId === viewer.userId,
  /** Pending and overdue invoices are open for payment. */
  isPayable: (status: InvoiceStatus) => status === 'pending' || status === 'overdue',
  /** A bank payment of an open invoice is in flight (it settles or fails by the provider's word). */
  isProcessing: (inv: { status: InvoiceStatus; processingSince: number | null }) => inv.processingSince != null && invoicePolicy.isPayable(inv.status),
  /** Only the recipient pays, only an open invoice, and not while a bank payment of it is in flight. */
  mayPay: (inv: { recipientId: string; status: InvoiceStatus; processingSince: number | null }, viewer: { userId: string }) =>
    inv.recipientId === viewer.userId && invoicePolicy.isPayable(inv.status) && !invoicePolicy.isProcessing(inv),
  /**
   * Paid online is final: neither the board nor a late payment event reopens it. The board's own
   * mark (check, cash, transfer) may be undone while no online payment is attached to it.
   */
  isFinal: (inv: { status: InvoiceStatus; paymentMethod: PaymentMethod | null }) => inv.status === 'paid' && inv.paymentMethod === 'online',
  mayChangeTo: (inv: { status: InvoiceStatus; paymentMethod: PaymentMethod | null }, to: InvoiceStatus) => !invoicePolicy.isFinal(inv) && inv.status !== to,
  /** The board's paid mark, undone back to pending. */
  mayUndoPaid: (inv: { status: InvoiceStatus; paymentMethod: PaymentMethod | null }) => inv.status === 'paid' && invoicePolicy.mayChangeTo(inv, 'pending'),
  /** Paid and canceled stop the resident's payment: the board confirms them, naming the amount and the resident. */
  asksConfirmation: (to: InvoiceStatus) => to === 'paid' || to === 'canceled',
  /**
   * Pending past its due day counts as overdue; the overdue job stores the same.
   * `today`: the HOA's calendar day (schema/days.ts `zonedToday`).
   */
  shownStatus: (inv: { status: InvoiceStatus; dueDate: number }, today: number): InvoiceStatus =>
    inv.status === 'pending' && inv.dueDate < today ? 'overdue' : inv.status,
  isPastDue: (inv: { dueDate: number }, today: number) => inv.dueDate < today,
  /** The payment panel for this viewer. */
  panelFor(inv: { recipientId: string; status: InvoiceStatus; dueDate: number; processingSince: number | null }, viewer: { userId: string }, today: number): PaymentPanel {
    const kind = invoicePolicy.shownStatus(inv, today);
    const recipient = inv.recipientId === viewer.userId;
    const processing = invoicePolicy.isProcessing(inv);
    const open = invoicePolicy.isPayable(kind) && !processing;
    const heading = processing
      ? INVOICE_MESSAGES.processingHeading
      : { paid: INVOICE_MESSAGES.paid, overdue: INVOICE_MESSAGES.overdue, canceled: INVOICE_MESSAGES.canceled, pending: INVOICE_MESSAGES.due }[kind];
    return {
      kind,
      heading,
      payLabel: open && recipient ? (kind === 'overdue' ? INVOICE_MESSAGES.payNow : INVOICE_MESSAGES.payInvoice) : null,
      showMethods: open && recipient,
      processing,
      note: processing
        ? recipient ? INVOICE_MESSAGES.processingNote : INVOICE_MESSAGES.processingBoardNote
        : kind === 'canceled' ? INVOICE_MESSAGES.canceledNote : open && !recipient ? INVOICE_MESSAGES.onlyRecipient : null,
    };
  },
};

export const invoiceStatusField = lazy(() => z.enum(INVOICE_STATUSES, { error: INVOICE_MESSAGES.statusInvalid }));
/** The status and, when it is paid, how the payment came (the board records only payments outside the app). */
export const invoiceStatusFields = lazy(() => ({
  status: invoiceStatusField,
  payment_method: z.enum(MANUAL_PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentMethodInvalid }).nullish(),
}));
/** Marking paid names the payment method. */
export function invoicePaymentRule(v: { status: InvoiceStatus; payment_method?: ManualPaymentMethod | null }, ctx: z.RefinementCtx): void {
  if (v.status === 'paid' && !v.payment_method) ctx.addIssue({ code: 'custom', path: ['payment_method'], message: INVOICE_MESSAGES.paymentMethodRequired });
}
/** `PUT /api/invoices/:id/status`; the setInvoiceStatus mutator adds the row id. */
export const invoiceStatusSchema = lazy(() => z.object(invoiceStatusFields).superRefine(invoicePaymentRule));
export type InvoiceStatusChange = z.output<typeof invoiceStatusSchema>;

export const INVOICE_SORTS = ['due_date', 'sent', 'amount', 'title', 'status', 'createdAt'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** Repeated `status`: `?status=a&status=b`; a comma list is read too. */
const statusList = lazy(() => z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : v ? [v] : []).flatMap((p) => p.split(',')).map((p) => p.trim()).filter(Boolean);
    if (parts.length > 10 || parts.some((p) => !(INVOICE_STATUSES as readonly string[]).includes(p))) {
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.statusInvalid });
      return z.NEVER;
    }
    return [...new Set(parts)] as InvoiceStatus[];
  }));

/** `GET /api/invoices` query; the title is trimmed and ignored when blank. */
export const invoiceListQuery = lazy(() => z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  limit: z.coerce.number().int().min(1).max(100).default(INVOICE_PAGE_SIZE).catch(INVOICE_PAGE_SIZE),
  status: statusList,
  title: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || null),
  sortBy: z.enum(INVOICE_SORTS, { error: INVOICE_MESSAGES.sortInvalid }).default('due_date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc').catch('desc'),
  /** Not in the spec: the board's list of one due's invoices (the due's page). */
  dues_id: z.string().trim().max(64).optional(),
}));
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

// ------------------------------------------------------------------ REST response shapes

export interface ApiInvoice {
  _id: string;
  dues_id: { _id: string; title: string; description: string | null; frequency: DueFrequency };
  amountCents: number;
  status: InvoiceStatus;
  /** When it was sent (the period's send date). */
  sent: string;
  due_date: string;
  paid_at: string | null;
  /** How it was paid: the board's record (check, cash, transfer) or `online`; null unless paid. */
  payment_method: PaymentMethod | null;
  /** A bank payment in flight since then; null otherwise. */
  processing_since: string | null;
  recipient_id: { _id: string; name: string; email: string };
  /** Who marked it paid or changed its status, and how it was paid, oldest first. */
  history: ApiHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ApiInvoicePage {
  docs: ApiInvoice[];
  page: number;
  limit: number;
  totalPages: number;
  totalDocs: number;
}

/** `POST /api/invoices/:id/pay` and `POST /api/dues/:id/pay`. */
export interface ApiCheckout {
  checkout_url: string;
  invoice_id: string;
}
