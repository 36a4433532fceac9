/**
 * Walking the route table as a user of each role does: a concrete path for every route (a detail's
 * id taken from the link its list shows), a screen settled before it is scanned, and axe at both widths.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiToken, axeScan, DEMO, describeViolations, DESKTOP, goInApp, pathOf, PHONE, signInAs, twoFrames, type E2EServer } from '../../helpers/browser';
import { askAboutACharge, boardStarts, CHARGE_TO_ASK_ABOUT, EMAIL, pathResolver, type Who } from '../../helpers/route-plan';

/**
 * Opens `path` in the running app and waits until the new screen has its heading and no loading
 * placeholder is left (the old screen's heading is marked first, so it is not taken for the new one's).
 */
export async function openScreen(page: Page, path: string) {
  if (pathOf(page) === path) return settled(page, path);
  await page.evaluate(() => document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-left', '')));
  await goInApp(page, path);
  await settled(page, path);
}

/**
 * What the screen shows: `settled` (a heading not marked as the old screen's, nothing loading),
 * `loading`, or that it has no new heading yet (with what it shows).
 */
export const screenState = (page: Page) =>
  page.evaluate(() => {
    if (!document.querySelector('h1:not([data-left])'))
      return `no new heading (${[...document.querySelectorAll('h1')].map((h) => h.textContent).join(', ')}) at ${location.pathname}: ${(document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 160)}`;
    const statuses = [...document.querySelectorAll('[role=status]')];
    return statuses.some((s) => s.getAttribute('aria-label') === 'Loading' || /^\s*Loading/.test(s.textContent ?? '')) ? 'loading' : 'settled';
  });

/** Waits until the screen has a new heading and no loading placeholder is left in it. */
export async function settled(page: Page, path = pathOf(page)) {
  await expect.poll(() => screenState(page), { message: `${path} settles`, timeout: 15_000 }).toBe('settled');
}

/**
 * axeScan once the frame is drawn. The service worker's first activation may reload the page (the PWA
 * updates itself) while a scan runs: then the screen is awaited again and scanned again.
 */
async function scanSettled(page: Page) {
  try {
    await twoFrames(page);
    return await axeScan(page);
  } catch (e) {
    if (!String(e).includes('Execution context was destroyed')) throw e;
    await page.waitForLoadState('load');
    await settled(page);
    await twoFrames(page);
    return axeScan(page);
  }
}

/** The axe violations that fail (see axeScan) at 1280 and at 375 px, named by screen and width; the page is left at 1280. */
export async function violationsAtBothWidths(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const violations = await scanSettled(page);
    if (violations.length > 0) found.push(`${name} at ${viewport.width}px:\n${describeViolations(violations)}`);
  }
  await page.setViewportSize(DESKTOP);
  return found;
}

/** A route's pattern as a test of a link's path: ':id' stands for one path segment. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/?#]+')}$`);

/**
 * The path a user opens for `route`: itself when it has no parameter, else the first link on `from`
 * (already a concrete path; on its tab `tab` when given) whose path fits the route.
 */
export async function pathFor(page: Page, route: string, from: string | undefined, tab?: string): Promise<string> {
  if (!route.includes(':')) return route;
  if (!from) throw new Error(`${route}: no screen named to find its link on`);
  await openScreen(page, from);
  if (tab) await page.getByRole('tab', { name: tab }).click();
  const fits = patternOf(route);
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        found = hrefs.find((h) => fits.test(h) && !/\/(create|new)$/.test(h));
        return found;
      },
      { message: `a link to ${route} on ${from}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The resident's dispute of a charge on her statement, asked as her app does, so the board has a question to open. */
async function askAboutTheCharge(server: E2EServer) {
  const rs = await server.db.execute({ sql: CHARGE_TO_ASK_ABOUT, args: [DEMO.maple.resident] });
  const res = await askAboutACharge(server.url, await apiToken(server, DEMO.maple.resident), String(rs.rows[0].id));
  // 409: asked already (a story tried a second time).
  expect(res.status === 409 || res.status < 300, `asking answered ${res.status}`).toBe(true);
}

/** A concrete path for each planned route of `who`, found in `page` (signed in as `who`) as its user would (route-plan.ts `pathResolver`). */
async function planResolver(page: Page, server: E2EServer, who: Who) {
  const first = async (sql: string, email: string) => String((await server.db.execute({ sql, args: [email] })).rows[0].id);
  return pathResolver(who, who === 'board' ? await boardStarts(first) : [], (route, from, tab) => pathFor(page, route, from, tab));
}

/**
 * `page` as `who` uses the app (signed in, or at /login for a visitor), settled, and the resolver of
 * the plan's paths; for the board, the resident has asked about a charge first.
 */
export async function openAs(page: Page, server: E2EServer, who: Who) {
  if (who === 'board') await askAboutTheCharge(server);
  if (who === 'visitor') await page.goto('/login');
  else await signInAs(page, server, EMAIL[who]);
  await settled(page);
  return planResolver(page, server, who);
}
