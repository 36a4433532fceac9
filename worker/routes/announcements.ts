/**
 * Announcements REST. Thin: parse, call worker/domain/announcements.ts, answer.
 * Response shapes (types in schema/announcements.ts; dates ISO 8601):
 *
 * - `GET /`              ?page=1&limit=20 (≤100) → ApiAnnouncementPage
 *                        `{docs: ApiAnnouncement[], totalDocs, totalPages, page, limit, hasNextPage}`, newest first;
 *                        list docs carry `recipients: []` and `delivery_stats: null` (counts in `delivery_counts`).
 * - `POST /`             announcementFormSchema → 201 ApiAnnouncement (a draft). Board and superadmin.
 * - `GET /:id`           → ApiAnnouncement. Board and superadmin also get `recipients` and `delivery_stats`.
 * - `PUT /:id`           announcementFormSchema → ApiAnnouncement. Drafts only (409 otherwise).
 * - `DELETE /:id`        → `{message}`. Drafts only; soft delete.
 * - `POST /:id/read`     → `{isReadBy: true}`. Not for drafts (400).
 * - `PUT /:id/pinned`    `{pinned: boolean}` → ApiAnnouncement. Board and superadmin; any status.
 * - `POST /:id/send`     `{scheduled_at?: ISO|null}` → ApiAnnouncement & `{delivery_summary: {email_delivered, total_recipients}}`.
 *                        Sent now: the first delivery pass runs before the answer (see docs/decisions/083-send-waits-first-pass.md),
 *                        so `email_delivered` is what was delivered by then. Future `scheduled_at`: status `scheduled`.
 * - `POST /:id/retry`    `{user_ids: string[]}` (empty: every failed delivery) →
 *                        ApiAnnouncement & `{retry_summary: {email_delivered, email_failed, pending}}`.
 *
 * ApiAnnouncement: `_id, title, message, category, status, audience_type, recipients[{_id, name, email}],
 * custom_recipients[ids], total_recipients, attachment{s3_key, filename, file_size, file_type}|null,
 * delivery_methods, pinned (the form's `pinned?: boolean`, false when left out; or PUT /:id/pinned), delivery_stats{total_sent, email_delivered[], email_failed[], pending[]}|null,
 * delivery_counts{total, delivered, failed, pending}|null, isReadBy, created_by{_id, name}|null,
 * createdAt, updatedAt, sent_at, scheduled_at, version`. Residents get null/empty for audience_type,
 * recipients, custom_recipients, delivery_stats, delivery_counts and created_by.
 *
 * `POST /presigned-url` and `POST /download-url` are mounted beside this router (routes/uploads.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementFormSchema,
  announcementListQuery,
  announcementPolicy,
  pinAnnouncementSchema,
  retryAnnouncementSchema,
  sendAnnouncementSchema,
} from '../../schema/announcements';
import * as announcements from '../domain/announcements';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { jsonText } from './respond';

const idParam = z.object({ id: z.string().min(1).max(64) });
/** Residents are refused before their body is parsed (rich text is the costly part). */
const manage = allow(announcementPolicy.mayManage, ANNOUNCEMENT_MESSAGES.boardOnly);

export const announcementRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', announcementListQuery), async (c) => jsonText(c, await announcements.listAnnouncementsJson(c.var.deps.database, c.var.actor, c.req.valid('query'))))
  .post('/', manage, validate('json', announcementFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => announcements.createAnnouncementDraft(deps, tx, actor, c.req.valid('json')));
    return c.json(await announcements.getAnnouncement(deps.database.db, actor, row.id), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await announcements.getAnnouncement(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), manage, validate('json', announcementFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => announcements.updateAnnouncementDraft(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await announcements.getAnnouncement(deps.database.db, actor, id));
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const { deps, actor } = c.var;
    await deps.database.transaction((tx) => announcements.deleteAnnouncementDraft(deps, tx, actor, c.req.valid('param').id));
    return c.json({ message: 'Announcement deleted' });
  })
  .put('/:id/pinned', validate('param', idParam), manage, validate('json', pinAnnouncementSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => announcements.pinAnnouncement(deps, tx, actor, id, c.req.valid('json').pinned));
    return c.json(await announcements.getAnnouncement(deps.database.db, actor, id));
  })
  .post('/:id/read', validate('param', idParam), async (c) => {
    const { deps, actor } = c.var;
    await deps.database.transaction((tx) => announcements.markAnnouncementRead(deps, tx, actor, c.req.valid('param').id));
    return c.json({ isReadBy: true });
  })
  .post('/:id/send', validate('param', idParam), validate('json', sendAnnouncementSchema), async (c) => {
    const { scheduled_at } = c.req.valid('json');
    const scheduledAt = scheduled_at ? Date.parse(scheduled_at) : null;
    return c.json(await announcements.sendAnnouncementAndReport(c.var.deps, c.var.actor, c.req.valid('param').id, scheduledAt));
  })
  .post('/:id/retry', validate('param', idParam), validate('json', retryAnnouncementSchema), async (c) =>
    c.json(await announcements.retryAnnouncementAndReport(c.var.deps, c.var.actor, c.req.valid('param').id, c.req.valid('json').user_ids)),
  );
