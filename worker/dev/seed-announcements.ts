/**
 * Demo announcements for both HOAs: sent ones for every audience (with their delivery rows and
 * delivered outbox mail, one delivery failed so Retry All shows), a draft and a scheduled one.
 */
import type { AnnouncementCategory, AnnouncementStatus, AudienceType } from '../../schema/announcements';
import { announcementDeliveries, announcementReads, announcementRecipients, announcements, emailOutbox } from '../../schema/tables';
import type { Tx } from '../db';
import { announcementRef, resolveAudience } from '../domain/announcements';
import { announcementEmail } from '../emails/templates';
import { newId } from '../services/tokens';
import type { SeededPlatform, SeedOptions } from './seed-kit';

interface DemoAnnouncement {
  title: string;
  message: string;
  category: AnnouncementCategory;
  status: AnnouncementStatus;
  audience: AudienceType;
  /** Days relative to the seed time (negative: in the past). */
  createdDay: number;
  sentDay?: number;
  scheduledDay?: number;
  author: string;
  recipients?: string[];
  readBy?: string[];
  /** Recipients whose email delivery failed (the rest were delivered). */
  failedFor?: string[];
  /** Kept at the top of /announcements by the board. */
  pinned?: boolean;
}

const DEMO_ANNOUNCEMENTS: Record<string, DemoAnnouncement[]> = {
  'Maple Grove HOA': [
    {
      title: 'Pool opening weekend',
      message: '<p>The community pool opens on <strong>Saturday at 10 am</strong>. Bring your resident badge.</p><ul><li>Lifeguard on duty until 6 pm</li><li>No glass containers</li></ul>',
      category: 'event',
      status: 'sent',
      audience: 'all',
      createdDay: -12,
      sentDay: -12,
      author: 'board@maplegrove.test',
      readBy: ['board@maplegrove.test', 'owner@maplegrove.test'],
      failedFor: ['resident2@maplegrove.test'],
    },
    {
      title: 'Annual dues are due March 1',
      message: '<p>This year\'s assessment is now available under <em>Dues</em>. Pay online to avoid the late fee.</p>',
      category: 'reminder',
      status: 'sent',
      audience: 'residents',
      createdDay: -8,
      sentDay: -8,
      author: 'owner@maplegrove.test',
      readBy: ['resident2@maplegrove.test'],
    },
    {
      title: 'Water shut-off on Birch Court',
      message: '<p>Water to 200 Birch Court will be off <strong>Tuesday 9 am – 1 pm</strong> for a valve replacement.</p>',
      category: 'urgent',
      status: 'sent',
      audience: 'custom',
      createdDay: -3,
      sentDay: -3,
      author: 'board@maplegrove.test',
      recipients: ['resident2@maplegrove.test'],
    },
    {
      title: 'Board meeting agenda',
      message: '<p>Agenda for Thursday: budget review, landscaping bids, parking policy.</p>',
      category: 'general',
      status: 'sent',
      audience: 'board',
      createdDay: -2,
      sentDay: -2,
      author: 'owner@maplegrove.test',
    },
    {
      title: 'Spring landscaping schedule',
      message: '<p>Crews will work street by street starting in April. Details to follow.</p>',
      category: 'maintenance',
      status: 'draft',
      audience: 'all',
      createdDay: -1,
      author: 'board@maplegrove.test',
    },
    {
      title: 'Holiday lights contest',
      message: '<p>Decorate your home and join the contest. Judging on December 20.</p>',
      category: 'event',
      status: 'scheduled',
      audience: 'all',
      createdDay: -1,
      scheduledDay: 5,
      author: 'owner@maplegrove.test',
    },
  ],
  'Cedar Park HOA': [
    {
      title: 'Welcome to the Cedar Park portal',
      message: '<p>Announcements, requests and dues now live here. Questions? Reply through a request.</p>',
      category: 'general',
      status: 'sent',
      audience: 'all',
      createdDay: -20,
      sentDay: -20,
      author: 'owner@cedarpark.test',
      pinned: true,
    },
    {
      title: 'Tree trimming next week',
      message: '<p>Please move vehicles off the street on <strong>Monday</strong> between 8 am and noon.</p>',
      category: 'maintenance',
      status: 'sent',
      audience: 'all',
      createdDay: -4,
      sentDay: -4,
      author: 'board@cedarpark.test',
    },
    {
      title: 'Parking rules update',
      message: '<p>Draft of the revised overnight parking rules.</p>',
      category: 'general',
      status: 'draft',
      audience: 'residents',
      createdDay: -1,
      author: 'board@cedarpark.test',
    },
  ],
};

const DAY = 86_400_000;

export async function seedAnnouncements(tx: Tx, platform: SeededPlatform, opts: SeedOptions): Promise<void> {
  for (const hoa of platform.hoas) {
    for (const demo of DEMO_ANNOUNCEMENTS[hoa.name] ?? []) {
      const id = newId();
      const createdAt = opts.now + demo.createdDay * DAY;
      await tx.insert(announcements).values({
        id,
        hoaId: hoa.id,
        title: demo.title,
        message: demo.message,
        category: demo.category,
        status: demo.status,
        audienceType: demo.audience,
        deliveryMethods: ['in_app', 'email'],
        pinned: demo.pinned ?? false,
        createdBy: hoa.userIds[demo.author],
        createdAt,
        updatedAt: createdAt,
        sentAt: demo.sentDay != null ? opts.now + demo.sentDay * DAY : null,
        scheduledAt: demo.scheduledDay != null ? opts.now + demo.scheduledDay * DAY : null,
        version: 1,
      });
      for (const email of demo.recipients ?? []) {
        await tx.insert(announcementRecipients).values({ announcementId: id, userId: hoa.userIds[email], hoaId: hoa.id });
      }
      if (demo.status === 'sent') await seedDeliveries(tx, { id, hoaId: hoa.id, hoaName: hoa.name, demo, sentAt: opts.now + (demo.sentDay ?? 0) * DAY, userIds: hoa.userIds });
      for (const email of demo.readBy ?? []) {
        await tx.insert(announcementReads).values({ id: newId(), hoaId: hoa.id, announcementId: id, userId: hoa.userIds[email], readAt: createdAt + DAY, version: 1 });
      }
    }
  }
}

/** The mail and delivery rows a real send would have left behind: delivered, or failed for `failedFor`. */
async function seedDeliveries(tx: Tx, a: { id: string; hoaId: string; hoaName: string; demo: DemoAnnouncement; sentAt: number; userIds: Record<string, string> }) {
  const custom = (a.demo.recipients ?? []).map((email) => a.userIds[email]);
  const recipients = await resolveAudience(tx, a.hoaId, a.demo.audience, custom);
  const mail = await announcementEmail({
    hoaName: a.hoaName,
    title: a.demo.title,
    category: a.demo.category,
    messageHtml: a.demo.message,
    url: `http://localhost:8787/announcements/${a.id}`,
  });
  const failed = new Set((a.demo.failedFor ?? []).map((email) => a.userIds[email]));
  const error = 'Mailbox unavailable: the receiving server rejected the message (demo)';
  for (const r of recipients) {
    const outboxId = newId();
    const ok = !failed.has(r.id);
    const deliveredAt = ok ? a.sentAt + 5_000 : null;
    await tx.insert(emailOutbox).values({
      id: outboxId,
      hoaId: a.hoaId,
      toEmail: r.email,
      toUserId: r.id,
      ...mail,
      ref: announcementRef(a.id),
      status: ok ? 'delivered' : 'failed',
      attempts: ok ? 1 : 4,
      lastError: ok ? null : error,
      providerId: ok ? `local_${outboxId}` : null,
      nextAttemptAt: a.sentAt,
      createdAt: a.sentAt,
      deliveredAt,
    });
    await tx.insert(announcementDeliveries).values({
      id: newId(),
      hoaId: a.hoaId,
      announcementId: a.id,
      userId: r.id,
      email: r.email,
      outboxId,
      status: ok ? 'delivered' : 'failed',
      error: ok ? null : error,
      attempts: ok ? 1 : 4,
      createdAt: a.sentAt,
      updatedAt: a.sentAt,
      deliveredAt,
    });
  }
}
