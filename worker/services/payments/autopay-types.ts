/**
 * What autopay needs of the payment provider, on the HOA's connected account: the resident as a
 * customer, a hosted setup page saving a card or a US bank account (a SetupIntent), and off-session
 * charges of a saved method. Stripe (stripe-autopay.ts) and the local provider (local-autopay.ts).
 */

export type SavedMethodKind = 'card' | 'us_bank_account';

/** Every create carries an idempotency key (types.ts says the same of the provider's other calls). */
interface Idempotent {
  idempotencyKey: string;
}

/** A saved payment method as the app shows it. */
export interface ProviderPaymentMethod {
  id: string;
  kind: SavedMethodKind;
  /** "Visa", or the bank's name. */
  label: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** A setup page's outcome (read on its return, or from `setup_intent.succeeded`). */
export interface SetupResult {
  status: 'open' | 'succeeded' | 'failed';
  paymentMethodId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
}

/** An off-session charge: cards answer at once, bank debits stay `processing` until their webhook. */
export interface ChargeResult {
  id: string;
  status: 'succeeded' | 'processing' | 'failed';
  /** The provider's reason, for a failure. */
  failureMessage: string | null;
}

export interface AutopayPayments {
  createCustomer(input: Idempotent & { connectedAccountId: string; email: string; name: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  /** A hosted page saving a card or bank account for off-session use; `successUrl` may hold `{CHECKOUT_SESSION_ID}`. */
  createSetupSession(
    input: Idempotent & { connectedAccountId: string; customerId: string; kind: SavedMethodKind; successUrl: string; cancelUrl: string; metadata: Record<string, string> },
  ): Promise<{ id: string; url: string }>;
  getSetupSession(input: { connectedAccountId: string; sessionId: string }): Promise<SetupResult>;
  getPaymentMethod(input: { connectedAccountId: string; paymentMethodId: string }): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(input: { connectedAccountId: string; paymentMethodId: string }): Promise<void>;
  /** A PaymentIntent confirmed off session with a saved method; a decline answers `failed` with its reason. */
  chargeOffSession(
    input: Idempotent & { connectedAccountId: string; customerId: string; paymentMethodId: string; amountCents: number; description: string; metadata: Record<string, string> },
  ): Promise<ChargeResult>;
}

/** A Stripe-shaped payment method → what the app keeps of it. */
export function toProviderPaymentMethod(pm: Record<string, any>): ProviderPaymentMethod {
  if (pm.type === 'us_bank_account') {
    const bank = pm.us_bank_account ?? {};
    return { id: pm.id, kind: 'us_bank_account', label: String(bank.bank_name ?? 'Bank account'), last4: String(bank.last4 ?? ''), expMonth: null, expYear: null };
  }
  const card = pm.card ?? {};
  const brand = String(card.brand ?? 'card');
  return { id: pm.id, kind: 'card', label: brand.charAt(0).toUpperCase() + brand.slice(1), last4: String(card.last4 ?? ''), expMonth: card.exp_month ?? null, expYear: card.exp_year ?? null };
}
