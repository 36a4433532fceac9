/**
 * A bank payment end to end: the HOA passes processing fees on, so the resident sees each method's fee
 * and total on the invoice, picks the bank account, pays on the local Checkout page with Stripe's test
 * account, and comes back to an invoice that reads Processing (no Pay). Released by the bank, it reads
 * Paid and the receipt names the bank. Screenshots at 1280 and 375 px (tests/e2e/screenshots/bank-payment-*).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../schema/invoices';
import { hoas, invoiceCheckouts, users } from '../../schema/tables';
import { TEST_BANK } from '../../worker/services/payments/bank-accounts';
import { DEMO, e2eSuite, expectNoPageErrors, goInApp, latestEmail, openPage, signInAs, snapFromTop as snap } from '../helpers/browser';
import { openInvoice } from '../helpers/invoices';
import { localBankCheckout, paymentPanel } from './pages/bank-payment';

const e2e = e2eSuite();

describe('paying an invoice by bank account', () => {
  it('shows the fees, reads Processing while the payment is in flight, then Paid with the bank on the receipt', { timeout: 180_000 }, async () => {
    const db = e2e.server.deps.database.db;
    const [maple] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
    const [rita] = await db.select().from(users).where(eq(users.email, DEMO.maple.resident));
    await e2e.server.deps.database.transaction((tx) => tx.update(hoas).set({ processingFees: 'passed_on' }).where(eq(hoas.id, maple.id)));
    const invoiceId = await openInvoice(e2e.server.deps, { hoaId: maple.id, recipientId: rita.id, amountCents: 12550, title: 'Pool assessment' });

    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      await goInApp(page, `/invoices/${invoiceId}`);
      const panel = paymentPanel(page);
      await panel.fee('Card').waitFor();
      expect(await panel.fee('Card').textContent()).toBe('Card: $4.06 fee, $129.56 total');
      expect(await panel.fee('Bank account').textContent()).toBe('Bank account: $1.01 fee, $126.51 total');
      await panel.choose('Bank account');
      await snap(page, 'bank-payment-fees');

      await panel.pay();
      await page.getByRole('heading', { name: 'US bank account' }).waitFor();
      // The fee is its own line; the card form is not offered for a bank payment.
      await page.getByText('Processing fee').waitFor();
      expect(await page.getByLabel('Card number').count()).toBe(0);
      await localBankCheckout(page).payFrom(TEST_BANK.succeeds);

      await page.waitForURL((u) => u.pathname === `/invoices/${invoiceId}`);
      await page.getByText(INVOICE_MESSAGES.processingNote).waitFor({ timeout: 20_000 });
      await page.getByText('Processing', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: /^Pay (Invoice|Now)$/ }).count()).toBe(0);
      await snap(page, 'bank-payment-processing');

      // The bank answers: released on the local Checkout page.
      const [row] = await db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.invoiceId, invoiceId));
      await page.goto(row.url);
      await localBankCheckout(page).release();
      await page.getByRole('heading', { name: 'Paid' }).waitFor();

      await page.goto(`/invoices/${invoiceId}`);
      await page.getByText(INVOICE_MESSAGES.paid).first().waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await latestEmail(e2e.server, DEMO.maple.resident)).text).toContain('STRIPE TEST BANK •••• 6789');
      await snap(page, 'bank-payment-paid');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
