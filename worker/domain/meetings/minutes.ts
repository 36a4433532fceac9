/**
 * Minutes: saved as rich text once the meeting is adjourned (Draft Minutes fills the editor from the
 * record), approved by a carried motion at a later meeting (the `minutes` link kind), then published:
 * rendered as a PDF, put into storage as documents' files are, and filed in the document vault
 * through the documents domain ("Meeting Minutes", Public or Board Only).
 */
import { MEETING_MESSAGES, meetingDay, meetingPolicy, MINUTES_CATEGORY, minutesDocumentTitle, type MinutesVisibility } from '../../../schema/meetings';
import { storageUploads } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { textPdf } from '../../services/pdf';
import { sanitizeRichText } from '../../services/sanitize';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { uploadDocument } from '../documents';
import { conflict } from '../errors';
import { storageCall, storageKey } from '../uploads';
import { getVisibleMeeting, requireBoard, type MeetingRow } from './rows';
import { meetingIs, meetingRows } from './sync';

/** Saves the minutes' text (none → draft); 409 before the meeting is adjourned and once approved. */
export async function saveMinutes(deps: AppDeps, tx: Tx, actor: Actor, id: string, html: string): Promise<MeetingRow> {
  requireBoard(actor);
  const current = await getVisibleMeeting(tx, actor, id);
  if (!meetingPolicy.mayDraftMinutes(current)) throw conflict(MEETING_MESSAGES.minutesLocked);
  const [row] = await meetingRows.update(deps, tx, meetingIs(current.hoaId, id), { minutes: sanitizeRichText(html), minutesStatus: 'draft', updatedAt: deps.clock() });
  return row;
}

/** A carried motion approving the minutes (draft → approved). */
export async function approveMinutes(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<MeetingRow> {
  requireBoard(actor);
  const current = await getVisibleMeeting(tx, actor, id);
  if (!meetingPolicy.mayApproveMinutes(current)) throw conflict(MEETING_MESSAGES.minutesNotDrafted);
  const [row] = await meetingRows.update(deps, tx, meetingIs(current.hoaId, id), { minutesStatus: 'approved', updatedAt: deps.clock() });
  return row;
}

/** The minutes' rich text as lines of plain text (a paragraph, heading or list item each). */
export function minutesLines(html: string): string[] {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e])
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Publish Minutes: approved → published, a PDF document in the vault ("Minutes: <title> — <date>"). */
export async function publishMinutes(deps: AppDeps, tx: Tx, actor: Actor, id: string, visibility: MinutesVisibility): Promise<MeetingRow> {
  requireBoard(actor);
  const current = await getVisibleMeeting(tx, actor, id);
  if (!meetingPolicy.mayPublishMinutes(current)) throw conflict(MEETING_MESSAGES.minutesNotApproved);
  const title = minutesDocumentTitle(current.title, meetingDay(current));
  const bytes = textPdf([title, ...minutesLines(current.minutes ?? '')]);
  const fileName = `Minutes ${current.title.replace(/[^\w -]+/g, '').trim() || 'meeting'} ${new Date(current.date).toISOString().slice(0, 10)}.pdf`;
  const s3Key = storageKey(actor.hoaId, 'documents', fileName);
  // Stored first: a failed put changes nothing; a transaction rolled back after it leaves an object no record names.
  await storageCall(() => deps.storage.put({ key: s3Key, contentType: 'application/pdf', body: bytes }));
  const now = deps.clock();
  await tx.insert(storageUploads).values({ id: newId(), hoaId: actor.hoaId, userId: actor.userId, feature: 'documents', s3Key, fileName, fileType: 'application/pdf', fileSize: bytes.byteLength, clientUploadId: null, createdAt: now, storedAt: now });
  const doc = await uploadDocument(deps, tx, actor, { title, category: MINUTES_CATEGORY, s3_key: s3Key, is_public: visibility === 'public', notes: '', tags: ['Minutes'] });
  const [row] = await meetingRows.update(deps, tx, meetingIs(current.hoaId, id), { minutesStatus: 'published', minutesDocumentId: doc.id, updatedAt: now });
  return row;
}
