/**
 * The synced announcement value (built by SQLite, `announcementValuesSql`) and the REST answer (the
 * same values in the API's shape) say the same thing for every state: drafts of each audience,
 * scheduled, sending, sent and failed with delivery rows in each status, attachments, an unknown
 * author, and for each role — including what each role must not see.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiAnnouncement } from '../../schema/announcements';
import { announcementDeliveries, announcementRecipients, announcements, hoas, users } from '../../schema/tables';
import { announcementKey, type SyncedAnnouncement } from '../../sync/areas/announcements';
import { listAnnouncements } from '../../worker/domain/announcements';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

type Row = typeof announcements.$inferInsert;
type DeliveryStatus = (typeof announcementDeliveries.$inferInsert)['status'];

async function seed(t: TestApp) {
  const db = t.deps.database.db;
  const [hoa] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const members = await db.select().from(users).where(eq(users.hoaId, hoa.id));
  const byEmail = (email: string) => members.find((u) => u.email === email)!.id;
  const board = byEmail(DEMO.maple.board);
  const rita = byEmail(DEMO.maple.resident);
  const rob = byEmail(DEMO.maple.resident2);
  const now = t.clock();
  let n = 0;
  const rows: Row[] = [];
  const add = (fields: Partial<Row>) => {
    const id = `value-${++n}`;
    rows.push({
      id,
      hoaId: hoa.id,
      title: `Pool "reopens" — café ☀️ ${n}\n\tline two`,
      message: `<p>Body ${n} with <em>markup</em> &amp; a \\ backslash</p>`,
      category: 'general',
      status: 'draft',
      audienceType: 'all',
      deliveryMethods: ['in_app', 'email'],
      createdBy: board,
      createdAt: now - n * 1000,
      updatedAt: now - n * 500,
      version: n,
      ...fields,
    });
    return id;
  };
  const recipients: (typeof announcementRecipients.$inferInsert)[] = [];
  const named = (id: string, userIds: string[]) => recipients.push(...userIds.map((userId) => ({ announcementId: id, userId, hoaId: hoa.id })));
  const deliveries: (typeof announcementDeliveries.$inferInsert)[] = [];
  const delivered = (id: string, outcomes: [string, DeliveryStatus][]) =>
    deliveries.push(
      ...outcomes.map(([userId, status], i) => ({
        id: `${id}-d${i}`,
        hoaId: hoa.id,
        announcementId: id,
        userId,
        email: `${userId}@example.test`,
        outboxId: `${id}-o${i}`,
        status,
        createdAt: now,
        updatedAt: now,
      })),
    );

  add({ attachmentS3Key: 'uploads/a.pdf', attachmentFilename: 'a.pdf', attachmentFileSize: null, attachmentFileType: null, deliveryMethods: ['in_app'] });
  add({ audienceType: 'board', category: 'urgent' });
  add({ audienceType: 'residents', category: 'event' });
  named(add({ audienceType: 'custom' }), [rob, rita]);
  named(add({ audienceType: 'custom', status: 'scheduled', scheduledAt: now + 60_000 }), [board]);
  delivered(add({ status: 'sent', sentAt: now, attachmentS3Key: 'uploads/b.png', attachmentFilename: 'b.png', attachmentFileSize: 2048, attachmentFileType: 'image/png' }), [
    [board, 'delivered'],
    [rita, 'delivered'],
    [rob, 'failed'],
    [byEmail(DEMO.maple.superadmin), 'pending'],
  ]);
  delivered(add({ status: 'sending', audienceType: 'residents', sentAt: now }), [
    [rita, 'pending'],
    [rob, 'pending'],
  ]);
  const failedCustom = add({ status: 'failed', audienceType: 'custom', sentAt: now });
  named(failedCustom, [rita]);
  delivered(failedCustom, [[rita, 'failed']]);
  add({ status: 'sent', sentAt: now, createdBy: 'someone-gone' });
  add({ status: 'sent', sentAt: now, attachmentS3Key: 'uploads/c.txt', attachmentFilename: '' });
  add({ status: 'sent', sentAt: now, deletedAt: now });

  await t.write(async (tx) => {
    await tx.insert(announcements).values(rows);
    await tx.insert(announcementRecipients).values(recipients);
    await tx.insert(announcementDeliveries).values(deliveries);
  });
  return rows.map((r) => r.id);
}

/** The REST item in the synced shape (audienceType from the row: REST hides it from residents). */
function fromRest(d: ApiAnnouncement, audienceType: SyncedAnnouncement['audienceType']): SyncedAnnouncement {
  const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
  return {
    id: d._id,
    title: d.title,
    message: d.message,
    category: d.category,
    status: d.status,
    audienceType,
    // The order of a custom list carries no meaning; the synced one is sorted by user id.
    customRecipients: [...d.custom_recipients].sort(),
    attachment: d.attachment && { s3Key: d.attachment.s3_key, filename: d.attachment.filename, fileSize: d.attachment.file_size, fileType: d.attachment.file_type },
    deliveryMethods: d.delivery_methods,
    pinned: d.pinned,
    createdBy: d.created_by && { id: d.created_by._id, name: d.created_by.name },
    totalRecipients: d.total_recipients,
    deliveryCounts: d.delivery_counts,
    createdAt: ms(d.createdAt)!,
    updatedAt: ms(d.updatedAt)!,
    sentAt: ms(d.sent_at),
    scheduledAt: ms(d.scheduled_at),
    version: d.version,
  };
}

describe('synced announcement value', () => {
  it.each([
    ['superadmin', DEMO.maple.superadmin],
    ['board member', DEMO.maple.board],
    ['resident', DEMO.maple.resident],
    ['resident not named in custom audiences', DEMO.maple.resident2],
  ])('matches the REST answer for a %s, in every state', async (_, email) => {
    t = await createTestApp();
    const ids = await seed(t);
    const { token } = await login(t, email);
    const client = new SyncTestClient(t, token);
    await client.pull();

    const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    const viewer = { userId: user.id, hoaId: user.hoaId, role: user.role };
    const rest = (await listAnnouncements(t.deps.database, viewer, { page: 1, limit: 100 })).docs.filter((d) => ids.includes(d._id));
    expect(rest.length).toBeGreaterThan(0);
    const rows = await t.deps.database.db.select().from(announcements);
    const audienceOf = (id: string) => rows.find((r) => r.id === id)!.audienceType;

    const synced = client.values<SyncedAnnouncement>('announcement/').filter((a) => ids.includes(a.id));
    expect(synced.map((a) => a.id).sort()).toEqual(rest.map((d) => d._id).sort());
    for (const d of rest) expect(client.data.get(announcementKey(d._id))).toEqual(fromRest(d, audienceOf(d._id)));
  });
});
