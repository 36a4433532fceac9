/**
 * Browser e2e helpers (playwright-core driving Debian's Chromium against the Node entry):
 * build the client once, start the server on a temporary database and a free port, open pages,
 * sign in through the UI, take screenshots at 1280 and 375 px, run axe-core, read the mail outbox.
 */
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, onTestFailed } from 'vitest';
import { rateLimits, users } from '../../schema/tables';
import type { Role } from '../../schema/roles';
import { createAuthToken } from '../../worker/domain/auth';
import { findUserByEmail } from '../../worker/domain/users';
import { runJobs } from '../../worker/jobs/runner';
import { PortInUseError, startNodeServer } from '../../worker/node';
import { newId } from '../../worker/services/tokens';
import { releaseBrowser, sharedBrowser } from './chromium';
import { DEMO_PASSWORD } from './http';
import { PAGE_WAIT_MS } from './waits';

export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from './chromium';
export { DEMO, DEMO_PASSWORD } from './http';

export const SCREENSHOT_DIR = resolve('tests/e2e/screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
/** A low PBKDF2 count keeps sign-ins fast; the count is stored in each hash, as in the API tests. */
const E2E_PASSWORD_ITERATIONS = 1_000;
const CLIENT_DIR = resolve('dist/client');

// ------------------------------------------------------------------ client build

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds dist/client when it is missing or older than client/, schema/, sync/ or vite.config.ts. */
export function buildClientIfStale() {
  const built = join(CLIENT_DIR, 'index.html');
  const sources = Math.max(...['client', 'schema', 'sync', 'vite', 'vite.config.ts'].map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

// ------------------------------------------------------------------ server

function portIsFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const probe = createServer();
    probe.once('error', () => ok(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => ok(true)));
  });
}

/** First free port from 8801 (the range the e2e servers use). */
export async function freePort(from = 8801, to = 8899): Promise<number> {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}-${to}`);
}

export type E2EServer = Awaited<ReturnType<typeof startE2EServer>>;

const serverOptions = (port: number, dataDir: string) => ({
  port,
  databaseUrl: `file:${join(dataDir, 'e2e.db')}`,
  dataDir,
  clientDir: CLIENT_DIR,
  jwtSecret: 'e2e-secret-that-is-long-enough-for-hs256',
  seed: true, // once: a database already seeded is left as it is
  passwordIterations: E2E_PASSWORD_ITERATIONS,
  log: () => {},
});

/** Where the global setup left the seeded data folder that every file's server starts from. */
const SEEDED_TEMPLATE_ENV = 'E2E_SEEDED_TEMPLATE';

/**
 * A data folder (database and local S3 files) migrated and seeded once for the whole e2e run, by the
 * global setup: each file's server starts on its own copy instead of migrating and seeding again
 * (about 7 s a file). Its jobs have not run: each server runs them itself, with its own address in
 * the links they mail.
 */
export async function prepareSeededTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'hoa-e2e-template-'));
  const running = await startNodeServer({ ...serverOptions(await freePort(), dir), jobsIntervalMs: 24 * 3_600_000 });
  await running.close();
  // The copies take the database file alone: its WAL must hold nothing (the file client empties it as it closes).
  const wal = join(dir, 'e2e.db-wal');
  if (existsSync(wal) && statSync(wal).size > 0) throw new Error(`the seeded template's WAL still holds ${statSync(wal).size} bytes`);
  process.env[SEEDED_TEMPLATE_ENV] = dir;
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a file may change in its server: `pullRowBudget` to see a first pull arrive in chunks. */
export type E2EServerOptions = { pullRowBudget?: number };

/** The Node entry on a fresh, migrated and seeded temporary database (a copy of the run's template when there is one). */
export async function startE2EServer(options: E2EServerOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoa-e2e-'));
  const template = process.env[SEEDED_TEMPLATE_ENV];
  // The database file and the stored files, never the template's -wal and -shm: a connection of the
  // process that seeded it may still hold them (libsql closes a connection when its statements are
  // collected) and, closing late, delete them mid-copy.
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true, filter: (from) => !/\.db-(wal|shm)$/.test(from) });
  // Another process may take the probed port before this one binds it: then the next free one.
  let port = await freePort();
  let running: Awaited<ReturnType<typeof startNodeServer>> | undefined;
  for (let attempt = 1; !running; attempt++) {
    try {
      running = await startNodeServer({ ...serverOptions(port, dataDir), ...options });
    } catch (e) {
      if (!(e instanceof PortInUseError) || attempt === 5) throw e;
      port = await freePort(port + 1);
    }
  }
  // The demo's own due work (late fees on its overdue invoices, its autopay's charges) is done before
  // any story reads a figure: the runner's first tick would otherwise do it while a story compares.
  await runJobs(running.deps);
  const url = `http://localhost:${port}`;
  // The network as a switch, for offline tests: while it is down every connection to the server is
  // cut, whoever opens it (the page, or the service worker, which setOffline does not cover).
  let networkDown = false;
  const sockets = new Set<Socket>();
  // The last requests the server took, and the steps a story marked, for a failed story to show
  // what reached the server and when.
  const started = Date.now();
  const seen: { line: string; path?: string }[] = [];
  const note = (line: string, path?: string) => {
    seen.push({ line: `${Date.now() - started} ms ${line}`, path });
    if (seen.length > 200) seen.shift();
  };
  running.server.on('request', (req: IncomingMessage) => {
    note(`${req.method} ${req.url} ${req.headers.authorization ? 'with a token' : 'no token'}`, req.url?.split('?')[0]);
  });
  running.server.on('connection', (socket: Socket) => {
    if (networkDown) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    url,
    port,
    deps: running.deps,
    /** Waits for the work the server does after its responses (mails, provider calls). */
    drainBackground: running.drainBackground,

    setNetwork(up: boolean) {
      networkDown = !up;
      if (!up) for (const socket of sockets) socket.destroy();
    },
    /**
     * The last 200 requests the server took (ms since it started, method, path, whether it had a
     * token), those to `path` only if given, with the story's marks among them: for a failure's message.
     */
    requestsSeen: (path?: string) => seen.filter((e) => !path || !e.path || e.path === path).map((e) => e.line).join('\n'),
    /** A story's step in that log, to read the requests against (`— the tab closed`). */
    mark: (step: string) => note(`— ${step}`),
    /** The raw libSQL client of the temporary database, for reading the outbox and setting up rows. */
    db: running.deps.database.client,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server on a fresh database, and the worker's Chromium (sharedBrowser), for the test file that
 * calls this (at its top level): `const e2e = e2eSuite();` then `e2e.server`, `e2e.browser` inside
 * the tests.
 */
export function e2eSuite(options: E2EServerOptions = {}) {
  const suite = {} as { server: E2EServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startE2EServer(options), sharedBrowser()]);
  });
  // A story that failed while offline left the server's network cut; the next story (or its second try) starts online.
  beforeEach(() => suite.server?.setNetwork(true));
  // A page the file opened for all its stories tells what it showed when one of them fails.
  beforeEach(() => onTestFailed(async () => void (await Promise.all([...filePages].map((tell) => tell())))));
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.close();
  });
  return suite;
}

/**
 * Sign-in attempts are rate limited per IP and email; tests sign in far more often than people do.
 * Through the app's one writer: a write on a second connection while the server writes failed with
 * "database is locked" on a busy machine.
 */
export async function clearRateLimits(server: E2EServer) {
  await server.deps.database.transaction((tx) => tx.delete(rateLimits));
}

/** The newest mail queued for `to` in the outbox table. */
export async function latestEmail(server: E2EServer, to: string) {
  const rs = await server.db.execute({
    sql: 'SELECT subject, text, html FROM email_outbox WHERE to_email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    args: [to],
  });
  const row = rs.rows[0];
  if (!row) throw new Error(`no email to ${to}`);
  return { subject: String(row.subject), text: String(row.text), html: String(row.html) };
}

/** The first link in a mail's text, made relative to `server` (mails carry the app URL). */
export function linkIn(text: string, server: E2EServer): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  const link = new URL(match[0]);
  return `${server.url}${link.pathname}${link.search}`;
}

/**
 * An invited user in the HOA of `sameHoaAs`, as the invite flow leaves it, and the raw activation
 * token its email would carry (the link is /invite/accept?token=…).
 */
export async function inviteUser(server: E2EServer, p: { email: string; role: Role; sameHoaAs: string }): Promise<string> {
  const { database, clock } = server.deps;
  const member = await findUserByEmail(database.db, p.sameHoaAs);
  if (!member) throw new Error(`no user ${p.sameHoaAs}`);
  const now = clock();
  return database.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id: newId(), hoaId: member.hoaId, name: p.email, email: p.email, role: p.role, status: 'invited', createdAt: now, updatedAt: now })
      .returning();
    return createAuthToken(tx, now, user, 'activation');
  });
}

// ------------------------------------------------------------------ browser

/**
 * A fresh context (own cookies and storage) with one page; its uncaught page errors are collected.
 * The app's service worker is kept out unless asked for (`openPageWithServiceWorker`): installing it
 * precaches the whole app (166 files, 1.8 MB) in every new context, which took about a fifth of the
 * e2e step's time on two cores, and only a story that goes offline needs it.
 */
export async function openPage(
  browser: Browser,
  server: { url: string },
  viewport = DESKTOP,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const serviceWorkers = options.serviceWorkers ?? 'block';
  // Reduced motion: menus and dialogs open without transitions, so screenshots and axe see the end state.
  const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce', serviceWorkers });
  if (serviceWorkers === 'block') withoutServiceWorker.add(context);
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  tellWhatThePageShowedOnFailure(context, page);
  return { context, page, errors };
}

/** A page with the app's service worker, as a user's browser has it: for a story that goes offline. */
export const openPageWithServiceWorker = (browser: Browser, server: { url: string }, viewport = DESKTOP) => openPage(browser, server, viewport, { serviceWorkers: 'allow' });

/** Contexts opened without the service worker (openPage's default): going offline there is a mistake. */
const withoutServiceWorker = new WeakSet<BrowserContext>();

function mustHaveServiceWorker(context: BrowserContext) {
  if (withoutServiceWorker.has(context)) throw new Error("This story goes offline, where the app's service worker serves the app: open its page with openPageWithServiceWorker.");
}

const PAGE_TEXT_SHOWN = 2_500;

/**
 * A failed story prints where its page was and the text its main region showed (a wait that timed out says only
 * what it waited for). The page is read as its context closes, since a story closes it in `finally`
 * before vitest calls the failure hook; a page still open is read then.
 */
function tellWhatThePageShowedOnFailure(context: BrowserContext, page: Page) {
  let lastSeen: string | null = null;
  // The requests still unanswered (a screen's chunk or read that never came back shows as "Loading...").
  const inFlight = new Map<Request, number>();
  page.on('request', (r) => inFlight.set(r, Date.now()));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  const unanswered = () =>
    [...inFlight].map(([r, at]) => `\n  waiting ${((Date.now() - at) / 1000).toFixed(1)} s: ${r.method()} ${new URL(r.url()).pathname}${r.isNavigationRequest() ? ' (navigation)' : ''}`).join('');
  const look = () =>
    Promise.race([
      page.evaluate(() => `${location.pathname}${location.search} (${navigator.onLine ? 'online' : 'offline'})\n${(document.querySelector('main') ?? document.body).innerText}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('(the page did not answer)'), 2_000)),
    ])
      .catch((e: Error) => `(the page could not be read: ${e.message})`)
      .then((text) => `${text}${unanswered()}`);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (!page.isClosed()) lastSeen = await look();
    return close(options);
  };
  const tell = async () => {
    const seen = lastSeen ?? (page.isClosed() ? null : await look());
    if (seen) process.stderr.write(`\n  the page when the story failed: ${seen.slice(0, PAGE_TEXT_SHOWN).replace(/\n+/g, '\n    ')}\n`);
  };
  try {
    onTestFailed(tell);
  } catch {
    // Opened outside a story (a file's beforeAll, shared by its stories): told of each story that fails (e2eSuite).
    filePages.add(tell);
    page.once('close', () => filePages.delete(tell));
  }
}

/** The tellers of the pages a file opened outside its stories, still open. */
const filePages = new Set<() => Promise<void>>();

/** No uncaught error in the page; their text is in the message, since a failure's summary shows the message, not the diff. */
export function expectNoPageErrors(errors: readonly string[] | undefined) {
  expect(errors, `uncaught in the page: ${errors?.join(' | ')}`).toEqual([]);
}

/**
 * A new context and page for every test of the file, handed to `use` before each test and closed after
 * it; a test whose page threw an uncaught error fails. A story that goes offline calls
 * `withServiceWorker()` first: its page again, with the app's service worker.
 */
export function pagePerTest(e2e: { browser: Browser; server: { url: string } }, use: (page: Page) => void) {
  let opened: Awaited<ReturnType<typeof openPage>> | undefined;
  const open = async (serviceWorkers?: 'allow') => {
    opened = await openPage(e2e.browser, e2e.server, DESKTOP, { serviceWorkers });
    use(opened.page);
  };
  const closeChecked = async () => {
    await opened?.context.close();
    expectNoPageErrors(opened?.errors);
  };
  beforeEach(() => open());
  afterEach(closeChecked);
  return {
    async withServiceWorker() {
      await closeChecked();
      await open('allow');
    },
  };
}

/** The path (and query) the page is on. */
/** The paths of the scripts the page requests from now on (which chunks a screen loads). */
export function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
  return scripts;
}

export const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** What showsBriefly's watcher notes in the page. */
type ShownBriefly = { shownBriefly?: Record<string, boolean> };

/**
 * `action` makes the page show `text` for a moment (a success note before a timed redirect): the page
 * itself watches for it from before the action, so a story that looks too late on a busy machine (the
 * note gone, the redirect done) still knows it was shown. Fails if it never was, within `timeout`.
 */
export async function showsBriefly(page: Page, text: string, action: () => Promise<unknown>, timeout = 15_000) {
  await page.evaluate((wanted) => {
    const shown = ((window as unknown as ShownBriefly).shownBriefly ??= {});
    shown[wanted] = false;
    // No named function inside: tsx would wrap it in a helper the page does not have.
    new MutationObserver((_, observer) => {
      // textContent first (no layout); innerText leaves out what is not rendered.
      if (!document.body.textContent?.includes(wanted) || !document.body.innerText.includes(wanted)) return;
      shown[wanted] = true;
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  await action();
  await page.waitForFunction((wanted) => (window as unknown as ShownBriefly).shownBriefly?.[wanted] === true, text, { timeout });
}

/** Waits until the page's path equals `path` (client-side redirects included). */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((u) => u.pathname === path);
}

/**
 * Client-side navigation to `path` (as a link click would do): no page load, so no start-up
 * refresh; much faster than page.goto for walking many screens of one signed-in session.
 */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Signs in through the login form as a user would and waits to leave /login. */
export async function signInAs(page: Page, server: E2EServer, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillSignIn(page, server, email, password);
}

/** Fills the login form the page shows now (no reload: the running app signs in) and waits to leave /login. */
export async function fillSignIn(page: Page, server: E2EServer, email: string, password = DEMO_PASSWORD) {
  await clearRateLimits(server);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

/**
 * Whether `snap` writes its pictures: where people look at them (a developer's run), not in CI, where
 * no one does and capturing them was a tenth of the stories' time; `E2E_SCREENSHOTS=1` asks for them.
 */
const WRITE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

/**
 * `work` with a limit: a wait in the page (a promise, an animation frame, axe) that never ends
 * would otherwise hold the story until its whole timeout, with no step named. This names it.
 */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Two animation frames: what was rendered is drawn. */
export const twoFrames = (page: Page) =>
  within(10_000, 'two animation frames', page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));

/**
 * The page at 1280 and 375 px, written to tests/e2e/screenshots/<name>-<width>.png, then its own width
 * again. Where no picture is written (CI) it does nothing: resizing only to redraw cost about a tenth
 * of a file's time in the stories that snap most, and the phone width has stories of its own.
 */
export async function snap(page: Page, name: string) {
  if (!WRITE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await twoFrames(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
  // The story goes on from a settled page: a list redraws for its width (ui/Table.tsx's media query).
  await twoFrames(page);
}

/** `snap` from the top of the page (a scrolled page would draw the sticky navigation mid-way). */
export async function snapFromTop(page: Page, name: string) {
  if (!WRITE_SCREENSHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const AXE_SOURCE = resolve('node_modules/axe-core/axe.min.js');

/** Every WCAG 2.0, 2.1 and 2.2 level A and AA rule axe-core has (2.2 AA brings 'target-size'). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** A WCAG failure of any impact fails; a best-practice rule (not a WCAG criterion) only at serious or critical. */
const fails = (v: AxeViolation & { tags: string[] }) => v.tags.some((t) => WCAG_TAGS.includes(t)) || v.impact === 'serious' || v.impact === 'critical';

/**
 * Runs axe-core in the page: every WCAG 2.x A/AA rule plus the best-practice ones; returns the
 * violations that fail (see `fails`).
 */
export async function axeScan(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the app's CSP (no inline scripts) does not block.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  const violations = await within(30_000, `axe on ${pathOf(page)}`, page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: (AxeViolation & { tags: string[] })[] }> } }).axe;
    // Violations only: axe then keeps one node of each passing rule, not every node it checked.
    const result = await axe.run(document, { runOnly: { type: 'tag', values: [...tags, 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, tags: v.tags, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, WCAG_TAGS));
  return violations.filter(fails).map(({ tags: _tags, ...v }) => v);
}

/** A readable summary of axe violations for an assertion message. */
export const describeViolations = (vs: AxeViolation[]) => vs.map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');

/** Fails the test on any failing axe violation (every WCAG A/AA one, serious or critical best practice), naming them. */
export async function expectNoSeriousAxe(page: Page) {
  const violations = await axeScan(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/**
 * Offline as a user is: the browser says so (setOffline), its requests fail, and the server cannot
 * be reached at all (setOffline and context.route miss some service-worker traffic).
 */
export async function goOffline(context: BrowserContext, server: Pick<E2EServer, 'setNetwork'>) {
  mustHaveServiceWorker(context);
  server.setNetwork(false);
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

/**
 * The app shell is cached once the service worker is active, and this page is its own (it claims the
 * open pages a moment after it activates): after this a reload works offline, and so does a chunk the
 * page loads later (a listbox's, a dialog's). Active but not yet in control, the page would fetch such
 * a chunk from the network.
 */
export async function waitForServiceWorker(page: Page) {
  mustHaveServiceWorker(page.context());
  await within(
    30_000,
    'the service worker taking control of the page',
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }),
  );
}

/**
 * Resolves once every change the page has made is in IndexedDB, as a reload or a closed tab finds it.
 * The page is told it is being left (`pagehide`, as the browser does before a reload): the app then
 * writes its cache at once (client/lib/cache-writes.ts). The wait is for Replicache's "persisted"
 * broadcast to its other tabs (channel `replicache-on-persist:<name>`), twice: the first may end a
 * write that began before the change; the second is of a write that began after the first ended.
 */
export async function changesOnDevice(page: Page) {
  await within(
    PAGE_WAIT_MS,
    'the cache written to IndexedDB',
    page.evaluate(async () => {
      const names = (await indexedDB.databases()).flatMap(({ name }) => (name?.startsWith('rep:') ? [name.split(':')[1]] : []));
      if (names.length === 0) throw new Error('no Replicache cache in this page');
      for (let round = 0; round < 2; round++) {
        const channels = names.map((name) => new BroadcastChannel(`replicache-on-persist:${name}`));
        await new Promise((resolve) => {
          for (const channel of channels) channel.onmessage = resolve;
          window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
        });
        for (const channel of channels) channel.close();
      }
    }),
  );
}

/** An access token for `email` from the login API, for a test acting as an API client (another board member's REST calls). */
export async function apiToken(server: E2EServer, email: string, password = DEMO_PASSWORD): Promise<string> {
  await clearRateLimits(server);
  const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** REST calls as `email` (another member acting over the API while the page is open): `call(method, path, body?)` gives the fetch's Response. */
export async function apiClient(server: E2EServer, email: string) {
  const token = await apiToken(server, email);
  return (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The network comes back first, then the browser says so (its `online` event): what the app sends at once can arrive. */
export async function goOnline(context: BrowserContext, server: Pick<E2EServer, 'setNetwork'>) {
  server.setNetwork(true);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}
