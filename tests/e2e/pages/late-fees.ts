/** Late fees and ledger questions as a user meets them: the due form's late fee, the question's answer. */
import type { Page } from 'playwright-core';
import { choose } from './controls';

/** On /dues/create: a fixed late fee of `dollars` after `graceDays`. */
export async function setFixedLateFee(page: Page, dollars: string, graceDays: string) {
  await choose(page.getByLabel(/^Late Fee$/), 'Fixed amount');
  await page.getByRole('spinbutton', { name: /^Late Fee Amount/ }).fill(dollars);
  await page.getByRole('spinbutton', { name: /^Grace Days/ }).fill(graceDays);
}

/** On /questions/:id: the board's answer with its reason. */
export async function answerQuestion(page: Page, button: string, reason: string, action: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
