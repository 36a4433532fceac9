/**
 * WCAG 2.2 AA on every screen of the route table: each opened by the role that uses it, scanned by
 * axe-core at 1280 and 375 px with every WCAG 2.x A/AA rule (any impact fails), and the states a user
 * reaches besides: a dialog open, a form's errors shown, offline.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../client/app/routes';
import { OFFLINE_TEXT, pendingText } from '../../client/features/sync/ConnectionBar';
import { apiToken, DEMO, DESKTOP, e2eSuite, goOffline, goOnline, openPage, PHONE, signInAs, waitForServiceWorker } from '../helpers/browser';
import { openScreen, pathFor, settled, violationsAtBothWidths } from './pages/screens';

const e2e = e2eSuite();

type Who = 'visitor' | 'resident' | 'board' | 'superadmin';
const EMAIL = { resident: DEMO.maple.resident, board: DEMO.maple.board, superadmin: DEMO.maple.superadmin };

/** Each route, who opens it, and for a route with an id the screen whose link leads there. */
const PLAN: { route: string; who: Who; from?: string; tab?: string }[] = [
  ...['/login', '/forgot-password', '/reset-password', '/invite/accept', '/signup', '/signup/hoa-setup', '/signup/complete', '/support', '/reactivation', '/confirm-email'].map((route) => ({ route, who: 'visitor' as const })),
  ...['/announcements', '/requests', '/requests/create', '/documents', '/compliance', '/applications', '/applications/create', '/dues', '/meetings', '/votes', '/account', '/autopay', '/directory', '/profile', '/choose-hoa'].map((route) => ({ route, who: 'resident' as const })),
  { route: '/announcements/:id', who: 'resident', from: '/announcements' },
  { route: '/requests/:id', who: 'resident', from: '/requests' },
  { route: '/requests/:id/messages', who: 'resident', from: '/requests/:id' },
  { route: '/compliance/:id', who: 'resident', from: '/compliance' },
  { route: '/compliance/:id/messages', who: 'resident', from: '/compliance/:id' },
  { route: '/applications/:id', who: 'resident', from: '/applications' },
  { route: '/invoices/:id', who: 'resident', from: '/dues', tab: 'My Invoices' },
  { route: '/meetings/:id', who: 'resident', from: '/meetings' },
  { route: '/votes/:id', who: 'resident', from: '/votes' },
  { route: '/receipts/:id', who: 'resident', from: '/account' },
  ...['/dashboard', '/announcements/create', '/compliance/create', '/compliance/fine-schedule', '/inspections', '/inspections/new', '/dues/create', '/meetings/new', '/votes/new', '/questions', '/users', '/addresses', '/activity'].map((route) => ({ route, who: 'board' as const })),
  { route: '/announcements/:id', who: 'board', from: '/announcements' },
  { route: '/announcements/:id/edit', who: 'board', from: '/announcements/:id' }, // a draft's (see boardStarts)
  { route: '/compliance/:id', who: 'board', from: '/compliance' },
  { route: '/violations/:id/letters/:letterId', who: 'board', from: '/compliance/:id' }, // a case with a letter (see boardStarts)
  { route: '/inspections/:id', who: 'board', from: '/inspections' },
  { route: '/dues/:id', who: 'board', from: '/dues' },
  { route: '/meetings/:id', who: 'board', from: '/meetings' },
  { route: '/votes/:id', who: 'board', from: '/votes' },
  { route: '/votes/:id/edit', who: 'board', from: '/votes/:id' }, // one not yet open
  { route: '/questions/:id', who: 'board', from: '/questions' },
  { route: '/account/:userId', who: 'board', from: '/users' },
  ...['/stripe-setup', '/plan-selection'].map((route) => ({ route, who: 'superadmin' as const })),
];

/**
 * Routes that are the same screen as one in the plan: '/violations' paths the screens of '/compliance';
 * a meeting's edit form is the new-meeting form filled in (the demo has no draft meeting to edit).
 */
const SAME_SCREEN = (route: string) => route === '/' || route.startsWith('/violations') || ['/compliance/:id/letters/:letterId', '/meetings/:id/edit'].includes(route);

/** The board's detail screens that lead on: a draft announcement, the vote opening last (others have no Edit), a case with a letter. */
async function boardStarts(): Promise<[string, string][]> {
  const first = async (sql: string) => String((await e2e.server.db.execute({ sql, args: [DEMO.maple.board] })).rows[0].id);
  const hoa = 'SELECT hoa_id FROM users WHERE email = ?';
  return [
    ['/announcements/:id', `/announcements/${await first(`SELECT id FROM announcements WHERE hoa_id = (${hoa}) AND status = 'draft' LIMIT 1`)}`],
    ['/compliance/:id', `/compliance/${await first(`SELECT violation_id AS id FROM violation_letters WHERE hoa_id = (${hoa}) LIMIT 1`)}`],
    ['/votes/:id', `/votes/${await first(`SELECT id FROM votes WHERE hoa_id = (${hoa}) ORDER BY opens_at DESC LIMIT 1`)}`],
  ];
}

/** A resident's dispute of a charge on her statement, asked as her app does, so the board has a question to open. */
async function askAboutACharge() {
  const rs = await e2e.server.db.execute({
    sql: "SELECT l.id FROM ledger_lines l JOIN users u ON u.id = l.user_id WHERE u.email = ? AND l.kind = 'charge' LIMIT 1",
    args: [DEMO.maple.resident],
  });
  const token = await apiToken(e2e.server, DEMO.maple.resident);
  const res = await fetch(`${e2e.server.url}/api/ledger-questions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ line_id: String(rs.rows[0].id), kind: 'dispute', message: '<p>I paid this in cash at the meeting.</p>' }),
  });
  expect(res.status).toBeLessThan(300);
}

/** Opens every planned route of `who` in one signed-in page; returns the failing violations of all. */
async function scanAs(who: Who): Promise<string[]> {
  const { page, context } = await openPage(e2e.browser, e2e.server);
  if (who === 'board') await askAboutACharge();
  if (who === 'visitor') await page.goto('/login');
  else await signInAs(page, e2e.server, EMAIL[who]);
  await settled(page);
  const concrete = new Map<string, string>(who === 'board' ? await boardStarts() : []);
  const resolve = async (route: string): Promise<string> => {
    const known = concrete.get(route);
    if (known) return known;
    const { from, tab } = PLAN.find((p) => p.route === route && p.who === who) ?? {};
    const path = await pathFor(page, route, from && (from.includes(':') ? await resolve(from) : from), tab);
    concrete.set(route, path);
    return path;
  };
  const found: string[] = [];
  for (const { route } of PLAN.filter((p) => p.who === who)) {
    const path = await resolve(route);
    await openScreen(page, path);
    found.push(...(await violationsAtBothWidths(page, `${who} ${path} (${route})`)));
  }
  await context.close();
  return found;
}

describe('every screen, at 1280 and 375 px', () => {
  it('the plan names every route of the table', () => {
    const planned = new Set(PLAN.map((p) => p.route));
    expect(ROUTES.map((r) => r.path).filter((path) => !planned.has(path) && !SAME_SCREEN(path))).toEqual([]);
  });

  for (const who of ['visitor', 'resident', 'board', 'superadmin'] as const) {
    it(`as ${who === 'visitor' ? 'a visitor' : `the ${who}`}: no WCAG 2.2 A/AA violation`, { timeout: 120_000 }, async () => {
      const found = await scanAs(who);
      expect(found, found.join('\n\n')).toEqual([]);
    });
  }
});

async function expectClean(page: Page, name: string) {
  const found = await violationsAtBothWidths(page, name);
  expect(found, found.join('\n\n')).toEqual([]);
}

describe('the states a user reaches', () => {
  it('a dialog open, a form with its errors, the account menu open, offline with a change waiting (announced)', { timeout: 90_000 }, async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await waitForServiceWorker(page);

    await openScreen(page, '/requests/create');
    await page.getByRole('button', { name: 'Create Request' }).click();
    await page.getByText('Title is required').first().waitFor();
    await expectClean(page, 'request form with its errors');

    await openScreen(page, '/announcements');
    await page.getByRole('link', { name: 'Create Announcement' }).click();
    await settled(page);
    await page.getByRole('button', { name: 'Create Draft' }).click();
    await page.getByText('Title is required').first().waitFor();
    await expectClean(page, 'announcement form with its errors');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectClean(page, 'account menu open');
    await page.keyboard.press('Escape');

    await openScreen(page, '/users');
    await page.getByRole('button', { name: 'Invite User' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).waitFor();
    await expectClean(page, 'invite dialog open');
    await page.keyboard.press('Escape');

    // The sync state's live region is in the page before it has anything to say, so its words are announced.
    await openScreen(page, '/announcements');
    const syncState = await page.locator('[role=status][aria-live=polite]:empty').elementHandle();
    const said = () => syncState!.evaluate((e) => (e.isConnected ? e.textContent : 'removed'));
    await goOffline(context, e2e.server);
    await expect.poll(said).toBe(OFFLINE_TEXT);
    await page.locator('main a[href^="/announcements/"]:not([href$="/create"]):visible').first().click();
    await page.getByRole('button', { name: /^(Pin to the top|Unpin)$/ }).click();
    await expect.poll(said).toBe(`${OFFLINE_TEXT}${pendingText(1)}`);
    await expectClean(page, 'offline with a change waiting');
    await goOnline(context, e2e.server);
    await expect.poll(said, { timeout: 20_000 }).toBe('');
    await context.close();
  });
});

describe('a list shown a page at a time', () => {
  it('tells its size: aria-rowcount counts the rows Load more would add, and each row has its place', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await openScreen(page, '/documents');
    // 12 documents, 10 a page: the header and 12 rows, of which 10 show.
    const table = page.getByRole('table');
    const places = () => table.getByRole('row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-rowindex'))));
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('13');
    expect(await places()).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));

    await page.setViewportSize(PHONE);
    const cards = page.locator('main li[aria-setsize]');
    await expect.poll(() => cards.evaluateAll((lis) => lis.map((li) => `${li.getAttribute('aria-posinset')}/${li.getAttribute('aria-setsize')}`))).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/12`));
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByText('No more documents').waitFor();
    expect(await table.getAttribute('aria-rowcount')).toBe('13');
    expect(await places()).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    await context.close();
  });
});
