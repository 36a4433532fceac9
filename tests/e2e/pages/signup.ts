/** The signup wizard (client/features/signup), as a visitor works it: by step titles, labels and buttons. */
import type { Page } from 'playwright-core';

export interface Account {
  email: string;
  password: string;
  name: string;
  hoaName: string;
}

export const signupWizard = (page: Page) => ({
  /** The progress line of a step: 'Step 2 of 5: Create Your Account'. */
  step: (n: number, name: string) => page.getByText(`Step ${n} of 5: ${name}`),
  continueButton: () => page.getByRole('button', { name: 'Continue to Payment Setup' }),
  /** What a field says about its value: the hint or error text its input is described by. */
  fieldMessage: (label: string) =>
    page.getByLabel(label).evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    ),

  async open() {
    await page.goto('/signup');
    await this.step(1, 'Choose Your Plan').waitFor();
  },
  async pickPlan(plan = 'Growth') {
    await page.getByRole('button', { name: new RegExp(plan) }).click();
    await this.step(2, 'Create Your Account').waitFor();
  },
  async fillAccount(a: Account) {
    await page.getByLabel('Email').fill(a.email);
    await page.locator('input[name=password]').fill(a.password);
    await page.locator('input[name=confirmPassword]').fill(a.password);
    await page.getByLabel('Full Name').fill(a.name);
    await page.getByLabel('HOA Name').fill(a.hoaName);
  },
  /** Both live checks answered 'available'. */
  async waitAvailable() {
    await page.getByText('Email is available').waitFor();
    await page.getByText('HOA name is available').waitFor();
  },
  /** Continue, then the payment step with its card form (or, for a card saved before, its note). */
  async toPayment(cardSaved = false) {
    await this.continueButton().click();
    await this.step(3, 'Secure Payment Setup').waitFor();
    await (cardSaved ? page.getByText('Your card is saved.') : page.getByLabel('Card number')).waitFor();
  },
  async enterCard(number: string) {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
  },
  /** The saved wizard's signup response (what the trial call answered), from localStorage. */
  savedTrial: () =>
    page.evaluate(() => {
      const raw = localStorage.getItem('hoa.signup');
      const s = raw ? (JSON.parse(raw) as { signupResponse?: { user: { id: string }; hoa: { id: string } } | null }) : null;
      return s?.signupResponse ? { user: s.signupResponse.user.id, hoa: s.signupResponse.hoa.id } : null;
    }),
});
