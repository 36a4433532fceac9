/** Invoices (community §2–§9): statuses, the spec's messages, the list query, REST shapes, the policy. */
import { z } from 'zod';
import type { DueFrequency } from './dues';
import { dayOf } from './money';
import { isPrivileged, type Role } from './roles';
import { lazy } from './lazy';

export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'canceled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', overdue: 'Overdue', canceled: 'Canceled' };

export const INVOICE_PAGE_SIZE = 10;

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
  paidIsFinal: 'A paid invoice cannot change its status.',
  sortInvalid: 'Sort must be due_date, sent, amount, title or status',
  needsConnection: 'Paying needs an internet connection. Please reconnect and try again.',
  confirming: 'Confirming your payment…',
  statusUpdated: (status: InvoiceStatus) => `Status updated to ${INVOICE_STATUS_LABELS[status]}`,
} as const;

/** "Showing x to y of z invoices" and "Page n of m" (community §2). */
export const invoiceRangeText = (page: number, limit: number, total: number) =>
  `Showing ${total === 0 ? 0 : (page - 1) * limit + 1} to ${Math.min(page * limit, total)} of ${total} invoices`;
export const pageOfText = (page: number, pages: number) => `Page ${page} of ${Math.max(1, pages)}`;

/** What the payment panel shows (community §4). */
export interface PaymentPanel {
  kind: InvoiceStatus;
  heading: string;
  /** The pay button's words, or null when this viewer has none. */
  payLabel: string | null;
  /** The payment methods list, for residents on an open invoice. */
  showMethods: boolean;
  note: string | null;
}

/**
 * The invoice policy (community §4, §6), one rule each: the domain enforces it, the mutators predict
 * with it, the screens choose their controls with it.
 */
export const invoicePolicy = {
  /** Set an invoice's status, see its recipient (community §6). */
  mayChangeStatus: (role: Role) => isPrivileged(role),
  seesRecipient: (role: Role) => isPrivileged(role),
  /** Residents see their own invoices; the board the HOA's. */
  maySee: (inv: { recipientId: string }, viewer: { userId: string; role: Role }) => isPrivileged(viewer.role) || inv.recipientId === viewer.userId,
  /** Pending and overdue invoices are open for payment. */
  isPayable: (status: InvoiceStatus) => status === 'pending' || status === 'overdue',
  /** Only the recipient pays (community §6), and only an open invoice. */
  mayPay: (inv: { recipientId: string; status: InvoiceStatus }, viewer: { userId: string }) => inv.recipientId === viewer.userId && invoicePolicy.isPayable(inv.status),
  /** Paid is final: neither the board nor a late payment event reopens it. */
  isFinal: (status: InvoiceStatus) => status === 'paid',
  mayChangeTo: (from: InvoiceStatus, to: InvoiceStatus) => !invoicePolicy.isFinal(from) && from !== to,
  /** Pending past its due day counts as overdue (community §4); the overdue job stores the same. */
  shownStatus: (inv: { status: InvoiceStatus; dueDate: number }, now: number): InvoiceStatus =>
    inv.status === 'pending' && inv.dueDate < dayOf(now) ? 'overdue' : inv.status,
  isPastDue: (inv: { dueDate: number }, now: number) => inv.dueDate < dayOf(now),
  /** The payment panel for this viewer (community §4). */
  panelFor(inv: { recipientId: string; status: InvoiceStatus; dueDate: number }, viewer: { userId: string }, now: number): PaymentPanel {
    const kind = invoicePolicy.shownStatus(inv, now);
    const recipient = inv.recipientId === viewer.userId;
    const open = invoicePolicy.isPayable(kind);
    const heading = { paid: INVOICE_MESSAGES.paid, overdue: INVOICE_MESSAGES.overdue, canceled: INVOICE_MESSAGES.canceled, pending: INVOICE_MESSAGES.due }[kind];
    return {
      kind,
      heading,
      payLabel: open && recipient ? (kind === 'overdue' ? INVOICE_MESSAGES.payNow : INVOICE_MESSAGES.payInvoice) : null,
      showMethods: open && recipient,
      note: kind === 'canceled' ? INVOICE_MESSAGES.canceledNote : open && !recipient ? INVOICE_MESSAGES.onlyRecipient : null,
    };
  },
};

export const invoiceStatusField = lazy(() => z.enum(INVOICE_STATUSES, { error: INVOICE_MESSAGES.statusInvalid }));
/** `PUT /api/invoices/:id/status` and the setInvoiceStatus mutator. */
export const invoiceStatusSchema = lazy(() => z.object({ status: invoiceStatusField }));

export const INVOICE_SORTS = ['due_date', 'sent', 'amount', 'title', 'status', 'createdAt'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** Repeated `status` (community §7): `?status=a&status=b`; a comma list is read too. */
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

/** `GET /api/invoices` query (community §7); the title is trimmed and ignored when blank (§5). */
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

// ------------------------------------------------------------------ REST response shapes (community §3)

export interface ApiInvoice {
  _id: string;
  dues_id: { _id: string; title: string; description: string | null; frequency: DueFrequency };
  amountCents: number;
  status: InvoiceStatus;
  /** When it was sent (the period's send date). */
  sent: string;
  due_date: string;
  paid_at: string | null;
  recipient_id: { _id: string; name: string; email: string };
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
