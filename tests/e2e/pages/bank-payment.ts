import type { Page } from 'playwright-core';
import { TEST_BANK } from '../../../worker/services/payments/bank-accounts';

/** The invoice's payment panel (client/features/dues/PaymentPanel.tsx). */
export const paymentPanel = (page: Page) => ({
  fee: (method: 'Card' | 'Bank account') => page.getByText(new RegExp(`^${method}: \\$[\\d.,]+ fee, \\$[\\d.,]+ total$`)),
  choose: (method: 'Card' | 'Bank account') => page.getByRole('radio', { name: new RegExp(`^${method}:`) }).check(),
  pay: () => page.getByRole('button', { name: /^Pay (Invoice|Now)$/ }).click(),
  status: () => page.getByRole('status').filter({ hasText: /Processing|Payment Completed|Payment Due/ }).first(),
});

/** The local provider's Checkout page, its US bank account form. */
export const localBankCheckout = (page: Page) => ({
  async payFrom(account: string) {
    await page.getByLabel('Account holder name').fill('Rita Resident');
    await page.getByLabel('Routing number').fill(TEST_BANK.routing);
    await page.getByLabel('Account number').fill(account);
    await page.getByRole('button', { name: /^Authorize bank payment of / }).click();
  },
  release: () => page.getByRole('button', { name: 'Release the bank payment now' }).click(),
});
