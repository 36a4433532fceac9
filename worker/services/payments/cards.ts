/**
 * Stripe's published test cards (https://docs.stripe.com/testing), as the local provider honours them.
 * Messages are Stripe's own decline messages, so the screens show what they will show with Stripe.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000002500003155',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saved without trouble, but every charge fails: the trial's end then makes the subscription past due (lifecycle tests). */
  chargeDeclined: '4000000000000341',
} as const;

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  expiredYear: "Your card's expiration year is in the past.",
  expiredDate: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  /** A real card number in test mode. */
  notTestCard: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.',
} as const;

export interface CardInput {
  number: string;
  /** `MM / YY` or `MM/YY`. */
  expiry: string;
  cvc: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Stripe's 4000 0000 0000 0341: attaching succeeds, charging fails. */
  failsCharges?: boolean;
}

export type CardOutcome =
  | { outcome: 'succeeded'; card: CardDetails }
  | { outcome: 'requires_action'; card: CardDetails }
  | { outcome: 'declined'; message: string; code: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What Stripe would answer for this card, `now` deciding whether the expiry is past. */
export function evaluateCard(input: CardInput, now: number): CardOutcome {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { outcome: 'declined', code: 'incomplete_number', message: CARD_MESSAGES.incompleteNumber };
  if (!luhn(number)) return { outcome: 'declined', code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return { outcome: 'declined', code: 'incomplete_expiry', message: CARD_MESSAGES.incompleteExpiry };
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const today = new Date(now);
  if (expYear < today.getUTCFullYear()) return { outcome: 'declined', code: 'invalid_expiry_year', message: CARD_MESSAGES.expiredYear };
  if (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1) return { outcome: 'declined', code: 'invalid_expiry_month', message: CARD_MESSAGES.expiredDate };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { outcome: 'declined', code: 'incomplete_cvc', message: CARD_MESSAGES.incompleteCvc };

  const card: CardDetails = { brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'card', last4: number.slice(-4), expMonth, expYear };
  switch (number) {
    case TEST_CARDS.success:
      return { outcome: 'succeeded', card };
    case TEST_CARDS.chargeDeclined:
      return { outcome: 'succeeded', card: { ...card, failsCharges: true } };
    case TEST_CARDS.threeDSecure:
      return { outcome: 'requires_action', card };
    case TEST_CARDS.declined:
      return { outcome: 'declined', code: 'card_declined', message: CARD_MESSAGES.declined };
    case TEST_CARDS.insufficientFunds:
      return { outcome: 'declined', code: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds };
    default:
      return { outcome: 'declined', code: 'card_declined', message: CARD_MESSAGES.notTestCard };
  }
}
