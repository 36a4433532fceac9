/**
 * The offline board meeting: Ben, a board member, holds the whole meeting with the network
 * off — the app opens from the service worker with his cached session on the dashboard, he reads and
 * filters every list, writes and sends an announcement, issues two violations, answers a request and
 * moves its status, resolves a violation with notes, creates a due and marks an invoice paid by check,
 * reloads the browser (all of it still there, waiting to sync) and reconnects. Meanwhile Tom, another
 * board member online all along, deactivated the resident of one of the violations over REST: that one
 * is refused and explained in the notices area; everything else reaches the server once, in order,
 * with each of its emails once, and Tom sees the results through the poke. Prints how
 * long the reconnect takes to drain the queue.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../schema/invoices';
import { statusUpdatedMessage as requestStatusUpdated } from '../../schema/requests';
import { VIOLATION_MESSAGES, statusUpdatedMessage as violationStatusUpdated } from '../../schema/violations';
import { openDeviceNetwork } from '../helpers/network';
import { apiToken, changesOnDevice, DEMO, type E2EServer, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPageWithServiceWorker, showsBriefly, signInAs, snapFromTop as snap, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { announcementDetail, announcementForm, announcementsList } from './pages/announcements';
import { apiDashboardFigures, dashboard } from './pages/dashboard';
import { documentsList } from './pages/documents';
import { dueForm, duesList, invoiceDetail, storedInvoices } from './pages/dues';
import { requestDetail, requestsList, storedComments, storedRequest, thread } from './pages/requests';
import { inDays, storedViolation, violationDetail, violationForm, violationsList } from './pages/violations';
import { choose, waitForOption } from './pages/controls';

const e2e = e2eSuite();

const TOM = 'tom.becker@maplegrove.test';
const GRACE = { name: 'Grace Hall', email: 'grace.hall@maplegrove.test' };
const OFFLINE = 'Offline — changes will sync when you reconnect';
const WAITING = /\d+ changes? waiting to sync/;
/** How soon after the first push answer Tom's list shows the change: well under the client's 15-second poll. */
const POKE_BOUND_MS = 10_000;
const PAID_QUEUED = 'Set to Paid offline. The server has it when you reconnect.';

const M = {
  announcement: 'Budget approved at the November meeting',
  announcementText: 'The board approved the 2027 budget. Dues stay the same.',
  violationOk: 'Satellite dish on the front roof',
  violationRefused: 'Boat trailer on the lawn',
  request: 'Streetlight out on Birch Court',
  answer: 'The city replaces the lamp on Tuesday.',
  resolved: 'Overgrown front lawn',
  resolution: 'Lawn mowed; checked on the walk after the meeting.',
  due: 'Gate Repair Assessment',
  invoiceOf: { due: 'Pool Resurfacing Special Assessment', recipient: 'Rita Resident' },
};

/** The user's own changes in the order the meeting makes them (read markers are the app's, not counted). */
const EXPECTED_ORDER = [
  'createAnnouncementDraft',
  'sendAnnouncement',
  'issueViolation',
  'issueViolation',
  'addRequestComment',
  'setRequestStatus',
  'setViolationStatus',
  'createDue',
  'setInvoiceStatus',
];

/** Every push the page got an answer to: when, and which mutations (id, name) it carried. */
function recordPushes(page: Page) {
  const pushes: { at: number; mutations: { id: number; name: string }[] }[] = [];
  page.on('response', (res) => {
    if (!res.url().endsWith('/api/sync/push') || !res.ok()) return;
    const body = res.request().postDataJSON() as { mutations: { id: number; name: string }[] };
    pushes.push({ at: Date.now(), mutations: body.mutations.map((m) => ({ id: m.id, name: m.name })) });
  });
  return pushes;
}

/** Mails queued since `since`, alike ones (recipient, kind, subject and text) counted together: each should be there once. */
async function mailsSince(server: E2EServer, since: number) {
  const rs = await server.db.execute({
    sql: `SELECT to_email, template, subject, text, count(*) AS n, sum(status = 'delivered') AS delivered FROM email_outbox
          WHERE created_at >= ? GROUP BY to_email, template, subject, text ORDER BY template, to_email`,
    args: [since],
  });
  return rs.rows.map((r) => ({ to: String(r.to_email), template: String(r.template), subject: String(r.subject), text: String(r.text), n: Number(r.n), delivered: Number(r.delivered) }));
}

async function activeResidents(server: E2EServer): Promise<number> {
  const rs = await server.db.execute({
    sql: "SELECT count(*) AS n FROM users WHERE hoa_id = (SELECT hoa_id FROM users WHERE email = ?) AND role = 'resident' AND status = 'active' AND deleted_at IS NULL",
    args: [DEMO.maple.board],
  });
  return Number(rs.rows[0].n);
}

/** Step 2: every list opens from the cache and filters. */
async function readEveryList(page: Page) {
  const announcements = announcementsList(page);
  await announcements.open();
  await announcements.viewLink('Spring landscaping schedule').waitFor();

  const requests = requestsList(page);
  await requests.open();
  await requests.choose('Status', 'Open');
  await requests.viewLink(M.request).waitFor();
  await requests.viewLink('Pool hours during the holidays').waitFor({ state: 'detached' });

  const documents = documentsList(page);
  await documents.open();
  await documents.search('Minutes');
  await documents.row('Board Meeting Minutes - October').waitFor();
  await documents.row('2026 Annual Budget').waitFor({ state: 'detached' });
  await documents.clear();
  await documents.choose('Category', 'Financials');
  await documents.row('2026 Annual Budget').waitFor();

  const violations = violationsList(page);
  await violations.open();
  await violations.choose('Status', 'Under Review');
  await violations.viewLink(M.resolved).waitFor();
  await violations.viewLink('Loud music after 10 pm').waitFor({ state: 'detached' });

  const dues = duesList(page);
  await dues.open();
  await dues.dues.search('Pool');
  await dues.viewLink(M.invoiceOf.due).waitFor();
  await dues.viewLink('Monthly HOA Dues').waitFor({ state: 'detached' });
  await dues.dues.clear();
  await dues.openTab('My Invoices');
  await dues.invoices.choose('Status', 'Paid');
  await dues.viewLink('Monthly HOA Dues').first().waitFor();
  await dues.viewLink(M.invoiceOf.due).waitFor({ state: 'detached' });
}

/** Step 3: the meeting's decisions, each as the screens offer it offline. */
async function holdTheMeeting(page: Page, deactivateGrace: () => Promise<void>) {
  const announcements = announcementsList(page);
  await announcements.open();
  await announcementForm(page).create({ title: M.announcement, message: M.announcementText, audience: 'residents' });
  await announcementDetail(page).open(M.announcement);
  await announcementDetail(page).send('The announcement will be sent when you reconnect.');
  await page.getByText('Queued — will send when you reconnect').waitFor();

  const violations = violationsList(page);
  for (const [title, resident] of [
    [M.violationOk, `Rita Resident (${DEMO.maple.resident})`],
    [M.violationRefused, `${GRACE.name} (${GRACE.email})`],
  ] as const) {
    await violations.open();
    await page.getByRole('link', { name: 'Create Violation' }).click();
    const form = violationForm(page);
    await form.fill({ resident, title, message: 'Noted at the board meeting.', dueDate: inDays(14) });
    await form.submit.click();
    await waitForPath(page, '/violations');
    await violations.viewLink(title).waitFor();
  }
  // Meanwhile another board member, online, deactivates the resident of the second one.
  await deactivateGrace();

  const requests = requestsList(page);
  await requests.open();
  const request = requestDetail(page);
  await request.open(M.request);
  await request.messagesLink.click();
  await thread(page).write(M.answer);
  await thread(page).messages.getByText('Queued: sends when you reconnect').waitFor();
  await page.getByRole('link', { name: 'Back to Request' }).click();
  await page.getByRole('heading', { level: 1, name: M.request }).waitFor();
  await choose(request.status, 'In Progress');
  await page.getByText(requestStatusUpdated('in_progress')).waitFor();

  await violations.open();
  await violations.choose('Status', 'Under Review');
  const violation = violationDetail(page);
  await violation.open(M.resolved);
  await violation.notes.fill(M.resolution);
  await violation.resolve.click();
  await page.getByText(violationStatusUpdated('resolved')).waitFor();

  const dues = duesList(page);
  await dues.open();
  await dueForm(page).create({ title: M.due, amount: '120.00', frequency: 'one_time', recipients: ['Rita Resident', 'Ray Resident'] });
  await dues.viewLink(M.due).waitFor();
  await invoiceDetail(page).openFromDue(M.invoiceOf.due, M.invoiceOf.recipient);
  await showsBriefly(page, INVOICE_MESSAGES.statusUpdated('paid'), () => invoiceDetail(page).markPaid('Check'));
}

/** The Queued mark of a list row (the phone layout has its own copy, hidden on a desktop). */
const queuedRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title }).getByText('Queued', { exact: true }).filter({ visible: true }).first();

/** Step 4: after the reload, each change is on its screen and the bar counts them as waiting. */
async function checkEverythingKept(page: Page) {
  await page.getByText(`${EXPECTED_ORDER.length} changes waiting to sync`).waitFor({ timeout: 20_000 });
  await page.getByText(OFFLINE).waitFor();
  await announcementsList(page).open();
  await queuedRow(page, M.announcement).waitFor();
  await violationsList(page).open();
  for (const title of [M.violationOk, M.violationRefused, M.resolved]) await queuedRow(page, title).waitFor();
  await snap(page, 'meeting-reloaded-compliance');
  await violationDetail(page).open(M.resolved);
  await page.getByText(M.resolution).first().waitFor();
  await requestsList(page).open();
  await queuedRow(page, M.request).waitFor();
  await requestDetail(page).open(M.request);
  await expect.poll(() => requestDetail(page).status.textContent()).toBe('In Progress');
  await requestDetail(page).messagesLink.click();
  await thread(page).messages.getByText(M.answer).waitFor();
  await thread(page).messages.getByText('Queued: sends when you reconnect').waitFor();
  await duesList(page).open();
  await queuedRow(page, M.due).waitFor();
  await duesList(page).viewLink(M.due).click();
  await page.getByText('This due was created offline. Its invoices are issued when you reconnect.').waitFor();
  await duesList(page).open();
  await invoiceDetail(page).openFromDue(M.invoiceOf.due, M.invoiceOf.recipient);
  await expect.poll(() => invoiceDetail(page).status.textContent()).toBe('Paid');
  await page.getByText(PAID_QUEUED).waitFor();
}

describe('the offline board meeting', () => {
  it('a board member holds a whole meeting offline, reloads, reconnects: every change arrives once, in order; the refused one is explained', { timeout: 180_000 }, async () => {
    const { server } = e2e;
    // Ben's laptop reaches the server through its own network, which goes off; Tom's stays on.
    const network = await openDeviceNetwork(server);
    const ben = await openPageWithServiceWorker(e2e.browser, network);
    const tom = await openPageWithServiceWorker(e2e.browser, server);
    const bp = ben.page;
    try {
      // Before the meeting, online: Ben signed in on this browser and once opened a form with a resident picker.
      await signInAs(bp, server, DEMO.maple.board);
      const board = dashboard(bp);
      await board.heading.waitFor();
      const figures = await apiDashboardFigures(server, await apiToken(server, DEMO.maple.board));
      await expect.poll(() => board.metric(figures.metrics.outstandingDues.title).textContent()).toBe(figures.metrics.outstandingDues.value);
      await goInApp(bp, '/compliance/create');
      await waitForOption(violationForm(bp).resident, `${GRACE.name} (${GRACE.email})`);
      await goInApp(bp, '/dashboard');
      await waitForServiceWorker(bp);
      const graceId = String((await server.db.execute({ sql: 'SELECT id FROM users WHERE email = ?', args: [GRACE.email] })).rows[0].id);
      const tomToken = await apiToken(server, TOM);
      await signInAs(tom.page, server, TOM);
      await violationsList(tom.page).open();

      // 1. The network goes and stays off; the app opens from the service worker, signed in from the cached session.
      const meetingStart = Date.now();
      await goOffline(ben.context, network);
      const pushes = recordPushes(bp);
      await bp.reload();
      await board.heading.waitFor({ timeout: 20_000 });
      await bp.getByText(OFFLINE).waitFor();
      for (const key of ['outstandingDues', 'maintenanceRequests', 'announcements', 'documents'] as const) {
        await expect.poll(() => board.metric(figures.metrics[key].title).textContent(), { timeout: 20_000 }).toBe(figures.metrics[key].value);
      }
      await expect.poll(() => board.community('Total Units').textContent()).toBe(String(figures.community.units));
      await expectNoSeriousAxe(bp);
      await snap(bp, 'meeting-dashboard-offline');

      // 2 and 3.
      await readEveryList(bp);
      await holdTheMeeting(bp, async () => {
        const res = await fetch(`${server.url}/api/users/${graceId}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${tomToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: GRACE.name, role: 'resident', status: 'inactive' }),
        });
        expect(res.status).toBe(200);
      });
      await bp.getByText(WAITING).waitFor();
      await changesOnDevice(bp);

      // 4. Reload: everything is still there, waiting to sync; nothing reached the server.
      await bp.reload();
      await checkEverythingKept(bp);
      await expectNoSeriousAxe(bp);
      await snap(bp, 'meeting-reloaded-offline');
      expect(await storedViolation(server, M.violationOk)).toBeUndefined();
      expect(pushes).toEqual([]);

      // 5. Reconnect; Tom's compliance list is watched from now on.
      const tomSees = violationsList(tom.page)
        .viewLink(M.violationOk)
        .waitFor({ timeout: 20_000 })
        .then(() => Date.now());
      const online = Date.now();
      await goOnline(ben.context, network);
      await bp.getByText(WAITING).waitFor({ state: 'detached', timeout: 30_000 });
      const drainedMs = Date.now() - online;
      const seenAt = await tomSees;
      const firstPush = pushes[0].at;
      console.log(
        `meeting: ${EXPECTED_ORDER.length} changes drained ${drainedMs} ms after reconnecting (${pushes.length} push answers); ` +
          `Tom saw the violation ${seenAt - firstPush} ms after the first push answered; load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
      // The poke brings it, under a second on a quiet machine (printed above); the bound is generous for a
      // busy one (1.7 s seen with two cores oversubscribed) and still short of the 15-second poll.
      expect(seenAt - firstPush).toBeLessThanOrEqual(POKE_BOUND_MS);

      // In order, each once: the pushes' mutation ids only grow, and the user's changes come in the meeting's order.
      const sent = new Map<number, string>();
      for (const p of pushes) for (const m of p.mutations) sent.set(m.id, m.name);
      const ids = [...sent.keys()];
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect([...sent.values()].filter((n) => n !== 'markAnnouncementRead')).toEqual(EXPECTED_ORDER);

      // The refused violation is explained in plain words; the rest arrived, once each.
      const notice = bp.getByRole('alert').filter({ hasText: `Create violation \u201c${M.violationRefused}\u201d was not saved` });
      await notice.getByText(VIOLATION_MESSAGES.residentInvalid).waitFor({ timeout: 10_000 });
      await bp.getByText(PAID_QUEUED).waitFor({ state: 'detached' });
      await expectNoSeriousAxe(bp);
      await snap(bp, 'meeting-reconnected');
      expect(await storedViolation(server, M.violationRefused)).toBeUndefined();
      await expect.poll(async () => (await storedViolation(server, M.violationOk))?.notices, { timeout: 10_000 }).toBe(1);
      expect(await storedViolation(server, M.violationOk)).toMatchObject({ copies: 1, status: 'open' });
      expect(await storedViolation(server, M.resolved)).toMatchObject({ status: 'resolved', notes: M.resolution });
      const request = (await storedRequest(server, M.request))!;
      expect(request.status).toBe('in_progress');
      expect((await storedComments(server, request.id)).filter((c) => c.message.includes(M.answer))).toHaveLength(1);
      expect(await storedInvoices(server, M.due)).toEqual([
        { email: DEMO.maple.resident2, status: 'pending' },
        { email: DEMO.maple.resident, status: 'pending' },
      ]);
      expect((await storedInvoices(server, M.invoiceOf.due)).find((i) => i.email === DEMO.maple.resident)?.status).toBe('paid');
      const sentRow = await server.db.execute({ sql: 'SELECT status, count(*) OVER () AS copies FROM announcements WHERE title = ?', args: [M.announcement] });
      expect(sentRow.rows.map((r) => [r.status, Number(r.copies)])).toEqual([['sent', 1]]);

      // Every email the meeting caused left once: one per resident for the announcement, one violation
      // notice, and the request's resident hears of the answer and of the new status.
      await expect.poll(async () => (await mailsSince(server, meetingStart)).filter((m) => m.subject.includes(M.announcement)).length, { timeout: 15_000 }).toBe(await activeResidents(server));
      // Each left the outbox (delivered by the local mailer), once.
      await expect.poll(async () => (await mailsSince(server, meetingStart)).filter((m) => m.delivered !== m.n), { timeout: 15_000 }).toEqual([]);
      const mails = await mailsSince(server, meetingStart);
      expect(mails.filter((m) => m.n !== 1)).toEqual([]);
      expect(mails.filter((m) => m.subject.includes(M.violationRefused))).toEqual([]);
      expect(mails.filter((m) => m.template === 'violation-notice').map((m) => m.to)).toEqual([DEMO.maple.resident]);
      const requestMails = mails.filter((m) => m.template === 'request-update');
      expect(requestMails.map((m) => m.to)).toEqual([DEMO.maple.resident2, DEMO.maple.resident2]);
      expect(requestMails.filter((m) => m.text.includes(M.answer))).toHaveLength(1);
      expect(requestMails.filter((m) => m.text.includes('In Progress'))).toHaveLength(1);

      // Tom's screens caught up too: the resolved violation, never the refused one, and the new due.
      await tom.page.getByRole('row').filter({ hasText: M.resolved }).getByText('Resolved', { exact: true }).filter({ visible: true }).first().waitFor();
      await expect(violationsList(tom.page).viewLink(M.violationRefused).count()).resolves.toBe(0);
      await duesList(tom.page).open();
      await duesList(tom.page).viewLink(M.due).waitFor();
      expect(ben.errors.filter((e) => !/Failed to load resource|net::ERR/.test(e))).toEqual([]);
      expectNoPageErrors(tom.errors);
    } finally {
      await goOnline(ben.context, network);
      await ben.context.close();
      await tom.context.close();
      await network.close();
    }
  });
});
