import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { TEST_CARDS } from '../services/payments/cards';
import { isLocalPayments } from '../services/payments/local';
import { TEST_BANK, type LocalAutopay, type SetupPageResult } from '../services/payments/local-autopay';
import type { AppEnv } from '../env';
import { loopbackOnly } from '../middleware/client-meta';
import { page } from './dev-pay';

/**
 * The local provider's hosted page saving a card or a US bank account for autopay (Checkout in setup
 * mode on the HOA's connected account), with Stripe's test cards and test bank accounts. Plain forms.
 */
const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

function autopayOf(c: Context<AppEnv>): LocalAutopay | null {
  const p = c.var.deps.payments;
  return isLocalPayments(p) ? p.autopay : null;
}

const testCards = html`<details><summary class="muted">Test cards</summary><table>
<tr><td>${grouped(TEST_CARDS.success)}</td><td>Saved; charges succeed</td></tr>
<tr><td>${grouped(TEST_CARDS.chargeDeclined)}</td><td>Saved, but every charge fails</td></tr>
<tr><td>${grouped(TEST_CARDS.declined)}</td><td>Declined</td></tr>
</table><p class="muted">Any future expiry date and any 3-digit CVC.</p></details>`;

const testBanks = html`<details><summary class="muted">Test bank accounts (routing ${TEST_BANK.routing})</summary><table>
<tr><td>${TEST_BANK.success}</td><td>Debits succeed after processing</td></tr>
<tr><td>${TEST_BANK.noAccount}</td><td>Saved, but debits fail (no account)</td></tr>
<tr><td>${TEST_BANK.accountClosed}</td><td>Saved, but debits fail (account closed)</td></tr>
<tr><td>${TEST_BANK.insufficientFunds}</td><td>Saved, but debits fail (insufficient funds)</td></tr>
</table></details>`;

async function setupPage(c: Context<AppEnv>, error: string | null, status: 200 | 402 = 200) {
  const s = await autopayOf(c)!.getSetupPage(c.req.param('id')!);
  if (!s) return c.html(page('Not found', html`<main class="single"><div class="card"><h1>Setup not found</h1><p class="muted">This link is invalid or has expired.</p></div></main>`), 404);
  const bank = s.payment_method_types.includes('us_bank_account');
  const done = s.status !== 'open';
  const form = bank
    ? html`<form method="post" novalidate>${error ? html`<div class="error" role="alert">${error}</div>` : ''}
<label for="holder">Account holder name</label><input type="text" id="holder" name="holder" autocomplete="name">
<label for="routing">Routing number</label><input type="text" id="routing" name="routing" inputmode="numeric">
<label for="account">Account number</label><input type="text" id="account" name="account" inputmode="numeric">
<p class="muted">By saving, you authorize your HOA to debit this account for your invoices until you remove it.</p>
<button type="submit">Save bank account</button></form>${testBanks}`
    : html`<form method="post" novalidate>${error ? html`<div class="error" role="alert">${error}</div>` : ''}
<label for="number">Card number</label><input type="text" id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234">
<div class="row"><div><label for="expiry">Expiry</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY"></div>
<div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></div></div>
<p class="muted">Nothing is charged now. Your HOA may charge this card for your invoices until you remove it.</p>
<button type="submit">Save card</button></form>${testCards}`;
  const title = bank ? 'Save a bank account' : 'Save a card';
  return c.html(
    page(title, html`<main class="single"><div class="card"><h1>${title}</h1><p><a href="${s.cancel_url}">← Cancel and return</a></p>
${done ? html`<div class="ok">Saved.</div><p><a href="${String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id)}">Continue</a></p>` : form}</div></main>`),
    status,
  );
}

const after = (c: Context<AppEnv>, r: SetupPageResult) => (r.result === 'redirect' ? c.redirect(r.url, 303) : setupPage(c, r.message, 402));

export const devPayMethodRoutes = new Hono<AppEnv>()
  .use(loopbackOnly)
  .use('*', async (c, next) => {
    if (!autopayOf(c)) return c.text('Not found', 404);
    await next();
  })
  .get('/:id', (c) => setupPage(c, null))
  .post('/:id', async (c) => {
    const form = await c.req.parseBody();
    const text = (k: string) => String(form[k] ?? '');
    const pages = autopayOf(c)!;
    const s = await pages.getSetupPage(c.req.param('id'));
    const r = s?.payment_method_types.includes('us_bank_account')
      ? await pages.saveBankAccount(c.req.param('id'), { holder: text('holder'), routing: text('routing'), account: text('account') })
      : await pages.saveCard(c.req.param('id'), { number: text('number'), expiry: text('expiry'), cvc: text('cvc') });
    return after(c, r);
  });
