/**
 * The local payment provider in Chromium, as a resident and an owner meet it: Connect onboarding,
 * Checkout with each of Stripe's test cards (success, 3-D Secure, decline, insufficient funds), the
 * billing portal; and a file going from the browser straight to the local S3 through a presigned URL.
 * Runs on its own Node server on a temporary database (tests/helpers/browser.ts).
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hoas, invoiceCheckouts, subscriptions, users } from '../../schema/tables';
import { ensureConnectAccount, startInvoiceCheckout } from '../../worker/domain/payments';
import { presignUpload } from '../../worker/domain/uploads';
import { axeScan, DEMO, describeViolations, e2eSuite, openPage, snap, type E2EServer } from '../helpers/browser';
import { openInvoice } from '../helpers/invoices';

const e2e = e2eSuite();
let server: E2EServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let closePage: () => Promise<void>;
let maple: { id: string; name: string };
let rita: typeof users.$inferSelect;

beforeAll(async () => {
  ({ server, browser } = e2e);
  const db = server.deps.database.db;
  [maple] = await db.select({ id: hoas.id, name: hoas.name }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  [rita] = await db.select().from(users).where(eq(users.email, DEMO.maple.resident));
});
beforeEach(async () => {
  const opened = await openPage(browser, server);
  page = opened.page;
  pageErrors = opened.errors;
  closePage = () => opened.context.close();
});
afterEach(async () => {
  await closePage();
  expect(pageErrors).toEqual([]);
});

async function noSeriousA11yIssues() {
  const violations = await axeScan(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** A Checkout of a real pending invoice: a payment for an invoice that does not take it is refunded. */
async function newInvoiceCheckout() {
  const invoiceId = await openInvoice(server.deps, { hoaId: maple.id, recipientId: rita.id, amountCents: 12550, title: 'Monthly dues — December' });
  const session = await startInvoiceCheckout(server.deps, {
    hoaId: maple.id,
    invoiceId,
    userId: rita.id,
    email: rita.email,
    amountCents: 12550,
    description: 'Monthly dues — December',
    successUrl: `${server.url}/invoices/${invoiceId}?paid=1`,
    cancelUrl: `${server.url}/invoices/${invoiceId}`,
  });
  return { ...session, invoiceId };
}
const checkoutStatus = async (id: string) => (await server.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, id)))[0].status;

async function payWith(number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

describe('local payments in the browser', () => {
  it('onboards the HOA payment account through the local Connect page', async () => {
    const account = await ensureConnectAccount(server.deps, maple, DEMO.maple.superadmin);
    const link = await server.deps.payments.createAccountLink({ accountId: account.accountId, refreshUrl: `${server.url}/stripe-setup?refresh=1`, returnUrl: `${server.url}/stripe-setup` });
    await page.goto(link.url);
    await page.getByRole('heading', { name: 'Set up payments for Maple Grove HOA' }).waitFor();
    await noSeriousA11yIssues();
    await snap(page, 'pay-connect-onboarding');
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL((u) => u.pathname === '/stripe-setup');
    expect((await server.deps.payments.getAccountStatus(account.accountId)).chargesEnabled).toBe(true);
  });

  it('4242 4242 4242 4242: the payment succeeds and the browser returns to the invoice', async () => {
    const checkout = await newInvoiceCheckout();
    await page.goto(checkout.url);
    await page.getByRole('heading', { name: 'Monthly dues — December' }).waitFor();
    await expect(page.getByText('$125.50').first().isVisible()).resolves.toBe(true);
    await noSeriousA11yIssues();
    await snap(page, 'pay-checkout');
    await payWith('4242 4242 4242 4242');
    await page.waitForURL((u) => u.pathname === `/invoices/${checkout.invoiceId}` && u.searchParams.get('paid') === '1');
    expect(await checkoutStatus(checkout.id)).toBe('paid');
  });

  it('4000 0025 0000 3155: asks for 3-D Secure; failing it keeps the invoice open, completing it pays', async () => {
    const checkout = await newInvoiceCheckout();
    await page.goto(checkout.url);
    await payWith('4000 0025 0000 3155');
    await page.getByRole('heading', { name: 'Authenticate your card' }).waitFor();
    await noSeriousA11yIssues();
    await snap(page, 'pay-3ds');
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method.' }).waitFor();
    expect(await checkoutStatus(checkout.id)).toBe('open');

    await payWith('4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL((u) => u.pathname === `/invoices/${checkout.invoiceId}`);
    expect(await checkoutStatus(checkout.id)).toBe('paid');
  });

  it('4000 0000 0000 0002: the card is declined', async () => {
    const checkout = await newInvoiceCheckout();
    await page.goto(checkout.url);
    await payWith('4000 0000 0000 0002');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
    await snap(page, 'pay-declined');
    expect(await checkoutStatus(checkout.id)).toBe('open');
  });

  it('4000 0000 0000 9995: the card has insufficient funds', async () => {
    const checkout = await newInvoiceCheckout();
    await page.goto(checkout.url);
    await payWith('4000 0000 0000 9995');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card has insufficient funds.');
    expect(await checkoutStatus(checkout.id)).toBe('open');
  });

  it('the billing portal shows the seeded trial and cancels it at the period end', async () => {
    const [sub] = await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, maple.id));
    const { url } = await server.deps.payments.createBillingPortalSession({ customerId: sub.providerCustomerId!, returnUrl: `${server.url}/profile` });
    await page.goto(url);
    await page.getByRole('heading', { name: /Growth plan/ }).waitFor();
    await noSeriousA11yIssues();
    await snap(page, 'pay-portal');
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('button', { name: 'Renew plan' }).waitFor();
    const [after] = await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after.cancelAtPeriodEnd).toBe(true);
  });

  it('the local mailbox lists the payment receipts', async () => {
    // The Node entry delivers right after the webhook queued them (deps.onEmailQueued).
    // Only the receipts: the demo seed also mails Rita announcements.
    const receipts = async () =>
      (await (await fetch(`${server.url}/dev/mail.json?to=${rita.email}`)).json()).mails
        .filter((m: { template: string }) => m.template === 'payment-receipt')
        .map((m: { status: string }) => m.status);
    await expect.poll(receipts, { timeout: 10_000 }).toEqual(['delivered', 'delivered']);
    await page.goto('/dev/mail');
    await page.getByRole('heading', { name: 'Local mailbox' }).waitFor();
    await snap(page, 'dev-mail');
    await page.getByRole('link', { name: /Receipt: \$125\.50 paid to Maple Grove HOA/ }).first().click();
    await page.frameLocator('iframe[title="Rendered mail"]').getByText('Payment received').waitFor();
    await snap(page, 'dev-mail-receipt');
  });
});

describe('direct upload to the local S3', () => {
  it('PUTs a file from the app origin to its presigned URL and reads it back', async () => {
    const [board] = await server.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.board));
    const actor = { userId: board.id, hoaId: board.hoaId, role: board.role, sessionId: 'e2e' };
    const body = 'hello from the browser';
    const { uploadUrl, s3Key } = await presignUpload(server.deps, actor, 'documents', { fileName: 'notes.pdf', fileType: 'application/pdf', fileSize: body.length, feature: 'documents' });
    await page.goto('/dev/mail');
    // Cross-origin PUT from the page, allowed by the bucket's CORS rule and the app's connect-src.
    const status = await page.evaluate(async ([url, text]) => (await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: text })).status, [uploadUrl, body] as const);
    expect(status).toBe(200);
    const downloadUrl = await server.deps.storage.presignDownload({ key: s3Key, fileName: 'notes.pdf' });
    expect(await (await fetch(downloadUrl)).text()).toBe(body);
  });
});
