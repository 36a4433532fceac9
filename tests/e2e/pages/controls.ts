/**
 * The app's single-choice control (client/ui/Select.tsx): a listbox button labelled by its field. A
 * user opens it and picks an option by its words; the button then shows the chosen words.
 */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the control and picks the option named `option`. */
export async function choose(control: Locator, option: string) {
  await control.click();
  await control.page().getByRole('option', { name: option, exact: true }).click();
}

/** The words of every option the control offers, in order (opens it, then closes it). */
export async function offeredOptions(control: Locator): Promise<string[]> {
  await control.click();
  const options = control.page().getByRole('option');
  await options.first().waitFor();
  const words = (await options.allTextContents()).map((t) => t.trim());
  await control.page().keyboard.press('Escape');
  return words;
}

/** Waits until the control offers `option` (it may be disabled while its list loads), leaving it closed. */
export async function waitForOption(control: Locator, option: string) {
  await expect.poll(() => control.isEnabled(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => offeredOptions(control), { timeout: 15_000 }).toContain(option);
}
