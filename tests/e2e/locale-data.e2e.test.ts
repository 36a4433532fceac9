/**
 * A reload paints its dates, amounts, overdue marks and a vote's closing time without loading the
 * locale's data: no Intl formatter is built and no `toLocale…` is called (a page's first one cost a
 * long task, docs/decisions/278-en-us-without-intl.md). The first visit may ask Intl for the HOA
 * zone's offset; the reload tells it from what that visit kept (client/lib/zone-offsets.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIOLATION_MESSAGES } from '../../schema/violations';
import { DEMO, e2eSuite, openPage, signInAs } from '../helpers/browser';

const e2e = e2eSuite();

/**
 * Notes every use of Intl's constructors and the `toLocale…`/`localeCompare` methods in
 * `window.localeUses`, from before the page's scripts run. A string: tsx would name inner functions
 * with a helper the page does not have. Added once per reload, so it minds being run twice.
 */
const WATCH_LOCALE_USES = `
if (!window.localeUses) {
window.localeUses = [];
const note = (what) => window.localeUses.push(what + ' at ' + Math.round(performance.now()) + ' ms: ' + (new Error().stack || '').split('\\n').slice(2, 4).join(' / '));
for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator', 'ListFormat', 'DisplayNames', 'Segmenter']) {
  if (!Intl[name]) continue;
  Intl[name] = new Proxy(Intl[name], {
    construct(target, args) { note('Intl.' + name); return Reflect.construct(target, args); },
    apply(target, self, args) { note('Intl.' + name); return Reflect.apply(target, self, args); },
  });
}
for (const [proto, label, methods] of [[Number.prototype, 'Number', ['toLocaleString']], [Date.prototype, 'Date', ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']], [String.prototype, 'String', ['localeCompare']], [Array.prototype, 'Array', ['toLocaleString']]]) {
  for (const method of methods) {
    const original = proto[method];
    proto[method] = function (...args) { note(label + '.' + method); return original.apply(this, args); };
  }
}
}`;

/** Opens `path` once (the visit that keeps the first rows and the zone's offset), then reloads it watching for locale uses until `shown` is on screen and the local cache has answered. */
async function reloadWatchingLocale(page: Page, path: string, shown: () => Promise<unknown>): Promise<string[]> {
  await page.goto(path);
  await shown();
  await page.addInitScript(WATCH_LOCALE_USES);
  await page.reload();
  await shown();
  // The engine loads after the first paint; its first read renders the rows again from the cache.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/sync-engine-/.test(e.name)))).toBe(true);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
  return page.evaluate(() => (window as unknown as { localeUses: string[] }).localeUses);
}

describe('locale data on a reload', () => {
  it("a resident's dues, with amounts, due days and overdue marks, and the announcements under the open vote's banner", async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      const dues = await reloadWatchingLocale(page, '/dues', () => page.getByRole('cell', { name: /^\$[\d,]+\.\d\d$/ }).first().waitFor());
      expect(dues).toEqual([]);
      const announcements = await reloadWatchingLocale(page, '/announcements', async () => {
        await page.getByRole('status').filter({ hasText: 'A vote is open' }).waitFor();
        await page.getByRole('row').nth(1).waitFor();
      });
      expect(announcements).toEqual([]);
      await expect(page.getByRole('status').filter({ hasText: 'A vote is open' }).textContent()).resolves.toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M/);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("the board's dashboard, with its figures and the vote's banner, and the compliance list's overdue violations", async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const dashboard = await reloadWatchingLocale(page, '/dashboard', async () => {
        await page.getByRole('status').filter({ hasText: 'A vote is open' }).waitFor();
        await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      });
      expect(dashboard).toEqual([]);
      const compliance = await reloadWatchingLocale(page, '/compliance', () => page.getByRole('row').nth(1).waitFor());
      expect(compliance).toEqual([]);
      await page.getByRole('cell').filter({ hasText: VIOLATION_MESSAGES.overdueMark }).first().waitFor();
      // The watch sees a use when there is one.
      await page.evaluate(() => (1234).toLocaleString('en-US'));
      await expect(page.evaluate(() => (window as unknown as { localeUses: string[] }).localeUses.length)).resolves.toBe(1);
    } finally {
      await context.close();
    }
  }, 90_000);
});
