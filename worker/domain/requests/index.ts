/**
 * Requests domain. One layer for both transports: the REST routes and the sync
 * push call these functions.
 *
 * - sync.ts      who sees what, the cache values a pull sends, the synced table every write goes through
 * - read.ts      the REST answers, built from the values the pull sends
 * - filing.ts    filing a request, attaching its file
 * - triage.ts    the board's status, assignee, deadline and resolution notes
 * - comments.ts  the thread (the thread kit, worker/domain/threads)
 * - emails.ts    mail to the board and the resident, through the outbox
 * - uploads      who may download an attachment: `mayReadRequestAttachment` below
 */
import { and, eq } from 'drizzle-orm';
import { requests } from '../../../schema/tables';
import type { AttachmentReadRule } from '../uploads';
import { visibleRequests } from './sync';

export { visibleRequests } from './sync';
export { getRequest, getVisibleRequest, listRequests, listRequestsJson, toApiRequest, type RequestRow } from './read';
export { attachRequestFile, createRequest } from './filing';
export { setRequestStatus, updateRequest, updateRequestTriage } from './triage';
export { addRequestComment } from './comments';
export { requestRef } from './emails';

/**
 * Beside the default rule (the uploader and the board): whoever sees a request may download its
 * attachment, which for residents means their own requests only.
 */
export const mayReadRequestAttachment: AttachmentReadRule = async (db, actor, upload) => {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(visibleRequests(actor), eq(requests.attachmentS3Key, upload.s3Key)))
    .limit(1);
  return !!row;
};
