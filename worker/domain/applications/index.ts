/**
 * Architectural review domain. One layer for both transports: the REST routes and the sync push call
 * these functions; the meetings area calls `decideApplicationByMotion` for a carried motion.
 *
 * - sync.ts      who sees what, the cache values a pull sends, the synced tables every write goes through
 * - rows.ts      one visible application, the board rule, the settings, the board's size
 * - submit.ts    submitting (files the request of category Modification with the same id)
 * - review.ts    the board's reviews, the outcome, a meeting motion's outcome
 * - letter.ts    the decision letter
 * - deadline.ts  the deadline job and the review settings
 * - read.ts      the REST answers, built from the synced values
 * - emails.ts    the letter to the resident, the escalation to the board
 */
import { and, eq } from 'drizzle-orm';
import { applicationFiles, architecturalApplications } from '../../../schema/tables';
import type { AttachmentReadRule } from '../uploads';
import { visibleApplications } from './sync';

export { visibleApplications } from './sync';
export { submitApplication } from './submit';
export { decideApplicationByMotion, reviewApplication } from './review';
export { sendApplicationLetter } from './letter';
export { applyApplicationDeadlines, saveApplicationSettings } from './deadline';
export { getApplication, getApplicationSettings, listApplications, type ApiApplication } from './read';
export { applicationRef } from './emails';

/** Beside the default rule (the uploader and the board): whoever sees an application may download its plans and photos. */
export const mayReadApplicationFile: AttachmentReadRule = async (db, actor, upload) => {
  const a = architecturalApplications;
  const [row] = await db
    .select({ id: a.id })
    .from(applicationFiles)
    .innerJoin(a, and(eq(a.id, applicationFiles.applicationId), eq(a.hoaId, applicationFiles.hoaId)))
    .where(and(eq(applicationFiles.s3Key, upload.s3Key), visibleApplications(actor)))
    .limit(1);
  return !!row;
};
