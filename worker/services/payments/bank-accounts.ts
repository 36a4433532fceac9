/**
 * Stripe's test US bank accounts (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment,
 * test account numbers), as the local provider honours them: routing 110000000 with an account that
 * succeeds, fails (account closed) or stays processing until released (docs/decisions/223-local-bank-payments.md).
 */
export const TEST_BANK = {
  routing: '110000000',
  succeeds: '000123456789',
  fails: '000111111116',
  /** Stays processing until released by hand (the page's button, the tests' hook); then succeeds. */
  staysProcessing: '000222222227',
} as const;

/** The bank Stripe's test routing number belongs to, as Stripe names it. */
export const TEST_BANK_NAME = 'STRIPE TEST BANK';

/** How long a bank payment stays processing before the local provider settles it (Stripe: about 4 business days). */
export const BANK_SETTLE_DELAY_S = 120;

export const BANK_MESSAGES = {
  routingInvalid: 'Your routing number is invalid.',
  accountIncomplete: 'Your account number is incomplete.',
  notTestAccount: 'Your request was in test mode, but used a non test bank account. Use routing number 110000000 and a test account number.',
  /** Stripe's failure_message of R02. */
  accountClosed: "The customer's bank account has been closed.",
} as const;

export interface BankInput {
  routing: string;
  account: string;
  holder: string;
}

/** What the payment will do once submitted. */
export type BankOutcome =
  | { outcome: 'processing'; settles: 'succeeded' | 'failed' | 'held'; last4: string; routing: string }
  | { outcome: 'refused'; message: string };

export function evaluateBankAccount(input: BankInput): BankOutcome {
  const routing = input.routing.replace(/\s/g, '');
  const account = input.account.replace(/\s/g, '');
  if (!/^\d{9}$/.test(routing)) return { outcome: 'refused', message: BANK_MESSAGES.routingInvalid };
  if (!/^\d{4,17}$/.test(account)) return { outcome: 'refused', message: BANK_MESSAGES.accountIncomplete };
  if (routing !== TEST_BANK.routing) return { outcome: 'refused', message: BANK_MESSAGES.notTestAccount };
  const settles = account === TEST_BANK.succeeds ? 'succeeded' : account === TEST_BANK.fails ? 'failed' : account === TEST_BANK.staysProcessing ? 'held' : null;
  if (!settles) return { outcome: 'refused', message: BANK_MESSAGES.notTestAccount };
  return { outcome: 'processing', settles, last4: account.slice(-4), routing };
}
