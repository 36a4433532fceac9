/**
 * The sync core's promise, checked on random histories: whatever sequence of writes happens across
 * areas, roles and users (drafts, sends, schedules, deliveries, read markers, violations, requests with their
 * threads and triage, refusals, renames, role
 * and status changes, edited addresses, another HOA's activity), a client that pulled incrementally along the way holds
 * exactly what a fresh full pull gives the same viewer, whether it reads the compact patch or the plain one,
 * and whether its first pulls came whole or in chunks of a tiny row budget (pulled until `more` is gone).
 * Every person also has a second membership, in the other HOA, with its own role and session
 * (docs/decisions/241-one-account-several-hoas.md): its client holds what a fresh pull gives it too,
 * and no client ever holds an id of the other HOA. A new group reading the compact patch, whose reset
 * is made of parts kept or patched since the last check, holds the same.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { announcements, documents, users, voteBallots, votes } from '../../schema/tables';
import type { Role } from '../../schema/roles';
import { runJobs } from '../../worker/jobs/runner';
import { updateUser } from '../../worker/domain/users';
import type { DeliveryResult, Mailer } from '../../worker/services/mailer';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, DEMO_PASSWORD, login } from '../helpers/http';
import { idsOfHoa, leakedIds } from '../helpers/tenant-ids';
import { seededRandom as random } from '../helpers/random';
import { heldData, SyncTestClient } from './client';

/** Delivers to every address but those in `failing` (a bounced mailbox), so retries have something to do. */
function bouncingMailer(failing: Set<string>): Mailer {
  return {
    kind: 'resend',
    send: async (mails) =>
      mails.map((m): DeliveryResult => (failing.has(m.to) ? { id: m.id, ok: false, error: 'Mailbox unavailable', permanent: true } : { id: m.id, ok: true, providerId: `p_${m.id}` })),
  };
}

interface Viewer {
  email: string;
  /** The membership's HOA. */
  hoaId: string;
  client: SyncTestClient;
}

/** A world: the demo HOAs, a signed-in incremental client per user, and the moves a history is made of. */
async function world(seed: number) {
  const rnd = random(seed);
  const failing = new Set([DEMO.maple.resident2]);
  const t = await createTestApp({ mailer: bouncingMailer(failing) });
  const emails = [...Object.values(DEMO.maple), ...Object.values(DEMO.cedar)];
  const hoaOf = (email: string): 'maple' | 'cedar' => (email.endsWith('maplegrove.test') ? 'maple' : 'cedar');
  const homeIds = { maple: (await login(t, DEMO.maple.board)).user.hoa_id as string, cedar: (await login(t, DEMO.cedar.board)).user.hoa_id as string };
  const homeOf = (email: string) => homeIds[hoaOf(email)];
  const otherOf = (email: string) => homeIds[hoaOf(email) === 'maple' ? 'cedar' : 'maple'];
  /** A session of the membership of `email` in `hoaId` (an account in two HOAs names the one). */
  const signInTo = async (email: string, hoaId: string) => {
    const r = await call(t, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD, hoa_id: hoaId }, ip: `10.1.${rnd.int(250)}.${rnd.int(250)}` });
    if (r.status !== 200) throw new Error(`login ${email} in ${hoaId}: ${r.status}`);
    return r.json.accessToken as string;
  };
  // Each person's second membership: the other HOA, a role of its own, no address, the account's password.
  for (const email of emails) {
    const [home] = await t.deps.database.db.select().from(users).where(and(eq(users.email, email), eq(users.hoaId, homeOf(email))));
    const now = t.deps.clock();
    await t.write((tx) =>
      tx.insert(users).values({ id: crypto.randomUUID(), hoaId: otherOf(email), name: home.name, email, role: rnd.pick(['resident', 'board'] as const), status: 'active', passwordHash: home.passwordHash, createdAt: now, updatedAt: now }),
    );
  }
  const viewers: Viewer[] = [];
  const seconds: Viewer[] = [];
  const deletedViewIds: string[] = [];
  for (const [i, email] of emails.entries()) {
    for (const [list, hoaId] of [
      [viewers, homeOf(email)],
      [seconds, otherOf(email)],
    ] as const) {
      const client = new SyncTestClient(t, await signInTo(email, hoaId));
      // Half pull the compact patch, as the app does; the fresh pulls they are checked against are plain.
      client.columns = (i + list.length) % 2 === 1;
      // A fourth pull with a tiny row budget (3–7 rows): their whole-view pulls come in chunks, changes landing between them.
      if ((i + list.length) % 4 === 0) client.rowBudget = 3 + ((i + list.length) % 5);
      list.push({ email, hoaId, client });
    }
  }
  const byEmail = (email: string) => viewers.find((v) => v.email === email)!;
  /** The membership's row: the person's home HOA's unless another is named. */
  const userRow = async (email: string, hoaId = homeOf(email)) => (await t.deps.database.db.select().from(users).where(and(eq(users.email, email), eq(users.hoaId, hoaId))))[0];
  const boardOf = (hoa: 'maple' | 'cedar') => byEmail(rnd.chance(0.5) ? DEMO[hoa].board : DEMO[hoa].superadmin);
  const idsOf = async (hoa: 'maple' | 'cedar', status?: string) => {
    const hoaId = (await userRow(DEMO[hoa].board)).hoaId;
    const rows = await t.deps.database.db
      .select({ id: announcements.id, status: announcements.status })
      .from(announcements)
      .where(and(eq(announcements.hoaId, hoaId), isNull(announcements.deletedAt)));
    return rows.filter((r) => !status || r.status === status).map((r) => r.id);
  };
  const activeIds = async (hoa: 'maple' | 'cedar') => {
    const hoaId = (await userRow(DEMO[hoa].board)).hoaId;
    return (await t.deps.database.db.select({ id: users.id }).from(users).where(and(eq(users.hoaId, hoaId), eq(users.status, 'active')))).map((u) => u.id);
  };
  const fields = async (hoa: 'maple' | 'cedar') => {
    const audience = rnd.pick(['all', 'board', 'residents', 'custom'] as const);
    const active = await activeIds(hoa);
    const custom = audience === 'custom' ? active.filter(() => rnd.chance(0.5)).concat(active[0]) : [];
    return { title: `Notice ${rnd.int(1000)}`, message: `<p>Text ${rnd.int(1000)}</p>`, category: rnd.pick(['general', 'event', 'urgent'] as const), audience_type: audience, custom_recipients: [...new Set(custom)] };
  };
  /** A signed-in session again (a role change shows in the next access token). */
  const relogin = async (email: string, v: Viewer = byEmail(email)) => {
    if ((await userRow(email, v.hoaId)).status !== 'active') return;
    v.client.token = await signInTo(email, v.hoaId);
  };
  /** A second membership's role changes, as a board's edit does. */
  const secondRnd = random(seed + 4000);
  const changeSecondRole = async () => {
    const v = secondRnd.pick(seconds);
    const user = await userRow(v.email, v.hoaId);
    await t.write((tx) => updateUser(t.deps, tx, user, { role: user.role === 'resident' ? 'board' : 'resident' }));
    await relogin(v.email, v);
  };
  const documentIds = async (hoa: 'maple' | 'cedar') => {
    const hoaId = (await userRow(DEMO[hoa].board)).hoaId;
    return (await t.deps.database.db.select({ id: documents.id }).from(documents).where(and(eq(documents.hoaId, hoaId), isNull(documents.deletedAt)))).map((d) => d.id);
  };

  const moves: Record<string, () => Promise<unknown>> = {
    async createDraft() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const board = boardOf(hoa);
      return board.client.push([board.client.mutation('createAnnouncementDraft', { id: crypto.randomUUID(), ...(await fields(hoa)) })]);
    },
    async editDraft() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const drafts = await idsOf(hoa, 'draft');
      if (!drafts.length) return;
      const board = boardOf(hoa);
      return board.client.push([board.client.mutation('updateAnnouncementDraft', { id: rnd.pick(drafts), ...(await fields(hoa)) })]);
    },
    async deleteDraft() {
      const drafts = await idsOf('maple', 'draft');
      if (!drafts.length) return;
      const { client } = byEmail(DEMO.maple.board);
      return call(t, 'DELETE', `/api/announcements/${rnd.pick(drafts)}`, { token: client.token });
    },
    async send() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const drafts = await idsOf(hoa, 'draft');
      if (!drafts.length) return;
      const board = boardOf(hoa);
      const later = rnd.chance(0.3) ? new Date(t.clock() + (1 + rnd.int(10)) * 60_000).toISOString() : null;
      return board.client.push([board.client.mutation('sendAnnouncement', { id: rnd.pick(drafts), scheduled_at: later })]);
    },
    async uploadDocument() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const { client } = boardOf(hoa);
      const file = { fileName: `minutes-${rnd.int(100)}.pdf`, fileType: 'application/pdf', fileSize: 1 + rnd.int(5000), feature: 'documents' };
      const up = await call(t, 'POST', '/api/documents/presigned-url', { token: client.token, body: file });
      if (up.status !== 200) return up;
      return call(t, 'POST', '/api/documents', { token: client.token, body: { title: `Minutes ${rnd.int(100)}`, category: 'Meeting Minutes', s3_key: up.json.s3Key, is_public: rnd.chance(0.5) } });
    },
    async editDocument() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const ids = await documentIds(hoa);
      if (!ids.length) return;
      const board = boardOf(hoa);
      const change = rnd.pick([{ is_public: rnd.chance(0.5) }, { notes: `Note ${rnd.int(100)}` }, { title: `Doc ${rnd.int(100)}`, category: 'Legal' }]);
      return board.client.push([board.client.mutation('updateDocument', { id: rnd.pick(ids), ...change })]);
    },
    async deleteDocument() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const ids = await documentIds(hoa);
      if (!ids.length || rnd.chance(0.5)) return;
      return call(t, 'DELETE', `/api/documents/${rnd.pick(ids)}`, { token: boardOf(hoa).client.token });
    },
    async timePasses() {
      t.clock.advance(rnd.int(15) * 60_000);
      await runJobs(t.deps);
      // Access tokens last 15 minutes: the clients refresh, as the app does.
      for (const v of [...viewers, ...seconds]) await relogin(v.email, v);
    },
    async retry() {
      const failed = [...(await idsOf('maple', 'failed')), ...(await idsOf('maple', 'sent'))];
      if (!failed.length) return;
      if (rnd.chance(0.5)) failing.delete(DEMO.maple.resident2);
      return call(t, 'POST', `/api/announcements/${rnd.pick(failed)}/retry`, { token: byEmail(DEMO.maple.superadmin).client.token, body: { user_ids: [] } });
    },
    async read() {
      const v = rnd.pick(viewers);
      if ((await userRow(v.email)).status !== 'active') return;
      const seen = v.client.values<{ id: string; status: string }>('announcement/').filter((a) => ['sent', 'sending', 'failed'].includes(a.status));
      if (!seen.length) return;
      return v.client.push([v.client.mutation('markAnnouncementRead', { id: rnd.pick(seen).id })]);
    },
    async refused() {
      const v = rnd.pick(viewers);
      if ((await userRow(v.email)).status !== 'active') return;
      return v.client.push([v.client.mutation(rnd.pick(['markAnnouncementRead', 'sendAnnouncement', 'noSuchChange']), { id: `missing-${rnd.int(5)}` })]);
    },
    async dismiss() {
      const v = rnd.pick(viewers);
      if ((await userRow(v.email)).status !== 'active') return;
      const notices = v.client.values<{ id: string }>('notice/');
      if (!notices.length) return;
      return v.client.push([v.client.mutation('dismissNotice', { id: rnd.pick(notices).id })]);
    },
    async listView() {
      // A viewer saves, renames or deletes one of their saved list views (theirs only reach them).
      const v = rnd.pick(viewers);
      if ((await userRow(v.email)).status !== 'active') return;
      const views = v.client.values<{ id: string; list: string }>('listView/');
      if (views.length && rnd.chance(0.3)) {
        const gone = rnd.pick(views).id;
        deletedViewIds.push(gone);
        return v.client.push([v.client.mutation('deleteListView', { id: gone })]);
      }
      const renamed = views.length && rnd.chance(0.5) ? rnd.pick(views) : null;
      // Now and then a deleted view's id comes back (a rename queued on a device that missed the delete).
      const reused = !renamed && deletedViewIds.length && rnd.chance(0.3) ? rnd.pick(deletedViewIds) : null;
      const args = { id: renamed?.id ?? reused ?? crypto.randomUUID(), list: renamed?.list ?? rnd.pick(['requests', 'violations', 'documents']), name: `View ${rnd.int(20)}`, filters: { search: rnd.chance(0.5) ? 'pool' : '' } };
      return v.client.push([v.client.mutation('saveListView', args)]);
    },
    async inspect() {
      // A board member marks an open stop of a round they hold, undoes a mark, or starts a round (its stops come from the directory).
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const { client } = boardOf(hoa);
      const stops = client.values<{ roundId: string; addressId: string; outcome: string | null }>('inspectionStop/');
      if (!stops.length || rnd.chance(0.1)) return client.push([client.mutation('startInspectionRound', { id: crypto.randomUUID(), title: `Walk ${rnd.int(100)}`, date: '2026-11-21' })]);
      const stop = rnd.pick(stops);
      if (stop.outcome) return client.push([client.mutation('undoInspectionStop', { roundId: stop.roundId, addressId: stop.addressId })]);
      return client.push([client.mutation('markInspectionStop', { roundId: stop.roundId, addressId: stop.addressId, outcome: 'no_issues', violationId: null })]);
    },
    async rename() {
      const email = rnd.pick(emails);
      const user = await userRow(email);
      return t.write((tx) => updateUser(t.deps, tx, user, { name: `${user.name.split(' ')[0]} ${rnd.int(100)}` }));
    },
    async changeRole() {
      const email = rnd.pick([DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2, DEMO.cedar.resident]);
      const user = await userRow(email);
      const role: Role = user.role === 'resident' ? 'board' : 'resident';
      await t.write((tx) => updateUser(t.deps, tx, user, { role }));
      return relogin(email);
    },
    async editAddress() {
      // The members living there show the address line.
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const { client } = boardOf(hoa);
      const held = client.values<{ address: { id: string; unitNumber: string | null } | null }>('member/').flatMap((m) => (m.address ? [m.address] : []));
      if (!held.length) return;
      const address = rnd.pick(held);
      return call(t, 'PUT', `/api/addresses/${address.id}`, { token: client.token, body: { street: `${1 + rnd.int(900)} Random Road`, unit_number: address.unitNumber, is_rented: false, notes: '' } });
    },
    async changeStatus() {
      const email = rnd.pick([DEMO.maple.resident, DEMO.maple.resident2, DEMO.cedar.resident]);
      const user = await userRow(email);
      await t.write((tx) => updateUser(t.deps, tx, user, { status: user.status === 'active' ? 'inactive' : 'active' }));
      return relogin(email);
    },
    async fileRequest() {
      const v = rnd.pick(viewers);
      if ((await userRow(v.email)).status !== 'active') return;
      const args = { id: crypto.randomUUID(), title: `Request ${rnd.int(1000)}`, description: `<p>Text ${rnd.int(1000)}</p>`, category: rnd.pick(['Maintenance', 'Inquiry', 'Other'] as const), photo_url: null };
      return v.client.push([v.client.mutation('createRequest', args)]);
    },
    async requestComment() {
      const v = rnd.pick(viewers);
      const user = await userRow(v.email);
      const seen = v.client.values<{ id: string }>('request/');
      if (user.status !== 'active' || !seen.length) return;
      // Board members write internal notes too (a resident's is refused): residents must never receive one.
      const args = { id: crypto.randomUUID(), requestId: rnd.pick(seen).id, message: `<p>Note ${rnd.int(1000)}</p>`, is_public: user.role === 'resident' || rnd.chance(0.6) };
      return v.client.push([v.client.mutation('addRequestComment', args)]);
    },
    async triageRequest() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const board = boardOf(hoa);
      const seen = board.client.values<{ id: string }>('request/');
      if (!seen.length) return;
      const id = rnd.pick(seen).id;
      const change = rnd.chance(0.5)
        ? board.client.mutation('setRequestStatus', { id, status: rnd.pick(['open', 'in_progress', 'awaiting_info', 'resolved', 'closed', 'rejected'] as const) })
        : board.client.mutation('updateRequestTriage', { id, assigned_to: rnd.chance(0.7) ? (await userRow(DEMO[hoa].board)).id : null, resolution_notes: rnd.chance(0.5) ? `Notes ${rnd.int(100)}` : null });
      return board.client.push([change]);
    },
    async issueViolation() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const board = boardOf(hoa);
      const to = await userRow(rnd.pick(Object.values(DEMO[hoa])));
      const due = new Date(t.clock() + rnd.int(10) * 86_400_000).toISOString().slice(0, 10);
      const args = { id: crypto.randomUUID(), user_id: to.id, category: rnd.pick(['Trash', 'Noise', 'Other'] as const), title: `Violation ${rnd.int(1000)}`, message: `<p>Text ${rnd.int(1000)}</p>`, due_date: due, photo_url: null };
      return board.client.push([board.client.mutation('issueViolation', args)]);
    },
    async violationMessage() {
      const v = rnd.pick(viewers);
      const user = await userRow(v.email);
      const seen = v.client.values<{ id: string }>('violation/');
      if (user.status !== 'active' || !seen.length) return;
      // Board members write internal notes too (a resident's is refused): residents must never receive one.
      const args = { id: crypto.randomUUID(), violationId: rnd.pick(seen).id, message: `<p>Note ${rnd.int(1000)}</p>`, is_internal: user.role !== 'resident' && rnd.chance(0.4) };
      return v.client.push([v.client.mutation('addViolationMessage', args)]);
    },
    async violationStatus() {
      const board = boardOf(rnd.pick(['maple', 'cedar'] as const));
      const seen = board.client.values<{ id: string }>('violation/');
      if (!seen.length) return;
      const status = rnd.pick(['open', 'under_review', 'resolved', 'escalated', 'dismissed'] as const);
      const notes = status === 'resolved' && rnd.chance(0.5) ? `Notes ${rnd.int(100)}` : undefined;
      return board.client.push([board.client.mutation('setViolationStatus', { id: rnd.pick(seen).id, status, resolution_notes: notes })]);
    },
    async createDue() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const board = boardOf(hoa);
      const recipients = (await activeIds(hoa)).filter(() => rnd.chance(0.6));
      if (!recipients.length) return;
      // Today issues at once; tomorrow is issued by the job once a day has passed.
      const sendDay = new Date(t.clock() + rnd.int(2) * 86_400_000).toISOString().slice(0, 10);
      const args = { id: crypto.randomUUID(), title: `Dues ${rnd.int(1000)}`, frequency: rnd.pick(['one_time', 'monthly', 'quarterly'] as const), recipients, send_date: sendDay, amount: 1 + rnd.int(300), reason: 'dues' as const, due_date_offset: 1 + rnd.int(3) };
      return board.client.push([board.client.mutation('createDue', args)]);
    },
    async setInvoiceStatus() {
      const hoa = rnd.pick(['maple', 'cedar'] as const);
      const board = boardOf(hoa);
      const seen = board.client.values<{ id: string }>('invoice/');
      if (!seen.length) return;
      return board.client.push([board.client.mutation('setInvoiceStatus', { id: rnd.pick(seen).id, status: rnd.pick(['pending', 'paid', 'overdue', 'canceled'] as const), payment_method: 'check' })]);
    },
    async dayPasses() {
      // The issuing and overdue jobs have something to do.
      t.clock.advance(86_400_000);
      await runJobs(t.deps);
      for (const v of [...viewers, ...seconds]) await relogin(v.email, v);
    },
    async pull() {
      const v = rnd.pick(viewers);
      if ((await userRow(v.email)).status === 'active') return v.client.pull();
    },
  };
  const names = Object.keys(moves);
  /**
   * The address directory's moves, every fifth step beside the step drawn, from their own random
   * stream: the histories the other moves draw stay the ones they were.
   */
  const dirRnd = random(seed + 1000);
  const directoryMoves: Record<string, () => Promise<unknown>> = {
    async moveIn() {
      // A member moves to another address of the directory, or out: both addresses show it.
      const hoa = dirRnd.pick(['maple', 'cedar'] as const);
      const { client } = boardOf(hoa);
      const directory = client.values<{ id: string }>('address/');
      const member = dirRnd.pick(client.values<{ id: string }>('member/'));
      if (!member) return;
      if (!directory.length || dirRnd.chance(0.2)) return call(t, 'DELETE', `/api/users/${member.id}/assign-address`, { token: client.token });
      return call(t, 'POST', `/api/users/${member.id}/assign-address`, { token: client.token, body: { address_id: dirRnd.pick(directory).id } });
    },
    async addOrDeleteAddress() {
      // The directory gains an address, or loses one (its residents are left without an address).
      const hoa = dirRnd.pick(['maple', 'cedar'] as const);
      const { client } = boardOf(hoa);
      const directory = client.values<{ id: string }>('address/');
      if (directory.length > 3 && dirRnd.chance(0.3)) return call(t, 'DELETE', `/api/addresses/${dirRnd.pick(directory).id}`, { token: client.token });
      return call(t, 'POST', '/api/addresses', { token: client.token, body: { street: `${1 + dirRnd.int(900)} Random Road`, unit_number: dirRnd.chance(0.5) ? String(dirRnd.int(20)) : null } });
    },
  };
  /**
   * Owner votes' moves, every seventh step, from their own random stream (the other histories stay
   * the ones they were): the board opens a vote, or a member casts their household's ballot on an
   * open one they hold (the job closes votes when a day passes).
   */
  const voteRnd = random(seed + 2000);
  const voteMoves: Record<string, () => Promise<unknown>> = {
    async openVote() {
      const hoa = voteRnd.pick(['maple', 'cedar'] as const);
      const { client } = boardOf(hoa);
      const now = t.clock();
      const args = { id: crypto.randomUUID(), question: `Vote ${voteRnd.int(100)}?`, description: null, kind: 'poll', options: ['Yes', 'No'], max_choices: 1, include_renters: voteRnd.chance(0.5), opens_at: now, closes_at: now + (1 + voteRnd.int(48)) * 3_600_000, quorum_percent: 30, secret: voteRnd.chance(0.5), results_live: voteRnd.chance(0.5) };
      return client.push([client.mutation('createVote', args)]);
    },
    async castVote() {
      const v = voteRnd.pick(viewers);
      if ((await userRow(v.email)).status !== 'active') return;
      const open = v.client.values<{ id: string; myAddressId: string | null; closesAt: number; closedAt: number | null }>('vote/').filter((x) => x.myAddressId && x.closedAt == null && x.closesAt > t.clock());
      if (!open.length) return;
      return v.client.push([v.client.mutation('castVote', { id: crypto.randomUUID(), voteId: voteRnd.pick(open).id, choices: [voteRnd.int(2)] })]);
    },
  };
  /**
   * Resident directory moves, every third step, from their own random stream: a member lists
   * themselves, changes what they share or leaves; now and then a superadmin switches it off or on.
   */
  const listRnd = random(seed + 3000);
  const listingMoves: Record<string, () => Promise<unknown>> = {
    async listing() {
      const v = listRnd.pick(viewers);
      const body = { listed: listRnd.chance(0.7), share_email: listRnd.chance(0.5), share_phone: listRnd.chance(0.5) };
      return call(t, 'PUT', '/api/directory/me', { token: v.client.token, body });
    },
    async directorySwitch() {
      if (!listRnd.chance(0.3)) return;
      const hoa = listRnd.pick(['maple', 'cedar'] as const);
      return call(t, 'PUT', '/api/directory/settings', { token: byEmail(DEMO[hoa].superadmin).client.token, body: { enabled: listRnd.chance(0.6) } });
    },
  };
  let steps = 0;
  /** Comparisons whose catching up came in more than one chunk. */
  let chunked = 0;

  return {
    t,
    viewers,
    hoaOf,
    chunked: () => chunked,
    async step() {
      const name = rnd.pick(names);
      await moves[name]();
      if (++steps % 7 === 0) await voteMoves[voteRnd.pick(Object.keys(voteMoves))]();
      if (steps % 4 === 0) await secondRnd.pick(seconds).client.pull();
      if (steps % 11 === 0) await changeSecondRole();
      if (steps % 3 === 0) await listingMoves[listRnd.pick(Object.keys(listingMoves))]();
      if (steps % 5 > 0) return name;
      const also = dirRnd.pick(Object.keys(directoryMoves));
      await directoryMoves[also]();
      return `${name}+${also}`;
    },
    /** Each viewer's incremental cache against a fresh full pull with the same session; no id of the other HOA in either. */
    async compare() {
      const db = t.deps.database.db;
      const idsOf = { [homeIds.maple]: await idsOfHoa(db, homeIds.maple), [homeIds.cedar]: await idsOfHoa(db, homeIds.cedar) };
      for (const v of [...viewers, ...seconds]) {
        // An inactive user's session cannot be renewed; their cache is compared once they are back.
        if ((await userRow(v.email, v.hoaId)).status !== 'active') continue;
        await relogin(v.email, v);
        if ((await v.client.pullAll()).length > 1) chunked++;
        const fresh = new SyncTestClient(t, v.client.token);
        await fresh.pull();
        const who = `${v.email} in ${v.hoaId === homeIds.maple ? 'maple' : 'cedar'}`;
        expect({ who, data: Object.fromEntries([...v.client.data].sort()) }).toEqual({ who, data: Object.fromEntries([...fresh.data].sort()) });
        // A new group reading the compact patch: its reset's parts are kept, and patched from the last
        // compare's when few rows changed since (worker/sync/column-parts.ts).
        const compact = new SyncTestClient(t, v.client.token);
        compact.columns = true;
        await compact.pullAll();
        expect({ who, data: heldData(compact) }).toEqual({ who, data: heldData(fresh) });
        // Each leaked id with the cache keys that hold it, to say where it came in. A refused change's
        // notice repeats the arguments this client sent (`argsSummary`), which may name another HOA's
        // id it tried (a deleted view's id reused): its own words, not the server's, so not a leak.
        const served = [...v.client.data].map(([key, value]) => [key, key.startsWith('notice/') ? { ...(value as object), argsSummary: undefined } : value] as const);
        const leaked = leakedIds(JSON.stringify(served), idsOf[v.hoaId === homeIds.maple ? homeIds.cedar : homeIds.maple]).map((id) => ({
          id,
          in: served.filter(([key, value]) => key.includes(id) || JSON.stringify(value).includes(id)).map(([key, value]) => `${key}: ${JSON.stringify(value).slice(0, 400)}`),
        }));
        expect({ who, leaked }).toEqual({ who, leaked: [] });
        // A resident holds their own requests only, and never an internal message.
        const user = await userRow(v.email, v.hoaId);
        if (user.role === 'resident') {
          const held = v.client.values<{ resident: { id: string }; messages: { isPublic: boolean }[] }>('request/');
          expect(held.filter((r) => r.resident.id !== user.id || r.messages.some((m) => !m.isPublic))).toEqual([]);
          const violations = v.client.values<{ resident: { id: string }; messages: { isPublic: boolean }[] }>('violation/');
          expect(violations.filter((r) => r.resident.id !== user.id || r.messages.some((m) => !m.isPublic))).toEqual([]);
          // Their own invoices only, and dues that bill them naming nobody else.
          expect(v.client.values<{ recipient: { id: string } }>('invoice/').filter((i) => i.recipient.id !== user.id)).toEqual([]);
          expect(v.client.values<{ recipients: { id: string }[] }>('due/').filter((d) => d.recipients.some((p) => p.id !== user.id))).toEqual([]);
          // No one's member row but their own.
          expect(v.client.values<{ id: string }>('member/').filter((m) => m.id !== user.id)).toEqual([]);
          // No address directory.
          expect(v.client.values('address/')).toEqual([]);
        }
        // Ballots: the household's own, and for the board an open ballot's; never another household's secret one.
        const secret = new Set(v.client.values<{ id: string; secret: boolean }>('vote/').filter((x) => x.secret).map((x) => x.id));
        const others = v.client.values<{ voteId: string; addressId: string }>('voteBallot/').filter((b) => b.addressId !== user.addressId);
        expect(others.filter((b) => user.role === 'resident' || secret.has(b.voteId))).toEqual([]);
      }
    },
  };
}

describe('incremental pull equals a fresh full pull', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  for (const seed of [1, 2, 3]) {
    it(`after a random history of 240 writes across areas, roles and users (seed ${seed})`, async () => {
      const w = await world(seed);
      t = w.t;
      for (const v of w.viewers) await v.client.pull();
      const done: string[] = [];
      for (let i = 0; i < 240; i++) {
        done.push(await w.step());
        if (i % 60 === 59) await w.compare();
      }
      await w.compare();
      // Tiny budgets cut some catching up into chunks (a first pull's, or a role change's).
      expect(w.chunked()).toBeGreaterThan(0);
      // The history exercised what it should (a seed that only pulled would prove nothing); 240 steps so every move of ~20 comes up.
      // The votes' own stream opened votes and cast ballots beside the demo's (6 votes, 16 ballots).
      const db = w.t.deps.database.db;
      expect((await db.select({ id: votes.id }).from(votes)).length).toBeGreaterThan(6);
      expect((await db.select({ id: voteBallots.id }).from(voteBallots)).length).toBeGreaterThan(16);
      for (const move of ['createDraft', 'send', 'read', 'fileRequest', 'requestComment', 'triageRequest', 'issueViolation', 'violationMessage', 'violationStatus', 'rename', 'changeRole', 'changeStatus', 'editAddress', 'timePasses', 'editDocument', 'uploadDocument', 'createDue', 'setInvoiceStatus', 'dayPasses']) expect(done).toContain(move);
    }, 60_000);
  }
});
