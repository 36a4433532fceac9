/**
 * What the local provider's hosted pages (local-pages.ts) use of the provider (`LocalPayments`,
 * local.ts): its stored Stripe-shaped objects and its events. Apart from both, so that neither
 * imports the other.
 */
import type { CardDetails } from './cards';
import type { PaidPlan } from './types';

/** A Stripe-shaped object as stored. */
export type Obj = Record<string, any>;

/** A random id suffix, as Stripe's ids have. */
export const rand = () => crypto.randomUUID().replace(/-/g, '').slice(0, 24);

export interface LocalObjectStore {
  readonly appUrl: string;
  clock(): number;
  nowS(): number;
  get(id: string): Promise<Obj | null>;
  must(id: string, object: string): Promise<Obj>;
  put(o: Obj): Promise<Obj>;
  putIf(o: Obj, field: string, expected: string | null): Promise<boolean>;
  list(kind: string, match: (o: Obj) => boolean): Promise<Obj[]>;
  emit(type: string, object: Obj, opts?: { account?: string; background?: boolean }): Promise<unknown>;
  newSubscription(customerId: string, plan: PaidPlan, opts: { trialDays: number; paymentMethodId: string | null; metadata: Record<string, string> }): Obj;
  applyPlanChange(sub: Obj, plan: PaidPlan, direction: 'upgrade' | 'downgrade'): void;
  cancel(subscriptionId: string, opts: { immediately: boolean; reason: string | null }): Promise<Obj>;
  newPaymentMethod(card: CardDetails, customer: string | null): Promise<Obj>;
}
