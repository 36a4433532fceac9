/**
 * Links back into the app: the payment provider's returns are built on the app
 * origin the browser is on when it is one of the app's (APP_URL, or its loopback twin in dev), so
 * someone browsing http://127.0.0.1:8787 comes back where their session cookie is; any other Origin or
 * Host is ignored. Leaving reactivation Checkout comes back with the chosen plan.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalPayments } from '../../worker/services/payments/local';
import { appOrigins } from '../../worker/middleware/app-origin';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, readResponse, requestInit, socketEnv } from '../helpers/http';
import { signUpNewHoa } from '../helpers/signup';

let t: TestApp;
afterEach(async () => {
  if (!t) return;
  await (t.deps.payments as LocalPayments).flush();
  await t.close();
});

/** The local provider's object behind a page address it gave (`…/dev/pay/<kind>/<id>`). */
const objectOf = async (url: string) => (await (t.deps.payments as LocalPayments).get(new URL(url).pathname.split('/').pop()!))!;

const portalReturn = async (token: string, headers: Record<string, string>) =>
  (await objectOf((await call(t, 'POST', '/api/subscriptions/create-billing-portal', { token, headers })).json.portal_url)).return_url;

describe('the app origins', () => {
  it("are APP_URL's, plus its loopback twin when APP_URL is on this machine", () => {
    expect(appOrigins('http://localhost:8787')).toEqual(['http://localhost:8787', 'http://127.0.0.1:8787']);
    expect(appOrigins('http://127.0.0.1:5173')).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
    expect(appOrigins('https://hoa.example.com')).toEqual(['https://hoa.example.com']);
  });
});

describe('links back into the app', () => {
  it('follow the twin origin the browser is on, and nothing else', async () => {
    t = await createTestApp();
    const owner = await signUpNewHoa(t);
    expect(await portalReturn(owner.token, { origin: 'http://127.0.0.1:8787' })).toBe('http://127.0.0.1:8787/profile?billing_return=1');
    expect(await portalReturn(owner.token, { origin: 'http://localhost:8787' })).toBe('http://localhost:8787/profile?billing_return=1');
    // A page elsewhere (or a forged header) cannot point the return anywhere but the app.
    expect(await portalReturn(owner.token, { origin: 'https://evil.example' })).toBe('http://localhost:8787/profile?billing_return=1');
    expect(await portalReturn(owner.token, { origin: 'http://127.0.0.1:9999' })).toBe('http://localhost:8787/profile?billing_return=1');

    // Without an Origin header (a GET, some clients): the address the request was sent to, when it is the app's.
    const direct = await t.app.request('http://127.0.0.1:8787/api/subscriptions/create-billing-portal', requestInit('POST', { token: owner.token }), socketEnv());
    expect((await objectOf((await readResponse(direct)).json.portal_url)).return_url).toBe('http://127.0.0.1:8787/profile?billing_return=1');
    const forged = await t.app.request('http://evil.example/api/subscriptions/create-billing-portal', requestInit('POST', { token: owner.token }), socketEnv());
    expect((await objectOf((await readResponse(forged)).json.portal_url)).return_url).toBe('http://localhost:8787/profile?billing_return=1');
  });

  it("the payment account's onboarding returns to /stripe-setup on the browser's origin", async () => {
    t = await createTestApp();
    const cedar = await login(t, DEMO.cedar.superadmin);
    const r = await call(t, 'POST', '/api/stripe-connect/create-account', { token: cedar.token, headers: { origin: 'http://127.0.0.1:8787' } });
    expect(r.status).toBe(200);
    expect(await objectOf(r.json.onboarding_url)).toMatchObject({
      refresh_url: 'http://127.0.0.1:8787/stripe-setup?refresh=1',
      return_url: 'http://127.0.0.1:8787/stripe-setup?return=1',
    });
  });

  it('reactivation Checkout returns on the same origin, its cancel with the chosen plan', async () => {
    t = await createTestApp();
    const owner = await signUpNewHoa(t);
    await (t.deps.payments as LocalPayments).flush();
    expect((await call(t, 'POST', '/api/subscriptions/cancel', { token: owner.token, body: { immediately: true } })).status).toBe(200);
    const r = await call(t, 'POST', '/api/subscriptions/create-reactivation-checkout', { token: owner.token, body: { planName: 'pro' }, headers: { origin: 'http://127.0.0.1:8787' } });
    expect(r.status).toBe(200);
    expect(await objectOf(r.json.checkout_url)).toMatchObject({
      success_url: 'http://127.0.0.1:8787/reactivation?checkout=success',
      cancel_url: 'http://127.0.0.1:8787/reactivation?checkout=canceled&plan=pro',
    });
  });

  it('in production APP_URL is the only origin: localhost is not its twin', async () => {
    t = await createTestApp({ config: { appUrl: 'https://hoa.example.com' } });
    const owner = await signUpNewHoa(t);
    expect(await portalReturn(owner.token, { origin: 'http://localhost:8787' })).toBe('https://hoa.example.com/profile?billing_return=1');
    expect(await portalReturn(owner.token, { origin: 'https://hoa.example.com' })).toBe('https://hoa.example.com/profile?billing_return=1');
  });
});
