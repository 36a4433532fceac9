/**
 * zod loads once the first screen has settled (client/lib/deferred-zod.ts), so no screen may read a
 * schema while it renders. Every route of the plan, opened by the role that uses it as a page load
 * with zod's chunk held back: the screen settles (its heading, nothing loading) and nothing reads a
 * schema meanwhile. Then a form sent the moment the page shows it waits for zod instead of failing.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, e2eSuite, openPage } from '../helpers/browser';
import { PLAN, WHO, type Who } from '../helpers/route-plan';
import { openAs, screenState, settled } from './pages/screens';

const e2e = e2eSuite();
const ZOD_CHUNK = '**/assets/zod-members-*.js';

/** Holds zod's chunk while the page loads; `release` lets it through (and every later request of it). */
async function holdZod(page: Page) {
  const held: Route[] = [];
  const hold = (route: Route) => void held.push(route);
  await page.route(ZOD_CHUNK, hold);
  return {
    asked: () => held.length > 0,
    async release() {
      await page.unroute(ZOD_CHUNK, hold);
      // A request of a page since left is gone: nothing to let through.
      await Promise.all(held.splice(0).map((r) => r.continue().catch(() => {})));
    },
  };
}

/** The messages of schema reads before zod arrived, and of screens that failed to render. */
function schemaReadsIn(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /zod has not arrived/.test(m.text()) && found.push(m.text()));
  page.on('pageerror', (e) => /zod has not arrived/.test(e.message) && found.push(e.message));
  return found;
}

/**
 * Each planned route of `who` as a page load with zod held back until the screen has painted its
 * heading and either settled or had a while to show what REST brings (a list the cache fills waits
 * for the sync engine, which waits for zod); then zod comes and the screen settles.
 */
async function openEachBeforeZod(who: Who): Promise<string[]> {
  const { page, context } = await openPage(e2e.browser, e2e.server);
  const reads = schemaReadsIn(page);
  const resolve = await openAs(page, e2e.server, who);
  const paths: string[] = [];
  for (const { route } of PLAN.filter((p) => p.who === who)) paths.push(await resolve(route));

  const failed: string[] = [];
  for (const path of paths) {
    const zod = await holdZod(page);
    await page.goto(path, { waitUntil: 'commit' });
    const painted = await expect
      .poll(() => screenState(page), { timeout: 10_000 })
      .toMatch(/^(loading|settled)$/)
      .then(() => true, () => false);
    if (painted) await expect.poll(() => screenState(page), { timeout: 600 }).toBe('settled').catch(() => {});
    await zod.release();
    if (painted) await settled(page, path);
    const broken = await page.getByText('This page could not be loaded').count();
    if (!painted || broken > 0 || reads.length > 0) failed.push(`${path}: ${painted ? '' : 'no heading before zod; '}${broken ? 'the screen failed; ' : ''}${reads.splice(0).join(' | ')}`);
  }
  await context.close();
  return failed;
}

describe('every screen paints before zod arrives', () => {
  for (const who of WHO) {
    it(`as ${who === 'visitor' ? 'a visitor' : `the ${who}`}: each screen settles with zod held back`, { timeout: 120_000 }, async () => {
      const failed = await openEachBeforeZod(who);
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }

  it('a form sent before zod arrives waits for it: the sign-in checks the address, then signs in', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    const zod = await holdZod(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(zod.asked).toBe(true);
    // Nothing judged yet: the check waits for zod.
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await zod.release();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(DEMO.maple.resident);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await context.close();
  });
});
