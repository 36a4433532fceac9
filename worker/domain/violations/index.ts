/**
 * Compliance violations domain. One layer for both transports: the REST routes and
 * the sync push call these functions.
 *
 * - sync.ts      who sees what, the cache values a pull sends, the synced table every write goes through
 * - read.ts      the REST answers, built from the values the pull sends (overdue at read time)
 * - issue.ts     issuing a violation
 * - status.ts    the board's status control and the resolution
 * - messages.ts  the thread (the thread kit, worker/domain/threads), with attachments
 * - schedules.ts the HOA's fine schedule per category (defaults while unset)
 * - advance.ts   moving a case along its schedule: letters, fines, the repeating fine's job
 * - hearings.ts  the resident's hearing, scheduled and decided by the board (credits back)
 * - emails.ts    mail to the resident, through the outbox
 * - uploads      who may download an attachment: `mayReadViolationAttachment` below
 */
import { and, eq } from 'drizzle-orm';
import { violationMessages, violationPhotos, violations } from '../../../schema/tables';
import type { AttachmentReadRule } from '../uploads';
import { visibleViolations } from './sync';

export { visibleViolations } from './sync';
export { getViolation, getVisibleViolation, listViolationsJson, toApiViolation, type ViolationRow } from './read';
export { issueViolation } from './issue';
export { setViolationStatus } from './status';
export { addViolationMessage } from './messages';
export { violationRef } from './emails';
export { listFineSchedules, saveFineSchedule } from './schedules';
export { advanceViolation, postRepeatingFines } from './advance';
export { requestViolationHearing, updateViolationHearing } from './hearings';

/**
 * Beside the default rule (the uploader and the board): the resident a violation was issued to may
 * download its photos and the files of its public messages; nobody else.
 */
export const mayReadViolationAttachment: AttachmentReadRule = async (db, actor, upload) => {
  // Both found through the attachment indexes, then the violation by primary key with the visibility rule.
  const [photo] = await db
    .select({ id: violations.id })
    .from(violations)
    .where(and(visibleViolations(actor), eq(violations.attachmentS3Key, upload.s3Key)))
    .limit(1);
  if (photo) return true;
  const [another] = await db
    .select({ id: violations.id })
    .from(violationPhotos)
    .innerJoin(violations, and(eq(violations.id, violationPhotos.violationId), eq(violations.hoaId, violationPhotos.hoaId)))
    .where(and(eq(violationPhotos.s3Key, upload.s3Key), visibleViolations(actor)))
    .limit(1);
  if (another) return true;
  const m = violationMessages;
  const [file] = await db
    .select({ id: violations.id })
    .from(m)
    .innerJoin(violations, and(eq(violations.id, m.parentId), eq(violations.hoaId, m.hoaId)))
    .where(and(eq(m.attachmentS3Key, upload.s3Key), eq(m.isPublic, true), visibleViolations(actor)))
    .limit(1);
  return !!file;
};
