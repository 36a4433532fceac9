/**
 * Processing fees of an online payment, priced as Stripe prices them: card 2.9% + 30¢, US bank account
 * (ACH) 0.8% capped at $5.00. When the HOA passes them on, the resident pays the invoice plus the fee,
 * grossed up so the HOA receives the invoice's amount after Stripe's cut (docs/decisions/222-processing-fees-passed-on.md).
 * One pure function for the server (the Checkout's fee line) and the payment panel (what it shows first).
 * Client and server both import this file.
 */
import { z } from 'zod';
import type { ProcessingFeeMode } from './ledger';
import { formatUsd } from './money';
import { lazy } from './lazy';

/** The methods a resident's Checkout offers, as Stripe names them. */
export const CHECKOUT_METHODS = ['card', 'us_bank_account'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export const CHECKOUT_METHOD_LABELS: Record<CheckoutMethod, string> = { card: 'Card', us_bank_account: 'Bank account' };

/** Stripe's price per method: a share in basis points, a fixed part, a cap (cents; null: none). */
const PRICING: Record<CheckoutMethod, { bps: number; fixedCents: number; capCents: number | null }> = {
  card: { bps: 290, fixedCents: 30, capCents: null },
  us_bank_account: { bps: 80, fixedCents: 0, capCents: 500 },
};

/** What Stripe takes from a charge of `chargeCents` paid by `method` (rounded to the cent, as Stripe does). */
export function stripeFeeCents(method: CheckoutMethod, chargeCents: number): number {
  const p = PRICING[method];
  const fee = Math.round((chargeCents * p.bps) / 10_000) + p.fixedCents;
  return p.capCents == null ? fee : Math.min(fee, p.capCents);
}

/**
 * The fee passed on for an invoice of `amountCents` paid by `method`: the smallest fee whose charge,
 * after Stripe's cut, leaves the HOA the whole invoice. 0 for nothing to pay.
 */
export function processingFeeCents(method: CheckoutMethod, amountCents: number): number {
  if (amountCents <= 0) return 0;
  const p = PRICING[method];
  // The closed form lands on the answer or a cent short of it (rounding): step up until it covers.
  let fee = Math.max(0, Math.floor((amountCents * p.bps) / (10_000 - p.bps) + p.fixedCents / (1 - p.bps / 10_000)) - 1);
  if (p.capCents != null) fee = Math.min(fee, p.capCents);
  while (amountCents + fee - stripeFeeCents(method, amountCents + fee) < amountCents) fee++;
  return fee;
}

/** What a resident is asked per method: nothing extra when the HOA absorbs the fees. */
export interface FeeQuote {
  method: CheckoutMethod;
  feeCents: number;
  totalCents: number;
}
export function feeQuotes(mode: ProcessingFeeMode, amountCents: number): FeeQuote[] {
  return CHECKOUT_METHODS.map((method) => {
    const feeCents = mode === 'passed_on' ? processingFeeCents(method, amountCents) : 0;
    return { method, feeCents, totalCents: amountCents + feeCents };
  });
}

/** "Card: $3.95 fee, $128.45 total". */
export const feeQuoteText = (q: FeeQuote) => `${CHECKOUT_METHOD_LABELS[q.method]}: ${formatUsd(q.feeCents)} fee, ${formatUsd(q.totalCents)} total`;

export const PROCESSING_FEE_MESSAGES = {
  methodRequired: 'Please choose how you will pay: card or bank account.',
  methodInvalid: 'Payment method must be card or us_bank_account',
  feeLine: 'Processing fee',
} as const;

/** `POST /api/invoices/:id/pay` body: the method, required when the HOA passes fees on (the fee depends on it). */
export const payInvoiceBody = lazy(() => z.object({ method: z.enum(CHECKOUT_METHODS, { error: PROCESSING_FEE_MESSAGES.methodInvalid }).optional() }));
export type PayInvoiceBody = z.output<typeof payInvoiceBody>;
