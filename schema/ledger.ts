/**
 * A resident's statement of account: the kinds of ledger line, what each does to the balance, the
 * balance in plain words and the running balance. Money is integer cents everywhere; a line's
 * `amountCents` is signed as it moves the balance (a charge or a fee adds to what the resident owes,
 * a payment, a waiver or a credit takes from it, a refund gives money back and adds it again).
 */
import { formatUsd } from './money';

export const LEDGER_KINDS = ['charge', 'payment', 'late_fee', 'waiver', 'credit', 'refund', 'fine', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  charge: 'Charge',
  payment: 'Payment',
  late_fee: 'Late fee',
  waiver: 'Waiver',
  credit: 'Credit',
  refund: 'Refund',
  fine: 'Fine',
  adjustment: 'Adjustment',
};

/** Which way a kind moves the balance: +1 adds to what is owed, −1 takes from it; adjustments go either way. */
export const LEDGER_SIGN: Record<LedgerKind, 1 | -1 | 0> = {
  charge: 1,
  late_fee: 1,
  fine: 1,
  refund: 1,
  payment: -1,
  waiver: -1,
  credit: -1,
  adjustment: 0,
};

/** How a payment came: the board's record of money received outside the app, or the provider's method. */
export const LEDGER_PAYMENT_METHODS = ['check', 'cash', 'transfer', 'card', 'us_bank_account', 'online'] as const;
export type LedgerPaymentMethod = (typeof LEDGER_PAYMENT_METHODS)[number];
export const LEDGER_PAYMENT_METHOD_LABELS: Record<LedgerPaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  transfer: 'Bank transfer',
  card: 'Card',
  us_bank_account: 'Bank account (ACH)',
  online: 'Online payment',
};

/** The balance as a sentence a resident reads at a glance: never a bare negative number, never $0 while something is owed. */
export function balanceSentence(balanceCents: number, who: 'you' | string = 'you'): string {
  const you = who === 'you';
  if (balanceCents > 0) return you ? `You owe ${formatUsd(balanceCents)}` : `${who} owes ${formatUsd(balanceCents)}`;
  if (balanceCents < 0) return you ? `You have a credit of ${formatUsd(-balanceCents)}` : `${who} has a credit of ${formatUsd(-balanceCents)}`;
  return you ? 'You are paid up' : `${who} is paid up`;
}

export interface LedgerLineLike {
  id: string;
  amountCents: number;
  occurredAt: number;
}

/** At the same moment what is owed comes before what settles it (a charge before its payment or credit). */
const SAME_MOMENT_RANK: Record<LedgerKind, number> = { charge: 0, fine: 1, late_fee: 2, refund: 3, adjustment: 4, waiver: 5, credit: 6, payment: 7 };

/** Oldest first; at the same moment charges before what settles them, then by id, so every device agrees. */
export const ledgerOrder = (a: LedgerLineLike & { kind?: LedgerKind }, b: LedgerLineLike & { kind?: LedgerKind }) =>
  a.occurredAt - b.occurredAt || (a.kind && b.kind ? SAME_MOMENT_RANK[a.kind] - SAME_MOMENT_RANK[b.kind] : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The lines oldest first, each with the balance after it. */
export function withRunningBalance<L extends LedgerLineLike>(lines: readonly L[]): Array<L & { balanceCents: number }> {
  let balance = 0;
  return [...lines].sort(ledgerOrder).map((line) => {
    balance += line.amountCents;
    return { ...line, balanceCents: balance };
  });
}

/** The balance of a set of lines: charges + fees + fines + refunds − payments − waivers − credits (± adjustments). */
export const balanceOf = (lines: readonly { amountCents: number }[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);

/** The HOA's choice for card and bank processing fees: absorbed, or passed on to the resident and shown before paying. */
export const PROCESSING_FEE_MODES = ['absorbed', 'passed_on'] as const;
export type ProcessingFeeMode = (typeof PROCESSING_FEE_MODES)[number];

/** Late fee rule of a due: none, a fixed amount in cents, or a percent of the invoice in basis points. */
export const LATE_FEE_KINDS = ['none', 'fixed', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** A receipt's number as printed: "R-000042" (numbered per HOA). */
export const receiptNumberText = (n: number) => `R-${String(n).padStart(6, '0')}`;

/** The calendar year (UTC) a moment falls in; statements are filtered by it. */
export const yearOf = (ms: number) => new Date(ms).getUTCFullYear();

export interface Statement<L extends LedgerLineLike> {
  /** The balance carried in from before the year (0 without a year). */
  openingCents: number;
  /** The year's lines, oldest first, each with the balance after it. */
  lines: Array<L & { balanceCents: number }>;
  /** The balance after the last line shown. */
  closingCents: number;
  /** Today's balance over every line. */
  balanceCents: number;
  /** The years that have lines, newest first. */
  years: number[];
}

/** A resident's statement, for one year or for all time: the running balance carries the years before in. */
export function statementOf<L extends LedgerLineLike>(all: readonly L[], year?: number | null): Statement<L> {
  const running = withRunningBalance(all);
  const years = [...new Set(running.map((l) => yearOf(l.occurredAt)))].sort((a, b) => b - a);
  const balanceCents = running.length ? running[running.length - 1].balanceCents : 0;
  if (year == null) return { openingCents: 0, lines: running, closingCents: balanceCents, balanceCents, years };
  const before = running.filter((l) => yearOf(l.occurredAt) < year);
  const lines = running.filter((l) => yearOf(l.occurredAt) === year);
  const openingCents = before.length ? before[before.length - 1].balanceCents : 0;
  return { openingCents, lines, closingCents: lines.length ? lines[lines.length - 1].balanceCents : openingCents, balanceCents, years };
}

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for
 * spreadsheets, except in a plain number ("-120.00" stays a number an import reads).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (fields: readonly (string | number | null | undefined)[]) => fields.map(csvField).join(',');

/** Cents as a plain decimal an accountant's import reads ("-120.00"), no currency sign. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The statement as CSV: one row per line, with the opening balance first when a year is chosen. */
export function statementCsv(
  statement: Statement<LedgerLineLike & { kind: LedgerKind; description: string; receiptNumber: number | null; methodDetail?: string | null; method?: LedgerPaymentMethod | null }>,
  dayText: (ms: number) => string,
): string {
  const rows = [csvRow(['Date', 'Type', 'Description', 'Receipt', 'Method', 'Amount', 'Balance'])];
  if (statement.openingCents !== 0 || statement.lines.length === 0) rows.push(csvRow(['', 'Opening balance', '', '', '', '', centsText(statement.openingCents)]));
  for (const l of statement.lines) {
    rows.push(
      csvRow([
        dayText(l.occurredAt),
        LEDGER_KIND_LABELS[l.kind],
        l.description,
        l.receiptNumber ? receiptNumberText(l.receiptNumber) : '',
        l.methodDetail ?? (l.method ? LEDGER_PAYMENT_METHOD_LABELS[l.method] : ''),
        centsText(l.amountCents),
        centsText(l.balanceCents),
      ]),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** How a payment came, as a receipt says it: the provider's words ("Visa •••• 4242"), else the method's label. */
export const paymentMethodText = (line: { method: LedgerPaymentMethod | null; methodDetail: string | null }): string | null =>
  line.methodDetail ?? (line.method ? LEDGER_PAYMENT_METHOD_LABELS[line.method] : null);

/**
 * A receipt's amount rows: with a processing fee paid on top, "Amount", "Processing fee" and "Total
 * paid"; without one, the amount alone (`plainLabel`). The receipt screen and the receipt mail show these.
 */
export function receiptAmountRows(amountCents: number, feeCents = 0, plainLabel = 'Amount'): Array<{ label: string; cents: number }> {
  if (feeCents <= 0) return [{ label: plainLabel, cents: amountCents }];
  return [
    { label: 'Amount', cents: amountCents },
    { label: 'Processing fee', cents: feeCents },
    { label: 'Total paid', cents: amountCents + feeCents },
  ];
}
