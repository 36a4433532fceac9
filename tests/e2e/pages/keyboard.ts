/**
 * A keyboard-only user: moves with Tab and Shift+Tab, acts with Enter, Space, arrows and Escape. At
 * every stop the focus must show (an outline or a ring, on the element or the field box around it)
 * and must not be hidden: inside the viewport, and the element itself (not a sticky header) under
 * the centre of its box.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What is wrong with the focused element's visibility, or '' when it shows and is not covered. */
function focusProblem(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return 'nothing focused';
  const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  // The ring is drawn on the element, or on the field box that holds it (an editor's frame): up to two levels up.
  const ringed = (e: Element | null, depth: number): boolean => {
    if (!e || depth > 2) return false;
    const s = getComputedStyle(e);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    return outline || s.boxShadow !== 'none' || ringed(e.parentElement, depth + 1);
  };
  if (!ringed(el, 0)) return `${name}: no focus ring (${el.outerHTML.slice(0, 300)})`;
  const r = el.getBoundingClientRect();
  if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return `${name}: outside the viewport`;
  // The centre of the part inside the viewport (a tall panel is partly off-screen, which is fine).
  const x = (Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2;
  const y = (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el))) return `${name}: covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`;
  return '';
}

export class KeyboardUser {
  constructor(readonly page: Page) {}

  /** The focus shows and is not covered (within a moment: a component may draw its ring on the next render). */
  async expectFocusShown({ orLeftPage = false } = {}) {
    const ok = (p: string) => p === '' || (orLeftPage && p === 'nothing focused');
    let problem = await this.page.evaluate(focusProblem);
    for (let i = 0; i < 10 && !ok(problem); i++) {
      await this.page.waitForTimeout(50);
      problem = await this.page.evaluate(focusProblem);
    }
    expect(ok(problem), problem).toBe(true);
  }

  /** Whether `target` has the focus. */
  isFocused(target: Locator) {
    return target.evaluate((e) => e === document.activeElement || e.contains(document.activeElement)).catch(() => false);
  }

  /** Tabs (Shift+Tab with `back`) until `target` has the focus, checking each stop on the way. */
  async tabTo(target: Locator, { back = false, max = 80 } = {}) {
    await target.waitFor();
    for (let i = 0; i < max; i++) {
      await this.page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      // Past the last stop the focus is in the browser's own controls (the page has none): Tab comes back.
      await this.expectFocusShown({ orLeftPage: true });
      if (await this.isFocused(target)) return;
    }
    throw new Error(`${max} ${back ? 'Shift+Tab' : 'Tab'} presses did not reach ${target}`);
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  /** Types into the focused field. */
  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  /** Tabs to `field` and types `text` into it. */
  async fill(field: Locator, text: string) {
    await this.tabTo(field);
    await this.type(text);
  }

  /** Tabs to a link or button, presses Enter and waits for the screen headed `heading`. */
  async follow(target: Locator, heading: string) {
    await this.tabTo(target);
    await this.press('Enter');
    await this.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  /** Tabs to a listbox's button and picks an option: Space opens it (Enter there submits the form, as a native select does), Down moves, Enter chooses. */
  async chooseOption(button: Locator, moves = 1) {
    await this.tabTo(button);
    await this.press('Space');
    await this.page.getByRole('listbox').waitFor();
    for (let i = 0; i < moves; i++) await this.press('ArrowDown');
    await this.press('Enter');
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await this.isFocused(button)).toBe(true);
  }

  /**
   * The open dialog keeps the focus: `presses` Tabs and as many Shift+Tabs never leave it, each stop
   * shown. Escape then closes it and the focus is back on `opener`.
   */
  async expectDialogTrapsAndReturns(opener: Locator, presses = 8) {
    const dialog = this.page.getByRole('dialog');
    const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect.poll(inside).toBe(true);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < presses; i++) {
        await this.press(key);
        expect(await inside(), `${key} ${i + 1} stays in the dialog`).toBe(true);
        await this.expectFocusShown();
      }
    }
    await this.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => this.isFocused(opener)).toBe(true);
  }
}
