import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { isPaidPlan, PAID_PLAN_NAMES, planDisplayName } from '../../schema/signup';
import { TEST_BANK, type BankInput } from '../services/payments/bank-accounts';
import { TEST_CARDS, type CardInput } from '../services/payments/cards';
import { PLAN_PRICE_CENTS } from '../services/payments/types';
import { isLocalPayments } from '../services/payments/local';
import type { LocalBankPayments } from '../services/payments/local-bank';
import { CHECKOUT_PAGE_MESSAGES, methodsOf, type LocalHostedPages, type PageResult } from '../services/payments/local-pages';
import type { AppEnv } from '../env';
import { appOrigins } from '../middleware/app-origin';
import { loopbackOnly } from '../middleware/client-meta';

/**
 * The local payment provider's hosted pages (mounted only while the local provider stands in for Stripe; this machine only): Checkout (card and US bank account, and the release of a bank payment in flight), the SetupIntent card
 * step, the 3-D Secure challenge, the billing portal and Connect onboarding. Plain HTML forms, no script,
 * so they run under the app's CSP.
 */
type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const date = (s: number | null | undefined) => (s ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(s * 1000) : '—');
const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

export function page(title: string, body: Html) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f7f9;color:#1f2937}
  .bar{background:#fef3c7;color:#78350f;font-size:13px;text-align:center;padding:6px 12px;border-bottom:1px solid #fde68a}
  main{max-width:920px;margin:32px auto;padding:0 16px;display:grid;grid-template-columns:1fr 1fr;gap:24px;align-items:start}
  details{margin-top:14px} summary{cursor:pointer}
  main.single{grid-template-columns:1fr;max-width:520px}
  @media (max-width:720px){main{grid-template-columns:1fr;margin:16px auto}}
  .card{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:24px}
  h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:0 0 12px} p{margin:0 0 12px;line-height:1.5}
  .muted{color:#6b7280;font-size:14px} .amount{font-size:32px;font-weight:700;margin:8px 0 16px}
  label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}
  input[type=text]{width:100%;padding:10px 12px;border:1px solid #d1d5db;border-radius:6px;font-size:16px;margin:0 0 14px;background:#fff}
  input[type=text]:focus{outline:2px solid #166534;outline-offset:0;border-color:#166534}
  .row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
  button{width:100%;padding:12px 16px;border:0;border-radius:6px;background:#166534;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
  button:hover{background:#14532d} button.secondary{background:#fff;color:#1f2937;border:1px solid #d1d5db} button.danger{background:#b91c1c}
  button:focus-visible,a:focus-visible{outline:3px solid #86efac;outline-offset:2px}
  .error{background:#fee2e2;color:#991b1b;border:1px solid #fecaca;border-radius:6px;padding:10px 12px;margin:0 0 14px;font-size:14px}
  .ok{background:#dcfce7;color:#166534;border:1px solid #bbf7d0;border-radius:6px;padding:10px 12px;margin:0 0 14px;font-size:14px}
  table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px} td{padding:4px 0;border-bottom:1px solid #f3f4f6} td:first-child{font-family:ui-monospace,monospace;white-space:nowrap;padding-right:12px}
  a{color:#166534} .stack{display:grid;gap:10px} dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 16px;font-size:14px} dt{color:#6b7280} dd{margin:0}
  .badge{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600;background:#e5e7eb}
  .badge.trialing,.badge.active{background:#dcfce7;color:#166534}.badge.canceled,.badge.past_due{background:#fee2e2;color:#991b1b}
</style></head><body><div class="bar" role="note">Local test payments: no real money moves. Use Stripe's test cards and bank accounts.</div>${body}</body></html>`;
}

function testCards() {
  return html`<details><summary class="muted">Test cards</summary><table>
<tr><td>${grouped(TEST_CARDS.success)}</td><td>Succeeds</td></tr>
<tr><td>${grouped(TEST_CARDS.threeDSecure)}</td><td>Requires 3-D Secure authentication</td></tr>
<tr><td>${grouped(TEST_CARDS.declined)}</td><td>Declined</td></tr>
<tr><td>${grouped(TEST_CARDS.insufficientFunds)}</td><td>Insufficient funds</td></tr>
<tr><td>${grouped(TEST_CARDS.chargeDeclined)}</td><td>Saved, but charges fail (renewals go past due)</td></tr>
</table><p class="muted">Any future expiry date and any 3-digit CVC.</p></details>`;
}

function cardForm(action: string, submit: string, error: string | null, values: Partial<CardInput> = {}) {
  return html`<form method="post" action="${action}" novalidate>
${error ? html`<div class="error" role="alert">${error}</div>` : ''}
<label for="number">Card number</label>
<input type="text" id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${values.number ?? ''}">
<div class="row"><div><label for="expiry">Expiry</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" value="${values.expiry ?? ''}"></div>
<div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></div></div>
<button type="submit">${submit}</button></form>${testCards()}`;
}

function testBankAccounts() {
  return html`<details><summary class="muted">Test bank accounts</summary><p class="muted">Routing number ${TEST_BANK.routing}</p><table>
<tr><td>${TEST_BANK.succeeds}</td><td>Succeeds after its days in flight</td></tr>
<tr><td>${TEST_BANK.fails}</td><td>Fails (account closed)</td></tr>
<tr><td>${TEST_BANK.staysProcessing}</td><td>Stays processing until released</td></tr>
</table></details>`;
}

function bankForm(action: string, submit: string, error: string | null, values: Partial<BankInput> = {}) {
  return html`<form method="post" action="${action}" novalidate>
${error ? html`<div class="error" role="alert">${error}</div>` : ''}
<label for="holder">Account holder name</label>
<input type="text" id="holder" name="holder" autocomplete="name" value="${values.holder ?? ''}">
<label for="routing">Routing number</label>
<input type="text" id="routing" name="routing" inputmode="numeric" placeholder="110000000" value="${values.routing ?? ''}">
<label for="account">Account number</label>
<input type="text" id="account" name="account" inputmode="numeric" placeholder="000123456789" value="${values.account ?? ''}">
<p class="muted">A bank payment takes about 4 business days to arrive.</p>
<button type="submit">${submit}</button></form>${testBankAccounts()}`;
}

async function bankInput(c: Context<AppEnv>): Promise<BankInput> {
  const form = await c.req.parseBody();
  return { holder: String(form.holder ?? ''), routing: String(form.routing ?? ''), account: String(form.account ?? '') };
}

async function cardInput(c: Context<AppEnv>): Promise<CardInput> {
  const form = await c.req.parseBody();
  return { number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? '') };
}

/** The SetupIntent page's `return_url`, kept to this app's origins (a crafted link cannot bounce elsewhere). */
function returnUrlOf(c: Context<AppEnv>, fallback: string): string {
  const raw = c.req.query('return_url') ?? fallback;
  const app = new URL(c.var.deps.config.appUrl);
  try {
    const url = new URL(raw, app);
    return appOrigins(app.origin).includes(url.origin) ? url.toString() : app.toString();
  } catch {
    return app.toString();
  }
}

function local(c: Context<AppEnv>): LocalHostedPages | null {
  const p = c.var.deps.payments;
  return isLocalPayments(p) ? p.pages : null;
}

/** The Checkout's bank step (local-bank.ts); present whenever `local` is. */
function bankOf(c: Context<AppEnv>): LocalBankPayments {
  const p = c.var.deps.payments;
  if (!isLocalPayments(p)) throw new Error('not the local payment provider');
  return p.bank;
}

const gone = (c: Context<AppEnv>, what: string) => c.html(page('Not found', html`<main class="single"><div class="card"><h1>${what}</h1><p class="muted">This link is invalid or has expired.</p></div></main>`), 404);

/** After a card step: follow the redirect, go authenticate, or show the page again with the error. */
function after(c: Context<AppEnv>, r: PageResult, again: (error: string) => Promise<Response>) {
  if (r.result === 'error') return again(r.message);
  return c.redirect(r.url, 303);
}

export const devPayRoutes = new Hono<AppEnv>()
  .use(loopbackOnly)
  .use('*', async (c, next) => {
    if (!local(c)) return c.text('Not found', 404);
    await next();
  })

  // ------------------------------------------------------------ Checkout
  .get('/checkout/:id', async (c) => checkoutPage(c, null))
  .post('/checkout/:id', async (c) => {
    const card = await cardInput(c);
    const r = await local(c)!.payCheckout(c.req.param('id'), card);
    return after(c, r, (error) => checkoutPage(c, error, card, 402));
  })
  .post('/checkout/:id/bank', async (c) => {
    const bank = await bankInput(c);
    const r = await bankOf(c).payCheckoutByBank(c.req.param('id'), bank);
    return after(c, r, (error) => checkoutPage(c, null, undefined, 402, { error, values: bank }));
  })
  // The bank answers now instead of after its days in flight (a test hook, like Stripe's test clocks).
  .post('/checkout/:id/release', async (c) => {
    await bankOf(c).releaseBankPayments({ sessionId: c.req.param('id') });
    return c.redirect(`/dev/pay/checkout/${c.req.param('id')}`, 303);
  })

  // ------------------------------------------------------------ SetupIntent (signup card step)
  .get('/setup/:id', async (c) => setupPage(c, null))
  .post('/setup/:id', async (c) => {
    const card = await cardInput(c);
    const r = await local(c)!.confirmSetup(c.req.param('id'), card, returnUrlOf(c, '/'));
    return after(c, r, (error) => setupPage(c, error, card, 402));
  })

  // The app's card form posts here (JSON) when no Stripe key is set: the local Elements.
  .post('/setup/:id/confirm', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<Record<keyof CardInput, unknown>>;
    const card = { number: String(body.number ?? ''), expiry: String(body.expiry ?? ''), cvc: String(body.cvc ?? '') };
    const r = await local(c)!.confirmSetupFromApp(c.req.param('id'), card, returnUrlOf(c, '/signup'));
    return c.json(r, 'error' in r ? 402 : 200);
  })

  // ------------------------------------------------------------ 3-D Secure
  .get('/authenticate/:id', async (c) => {
    const target = await local(c)!.get(c.req.param('id'));
    if (!target?.pending_card) return gone(c, 'Authentication not found');
    const amount = target.amount_total ? usd(target.amount_total) : null;
    return c.html(
      page(
        '3-D Secure authentication',
        html`<main class="single"><div class="card"><h1>Authenticate your card</h1>
<p class="muted">Your bank asks you to confirm ${amount ? html`a payment of <strong>${amount}</strong>` : 'this card'} (card ending in ${target.pending_card.last4}).</p>
<div class="stack"><form method="post"><input type="hidden" name="action" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post"><input type="hidden" name="action" value="fail"><button type="submit" class="secondary">Fail authentication</button></form></div></div></main>`,
      ),
    );
  })
  .post('/authenticate/:id', async (c) => {
    const payments = local(c)!;
    const target = await payments.get(c.req.param('id'));
    if (!target) return gone(c, 'Authentication not found');
    const form = await c.req.parseBody();
    const r = await payments.authenticate(target.id, form.action === 'complete');
    if (r.result !== 'error') return c.redirect(r.url, 303);
    const back = payments.pageOf(target);
    return c.redirect(`${back}?error=${encodeURIComponent(r.message)}`, 303);
  })

  // ------------------------------------------------------------ Billing portal
  .get('/portal/:id', async (c) => portalPage(c, c.req.query('error') ?? null))
  .post('/portal/:id/cancel', async (c) => {
    const form = await c.req.parseBody();
    const r = await local(c)!.portalCancel(c.req.param('id'), String(form.subscription ?? ''), form.when === 'now');
    return after(c, r, (error) => portalPage(c, error));
  })
  .post('/portal/:id/renew', async (c) => {
    const form = await c.req.parseBody();
    const r = await local(c)!.portalRenew(c.req.param('id'), String(form.subscription ?? ''));
    return after(c, r, (error) => portalPage(c, error));
  })
  .post('/portal/:id/plan', async (c) => {
    const form = await c.req.parseBody();
    const plan = String(form.plan ?? '');
    if (!isPaidPlan(plan)) return portalPage(c, 'Choose a plan.');
    const r = await local(c)!.portalChangePlan(c.req.param('id'), String(form.subscription ?? ''), plan);
    return after(c, r, (error) => portalPage(c, error));
  })
  .post('/portal/:id/card', async (c) => {
    const card = await cardInput(c);
    const r = await local(c)!.portalUpdateCard(c.req.param('id'), card);
    return after(c, r, (error) => portalPage(c, error, 402));
  })

  // ------------------------------------------------------------ Connect onboarding
  .get('/connect/:id', async (c) => {
    const found = await local(c)!.getAccountLink(c.req.param('id'));
    if (!found?.account) return gone(c, 'Onboarding link not found');
    if (found.expired) return c.redirect(found.link.refresh_url, 303);
    const a = found.account;
    return c.html(
      page(
        'Set up payments',
        html`<main class="single"><div class="card"><h1>Set up payments for ${a.business_profile?.name ?? 'your HOA'}</h1>
<p class="muted">Residents' invoice payments are paid out to this account. In local mode no details are checked; the test bank account 000123456789 is used.</p>
<form method="post"><label for="business">Business name</label><input type="text" id="business" name="businessName" value="${a.business_profile?.name ?? ''}">
<dl><dt>Email</dt><dd>${a.email ?? '—'}</dd><dt>Bank account</dt><dd>Test account ••••6789</dd></dl>
<div class="stack"><button type="submit" name="complete" value="yes">Complete onboarding</button>
<button type="submit" name="complete" value="no" class="secondary">Save and finish later</button></div></form></div></main>`,
      ),
    );
  })
  .post('/connect/:id', async (c) => {
    const form = await c.req.parseBody();
    const r = await local(c)!.finishOnboarding(c.req.param('id'), { complete: form.complete === 'yes', businessName: String(form.businessName ?? '') });
    if (r.result === 'error') return gone(c, r.message);
    return c.redirect(r.url, 303);
  });

async function checkoutPage(c: Context<AppEnv>, error: string | null, values?: CardInput, status: 200 | 402 = 200, bank?: { error: string; values: BankInput }) {
  const s = await local(c)!.getCheckout(c.req.param('id')!);
  if (!s) return gone(c, 'Checkout not found');
  const err = error ?? c.req.query('error') ?? null;
  const lines = (s.line_items ?? []) as { description: string; amount_total: number }[];
  const summary = html`<div class="card"><p class="muted">${s.mode === 'subscription' ? 'Subscribe' : 'Pay'}</p><h1>${s.description}</h1>
${lines.length > 1 ? html`<dl>${lines.map((l) => html`<dt>${l.description}</dt><dd>${usd(l.amount_total)}</dd>`)}</dl>` : ''}
<div class="amount">${usd(s.amount_total)}${s.mode === 'subscription' ? html`<span class="muted"> per month</span>` : ''}</div>
${s.customer_email ? html`<p class="muted">Receipt to ${s.customer_email}</p>` : ''}
<p><a href="${s.cancel_url}">← Cancel and return</a></p></div>`;
  if (s.status !== 'open') {
    // A card sent to a closed session is refused with the page's own words (409: it can no longer pay).
    const paid = s.status === 'complete';
    const processing = paid ? await bankOf(c).processingPaymentOf(s) : null;
    const back = String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id);
    const body = processing
      ? html`<h2>Bank payment processing</h2><p>The bank account payment was submitted and is on its way (about 4 business days).</p>
<form method="post" action="/dev/pay/checkout/${s.id}/release"><button type="submit" class="secondary">Release the bank payment now</button></form><p style="margin-top:12px"><a href="${back}">Continue</a></p>`
      : paid
        ? html`<h2>${s.payment_status === 'paid' ? 'Paid' : 'Submitted'}</h2><p><a href="${back}">Continue</a></p>`
        : html`<h2>This checkout has expired</h2><p role="alert">${CHECKOUT_PAGE_MESSAGES.expired}</p><p><a href="${s.cancel_url}">Back to the invoice</a></p>`;
    return c.html(page('Checkout', html`<main>${summary}<div class="card">${body}</div></main>`), error || bank ? 409 : 200);
  }
  const methods = methodsOf(s);
  const payLabel = s.mode === 'subscription' ? 'Subscribe' : `Pay ${usd(s.amount_total)}`;
  const forms = [
    methods.includes('card') ? html`<div class="card"><h2>Pay with card</h2>${cardForm(`/dev/pay/checkout/${s.id}`, payLabel, err, values)}</div>` : '',
    // Stripe has the payer authorize the debit (its mandate): the button says so, apart from the card's Pay.
    methods.includes('us_bank_account') ? html`<div class="card"><h2>US bank account</h2>${bankForm(`/dev/pay/checkout/${s.id}/bank`, `Authorize bank payment of ${usd(s.amount_total)}`, bank?.error ?? null, bank?.values)}</div>` : '',
  ];
  return c.html(page('Checkout', html`<main>${summary}<div class="stack">${forms}</div></main>`), status);
}

async function setupPage(c: Context<AppEnv>, error: string | null, values?: CardInput, status: 200 | 402 = 200) {
  const si = await local(c)!.getSetupIntentObject(c.req.param('id')!);
  if (!si) return gone(c, 'Card setup not found');
  const err = error ?? c.req.query('error') ?? null;
  const returnUrl = returnUrlOf(c, si.return_url ?? '/');
  const action = `/dev/pay/setup/${si.id}?return_url=${encodeURIComponent(returnUrl)}`;
  return c.html(
    page(
      'Save your card',
      html`<main class="single"><div class="card"><h1>Save a card for your subscription</h1>
<p class="muted">Nothing is charged now: the card is charged when the free trial ends.</p>
${si.status === 'succeeded' ? html`<div class="ok">Card saved.</div><p><a href="${returnUrl}">Continue</a></p>` : cardForm(action, 'Save card', err, values)}</div></main>`,
    ),
    status,
  );
}

/** The portal's plan switch: one button per other plan (an upgrade is immediate, a downgrade from the next period). */
function planSwitch(sessionId: string, subscriptionId: string, current: string) {
  const others = PAID_PLAN_NAMES.filter((p) => p !== current);
  return html`<form method="post" action="/dev/pay/portal/${sessionId}/plan" class="stack" style="margin-bottom:10px"><input type="hidden" name="subscription" value="${subscriptionId}">
${others.map((p) => html`<button type="submit" name="plan" value="${p}" class="secondary">Switch to ${planDisplayName(p)} (${usd(PLAN_PRICE_CENTS[p])} per month)</button>`)}</form>`;
}

async function portalPage(c: Context<AppEnv>, error: string | null, status: 200 | 402 = 200) {
  const portal = await local(c)!.getPortal(c.req.param('id')!);
  if (!portal) return gone(c, 'Billing portal session not found');
  const id = portal.session.id;
  const pm = portal.paymentMethod;
  const subs = portal.subscriptions.map((s) => {
    const item = s.items.data[0];
    const plan = String(item.price.lookup_key ?? s.metadata?.plan ?? 'plan');
    return html`<div class="card"><h2>${plan.charAt(0).toUpperCase() + plan.slice(1)} plan · ${usd(item.price.unit_amount)} per month</h2>
<dl><dt>Status</dt><dd><span class="badge ${s.status}">${s.status}</span>${s.cancel_at_period_end ? html` <span class="muted">cancels ${date(item.current_period_end)}</span>` : ''}</dd>
${s.trial_end && s.status === 'trialing' ? html`<dt>Trial ends</dt><dd>${date(s.trial_end)}</dd>` : ''}
<dt>${s.status === 'canceled' ? 'Ended' : 'Renews'}</dt><dd>${s.status === 'canceled' ? date(s.ended_at ?? s.canceled_at) : date(item.current_period_end)}</dd>
${s.pending_plan ? html`<dt>Scheduled change</dt><dd>${s.pending_plan.plan} from ${date(s.pending_plan.effective_at)}</dd>` : ''}</dl>
${s.status === 'canceled' || s.cancel_at_period_end ? '' : planSwitch(id, s.id, plan)}
${
  s.status === 'canceled'
    ? ''
    : s.cancel_at_period_end
      ? html`<form method="post" action="/dev/pay/portal/${id}/renew"><input type="hidden" name="subscription" value="${s.id}"><button type="submit" class="secondary">Renew plan</button></form>`
      : html`<form method="post" action="/dev/pay/portal/${id}/cancel" class="stack"><input type="hidden" name="subscription" value="${s.id}"><button type="submit" class="danger">Cancel plan</button>
<button type="submit" name="when" value="now" class="secondary">Cancel now (end access today)</button></form>`
}</div>`;
  });
  return c.html(
    page(
      'Billing',
      html`<main><div class="stack"><div class="card"><p class="muted">${portal.customer?.name ?? ''}</p><h1>Billing</h1><p class="muted">${portal.customer?.email ?? ''}</p>
<p><a href="${portal.session.return_url}">← Return to the app</a></p></div>${subs.length ? subs : html`<div class="card"><p class="muted">No subscriptions.</p></div>`}</div>
<div class="card"><h2>Payment method</h2>${c.req.query('updated') ? html`<div class="ok" role="status">Payment method updated.</div>` : ''}${c.req.query('plan') ? html`<div class="ok" role="status">Plan updated.</div>` : ''}
<p>${pm ? html`${pm.card.brand.toUpperCase()} ending in ${pm.card.last4}, expires ${String(pm.card.exp_month).padStart(2, '0')}/${pm.card.exp_year}` : html`<span class="muted">No card on file.</span>`}</p>
${cardForm(`/dev/pay/portal/${id}/card`, 'Update card', error)}</div></main>`,
    ),
    status,
  );
}
