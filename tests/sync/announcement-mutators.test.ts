/**
 * Announcement mutators through the push: a board member writes, edits and sends with no network
 * (the mutations wait in the client), then the push reaches the server and the domain functions run.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementForm } from '../../schema/announcements';
import { announcementDeliveries, announcements, emailOutbox, users } from '../../schema/tables';
import { announcementKey, type SyncedAnnouncement } from '../../sync/areas/announcements';
import type { SyncedNotice } from '../../sync/areas/notices';
import { noticeTitle } from '../../sync/mutators';
import { runJobs } from '../../worker/jobs/runner';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoAudience } from '../helpers/demo';
import { call, DEMO, login } from '../helpers/http';
import { localCaches } from '../helpers/replicache';
import { signedInClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const clientFor = signedInClient;

const fields: AnnouncementForm = {
  title: 'Gate code changes tonight',
  message: '<p>The new code is on the <em>notice board</em>.</p>',
  category: 'urgent',
  audience_type: 'all',
  custom_recipients: [],
  pinned: false,
  attachment: null,
};

describe('announcement mutators through the push', () => {
  it('create, update and send made offline arrive in one push; the resident receives it once', async () => {
    t = await createTestApp();
    let nudged = 0;
    t.deps.onEmailQueued = () => nudged++;
    const board = await clientFor(t, DEMO.maple.board);
    const rita = await clientFor(t, DEMO.maple.resident);
    await board.pull();
    await rita.pull();

    const id = crypto.randomUUID();
    // Offline: three mutations queue up; the later push carries them all.
    const pending = [
      board.mutation('createAnnouncementDraft', { id, ...fields }),
      board.mutation('updateAnnouncementDraft', { id, ...fields, title: 'Gate code changed', message: '<p>New code: see the board.<script>x()</script></p>' }),
      board.mutation('sendAnnouncement', { id }),
    ];
    const pushed = await board.push(pending);
    expect(pushed.status).toBe(200);
    // The push is replayed (a lost response): nothing is applied twice.
    expect((await board.push(pending)).status).toBe(200);

    const [row] = await t.deps.database.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({ title: 'Gate code changed', message: '<p>New code: see the board.</p>', status: 'sending', version: 3 });
    expect(nudged).toBeGreaterThan(0);
    // Every active member of Maple Grove.
    const all = (await demoAudience(t, DEMO.maple.board, 'all')).length;
    expect(await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.ref, `announcement:${id}`))).toHaveLength(all);

    await board.pull();
    expect(board.lastMutationID).toBe(3);
    expect(board.data.get(announcementKey(id))).toMatchObject({ status: 'sending', createdBy: { name: 'Ben Board' }, totalRecipients: all, deliveryCounts: { total: all, pending: all } });

    // The outbox job delivers; the settle step ends the send and the counts sync.
    await runJobs(t.deps);
    await board.pull();
    expect(board.data.get(announcementKey(id))).toMatchObject({ status: 'sent', deliveryCounts: { total: all, delivered: all, failed: 0, pending: 0 } });

    await rita.pull();
    const seen = rita.values<SyncedAnnouncement>('announcement/').filter((a) => a.id === id);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ title: 'Gate code changed', status: 'sent', createdBy: null, deliveryCounts: null, totalRecipients: all });
    const deliveries = await t.deps.database.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, id));
    expect(deliveries.filter((d) => d.email === DEMO.maple.resident)).toHaveLength(1);
  });

  it('a resident cannot create, update or send: each rejection becomes a notice and nothing is written', async () => {
    t = await createTestApp();
    const rita = await clientFor(t, DEMO.maple.resident);
    const [draft] = await t.deps.database.db.select().from(announcements).where(eq(announcements.title, 'Spring landscaping schedule'));
    const id = crypto.randomUUID();
    await rita.push([
      rita.mutation('createAnnouncementDraft', { id, ...fields }),
      rita.mutation('updateAnnouncementDraft', { id: draft.id, ...fields }),
      rita.mutation('sendAnnouncement', { id: draft.id }),
    ]);
    await rita.pull();
    expect(rita.lastMutationID).toBe(3);
    const notices = rita.values<SyncedNotice>('notice/');
    expect(notices.map((n) => [n.mutationName, n.message]).sort()).toEqual([
      ['createAnnouncementDraft', ANNOUNCEMENT_MESSAGES.boardOnly],
      ['sendAnnouncement', ANNOUNCEMENT_MESSAGES.boardOnly],
      ['updateAnnouncementDraft', ANNOUNCEMENT_MESSAGES.boardOnly],
    ]);
    // A draft is hidden from residents: the notice of the id-only send does not name it.
    expect(notices.find((n) => n.mutationName === 'sendAnnouncement')?.subject).toBeNull();
    expect(await t.deps.database.db.select().from(announcements).where(eq(announcements.id, id))).toEqual([]);
    const [after] = await t.deps.database.db.select().from(announcements).where(eq(announcements.id, draft.id));
    expect(after).toMatchObject({ status: 'draft', version: draft.version, title: draft.title });
  });

  it('board rejections carry the reason: invalid fields, recipients of another HOA, a taken id, a draft already sent', async () => {
    t = await createTestApp();
    const board = await clientFor(t, DEMO.maple.board);
    const [cedarResident] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.cedar.resident));
    const [cedarDraft] = await t.deps.database.db.select().from(announcements).where(eq(announcements.title, 'Parking rules update'));
    const sentId = crypto.randomUUID();
    await board.push([
      board.mutation('createAnnouncementDraft', { id: crypto.randomUUID(), ...fields, title: '  ' }),
      board.mutation('createAnnouncementDraft', { id: crypto.randomUUID(), ...fields, audience_type: 'custom', custom_recipients: [cedarResident.id] }),
      board.mutation('createAnnouncementDraft', { id: cedarDraft.id, ...fields }),
      board.mutation('createAnnouncementDraft', { id: sentId, ...fields }),
      board.mutation('sendAnnouncement', { id: sentId }),
      board.mutation('updateAnnouncementDraft', { id: sentId, ...fields, title: 'Too late' }),
      board.mutation('sendAnnouncement', { id: cedarDraft.id }),
      board.mutation('createAnnouncementDraft', {
        id: crypto.randomUUID(),
        ...fields,
        attachment: { s3_key: 'hoa/other/announcements/x.pdf', filename: 'x.pdf', file_size: 10, file_type: 'pdf' },
      }),
    ]);
    await board.pull();
    expect(board.lastMutationID).toBe(8);
    const messages = board
      .values<SyncedNotice>('notice/')
      .map((n) => n.message)
      .sort();
    expect(messages).toEqual(
      [
        ANNOUNCEMENT_MESSAGES.titleRequired,
        ANNOUNCEMENT_MESSAGES.recipientNotFound,
        ANNOUNCEMENT_MESSAGES.idTaken,
        ANNOUNCEMENT_MESSAGES.notDraftEdit,
        ANNOUNCEMENT_MESSAGES.notFound,
        'Attachment not found. Please upload the file again.',
      ].sort(),
    );
    // Id-only sends are named by the row's title where the board member sees it; another HOA's is not named.
    const sends = board.values<SyncedNotice>('notice/').filter((n) => n.mutationName === 'sendAnnouncement');
    expect(sends.map((n) => n.subject)).toEqual([null]);
    // The Cedar Park draft is untouched.
    const [cedarAfter] = await t.deps.database.db.select().from(announcements).where(eq(announcements.id, cedarDraft.id));
    expect(cedarAfter).toMatchObject({ status: 'draft', hoaId: cedarDraft.hoaId, title: 'Parking rules update' });
  });

  it('the notice of a refused id-only change names the row by its title', async () => {
    t = await createTestApp();
    const board = await clientFor(t, DEMO.maple.board);
    const [sent] = await t.deps.database.db.select().from(announcements).where(eq(announcements.title, 'Pool opening weekend'));
    await board.push([board.mutation('sendAnnouncement', { id: sent.id })]);
    await board.pull();
    const [notice] = board.values<SyncedNotice>('notice/');
    expect(notice).toMatchObject({ mutationName: 'sendAnnouncement', subject: 'Pool opening weekend' });
    expect(noticeTitle(notice)).toBe('Send announcement “Pool opening weekend” was not saved');
  });

  it('sendAnnouncement with a future time schedules it; a time already past when the push arrives sends at once', async () => {
    t = await createTestApp();
    const board = await clientFor(t, DEMO.maple.board);
    const later = crypto.randomUUID();
    const late = crypto.randomUUID();
    await board.push([
      board.mutation('createAnnouncementDraft', { id: later, ...fields }),
      board.mutation('sendAnnouncement', { id: later, scheduled_at: new Date(t.clock() + 86_400_000).toISOString() }),
      board.mutation('createAnnouncementDraft', { id: late, ...fields }),
      board.mutation('sendAnnouncement', { id: late, scheduled_at: new Date(t.clock() - 1).toISOString() }),
    ]);
    await board.pull();
    expect(board.data.get(announcementKey(later))).toMatchObject({ status: 'scheduled', scheduledAt: t.clock() + 86_400_000, sentAt: null });
    expect(board.data.get(announcementKey(late))).toMatchObject({ status: 'sending', sentAt: t.clock() });
  });
});

describe('announcement mutators on the client (optimistic)', () => {
  const localCache = localCaches();

  it('create shows the draft at once, update edits drafts only, send moves it to sending or scheduled', async () => {
    const rep = localCache();
    const id = crypto.randomUUID();
    await rep.mutate.createAnnouncementDraft({ id, ...fields, title: '  Trimmed  ', audience_type: 'custom', custom_recipients: ['u1', 'u1', 'u2'] });
    const created = (await rep.query((tx) => tx.get(announcementKey(id)))) as unknown as SyncedAnnouncement;
    expect(created).toMatchObject({ id, title: 'Trimmed', status: 'draft', audienceType: 'custom', customRecipients: ['u1', 'u2'], totalRecipients: 2, createdBy: null, deliveryCounts: null });

    await rep.mutate.updateAnnouncementDraft({ id, ...fields, title: 'Edited' });
    expect(await rep.query((tx) => tx.get(announcementKey(id)))).toMatchObject({ title: 'Edited', audienceType: 'all', customRecipients: [] });

    const future = new Date(Date.now() + 3_600_000).toISOString();
    await rep.mutate.sendAnnouncement({ id, scheduled_at: future });
    expect(await rep.query((tx) => tx.get(announcementKey(id)))).toMatchObject({ status: 'scheduled', scheduledAt: Date.parse(future) });
    // No longer a draft: further edits and sends wait for the server's answer.
    await rep.mutate.updateAnnouncementDraft({ id, ...fields, title: 'Ignored' });
    expect(await rep.query((tx) => tx.get(announcementKey(id)))).toMatchObject({ title: 'Edited' });

    const now = crypto.randomUUID();
    await rep.mutate.createAnnouncementDraft({ id: now, ...fields });
    await rep.mutate.sendAnnouncement({ id: now });
    expect(await rep.query((tx) => tx.get(announcementKey(now)))).toMatchObject({ status: 'sending', sentAt: expect.any(Number) });
  });

  it('refuses the form errors with the spec messages', async () => {
    const rep = localCache();
    await expect(rep.mutate.createAnnouncementDraft({ id: crypto.randomUUID(), ...fields, message: '<p></p>' })).rejects.toThrow(ANNOUNCEMENT_MESSAGES.messageRequired);
    await expect(rep.mutate.createAnnouncementDraft({ id: crypto.randomUUID(), ...fields, audience_type: 'custom' })).rejects.toThrow(ANNOUNCEMENT_MESSAGES.recipientsRequired);
    await expect(rep.mutate.createAnnouncementDraft({ id: 'x', ...fields })).rejects.toThrow('Id is invalid');
  });
});

describe('REST and sync agree', () => {
  it('a draft created over REST appears in the board cache and a REST send reaches the resident cache', async () => {
    t = await createTestApp();
    const { token } = await login(t, DEMO.maple.board);
    const board = await clientFor(t, DEMO.maple.board);
    const rita = await clientFor(t, DEMO.maple.resident);
    await board.pull();
    await rita.pull();
    const created = await call(t, 'POST', '/api/announcements', { token, body: fields });
    await board.pull();
    expect(board.data.get(announcementKey(created.json._id))).toMatchObject({ status: 'draft', version: 1 });
    await rita.pull();
    expect(rita.data.has(announcementKey(created.json._id))).toBe(false);
    await call(t, 'POST', `/api/announcements/${created.json._id}/send`, { token, body: {} });
    await rita.pull();
    expect(rita.data.get(announcementKey(created.json._id))).toMatchObject({ status: 'sent', title: fields.title });
  });
});
