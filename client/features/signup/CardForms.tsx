/**
 * The secure card form of the payment step: Stripe Elements when the API gives a publishable key,
 * otherwise the local provider's equivalent (docs/decisions/145-card-form-without-keys.md), which takes the same test cards and
 * answers the same way. Both confirm the signup's SetupIntent and report its id, or the provider's
 * message; 3-D Secure leaves the page and comes back to /signup with the outcome in the query.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { SIGNUP_MESSAGES } from '../../../schema/signup';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';

export interface CardFormProps {
  setupIntentId: string;
  clientSecret: string;
  name: string;
  busy: boolean;
  /** The card is saved: confirm it with the API. */
  onSecured: (setupIntentId: string) => void;
  onReady?: () => void;
}

/** Where the provider sends the browser back after a 3-D Secure challenge. */
export const returnUrl = () => `${location.origin}/signup`;

function SubmitRow({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" className="w-full" busy={busy} busyText="Processing...">
      Start Free Trial
    </Button>
  );
}

export function StripeCardForm({ publishableKey, clientSecret, name, busy, onSecured, onReady }: CardFormProps & { publishableKey: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{
    stripe: Stripe;
    card: StripeCardElement;
    complete: boolean;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let live = true;
    void import('@stripe/stripe-js').then(
      async ({ loadStripe }) => {
        const s = await loadStripe(publishableKey);
        if (!s || !live || !mount.current) return;
        const card = s.elements().create('card', { hidePostalCode: true });
        stripe.current = { stripe: s, card, complete: false };
        card.on('change', (e) => {
          if (stripe.current) stripe.current.complete = e.complete;
          setError(e.error?.message ?? null);
        });
        card.on('ready', () => onReady?.());
        card.mount(mount.current);
      },
      () => live && setError(SIGNUP_MESSAGES.paymentSetupFailed),
    );
    return () => {
      live = false;
      stripe.current?.card.destroy();
    };
  }, [publishableKey, onReady]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const s = stripe.current;
    if (!s?.complete) return setError(SIGNUP_MESSAGES.completeCardDetails);
    setWorking(true);
    const r = await s.stripe.confirmCardSetup(clientSecret, {
      payment_method: { card: s.card, billing_details: { name } },
      return_url: returnUrl(),
    });
    setWorking(false);
    if (r.error) return setError(r.error.message ?? SIGNUP_MESSAGES.paymentSetupFailed);
    if (r.setupIntent?.status === 'succeeded') onSecured(r.setupIntent.id);
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="rounded-md border border-neutral-300 bg-white px-3 py-3" ref={mount} />
      <SubmitRow busy={busy || working} />
    </form>
  );
}

/** The local provider's card form: posts to its SetupIntent confirm call (local mode only, this machine). */
export function LocalCardForm({ setupIntentId, busy, onSecured, onReady }: CardFormProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useEffect(() => onReady?.(), [onReady]);
  const set = (k: keyof typeof card) => (e: React.ChangeEvent<HTMLInputElement>) => setCard((c) => ({ ...c, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!card.number.trim() || !card.expiry.trim() || !card.cvc.trim()) return setError(SIGNUP_MESSAGES.completeCardDetails);
    setError(null);
    setWorking(true);
    try {
      const res = await fetch(`/dev/pay/setup/${encodeURIComponent(setupIntentId)}/confirm?return_url=${encodeURIComponent(returnUrl())}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(card),
      });
      const r = (await res.json()) as {
        status?: string;
        error?: { message: string };
        next_action?: { redirect_to_url: string };
      };
      if (r.next_action) return location.assign(r.next_action.redirect_to_url);
      if (r.error) return setError(r.error.message);
      if (r.status === 'succeeded') onSecured(setupIntentId);
    } catch {
      setError(SIGNUP_MESSAGES.paymentMethodFailed);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <Field label="Card number">
        <Input name="cardnumber" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={card.number} onChange={set('number')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry">
          <Input name="exp-date" autoComplete="cc-exp" placeholder="MM / YY" value={card.expiry} onChange={set('expiry')} />
        </Field>
        <Field label="CVC">
          <Input name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" value={card.cvc} onChange={set('cvc')} />
        </Field>
      </div>
      <SubmitRow busy={busy || working} />
    </form>
  );
}

/** The test-mode hint: the four test cards, with any future expiry and any CVC. */
export function TestCardsHint() {
  const cards = [
    ['4242 4242 4242 4242', 'Success'],
    ['4000 0025 0000 3155', '3-D Secure authentication'],
    ['4000 0000 0000 0002', 'Declined'],
    ['4000 0000 0000 9995', 'Insufficient funds'],
  ];
  return (
    <div className="rounded-lg border border-warning-200 bg-warning-50 p-4 text-sm text-warning-800">
      <p className="font-semibold">Test mode: use a test card</p>
      <ul className="mt-2 space-y-1">
        {cards.map(([n, what]) => (
          <li key={n} className="flex flex-wrap justify-between gap-x-4">
            <span className="font-mono tabular-nums">{n}</span>
            <span>{what}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2">Any future expiry date and any 3-digit CVC.</p>
    </div>
  );
}
