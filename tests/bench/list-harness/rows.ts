/** The benchmark's synced rows, as the server syncs them: announcements and documents with varied titles, categories and states. */
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementStatus } from '../../../schema/announcements';
import { DOCUMENT_CATEGORIES } from '../../../schema/documents';
import { benchUuid } from '../bench-ids';
import { announcementKey, announcementReadKey, type SyncedAnnouncement } from '../../../sync/areas/announcements';
import { documentKey, type SyncedDocument } from '../../../sync/areas/documents';

const SUBJECTS = ['Pool', 'Gate', 'Tree', 'Dues', 'Parking', 'Roof', 'Garden', 'Clubhouse', 'Fence', 'Lighting', 'Snow', 'Trash'];
const TOPICS = ['maintenance', 'schedule', 'reminder', 'update', 'vote', 'closure', 'repair', 'meeting', 'notice'];
// Mostly sent, as in a living HOA; seven entries so status does not follow category (five).
const STATUSES: AnnouncementStatus[] = ['sent', 'sent', 'draft', 'sent', 'failed', 'scheduled', 'sending'];
const NOW = Date.UTC(2026, 5, 1);

export function benchAnnouncement(i: number, edit = 0): SyncedAnnouncement {
  const at = NOW - i * 60_000;
  const status = STATUSES[(i + edit) % STATUSES.length];
  return {
    id: benchUuid(i),
    title: `${SUBJECTS[(i + edit) % SUBJECTS.length]} ${TOPICS[(i * 7) % TOPICS.length]} #${i}${edit ? ` (edit ${edit})` : ''}`,
    message: `<p>Notice ${i}: the pool, the trees, the dues and the parking rules for this month.</p>`,
    category: ANNOUNCEMENT_CATEGORIES[i % ANNOUNCEMENT_CATEGORIES.length],
    status,
    audienceType: 'all',
    customRecipients: [],
    attachment: null,
    deliveryMethods: ['in_app', 'email'],
    pinned: false,
    createdBy: { id: 'board', name: 'Ben Board' },
    totalRecipients: 120,
    deliveryCounts: null,
    createdAt: at,
    updatedAt: at + edit,
    sentAt: status === 'sent' ? at : null,
    scheduledAt: null,
    version: 1 + edit,
  };
}

/** The key/value pairs of `n` announcements, a third of them read by the user. */
export function announcementEntries(n: number): [string, SyncedAnnouncement | { announcementId: string; readAt: number }][] {
  const entries: [string, SyncedAnnouncement | { announcementId: string; readAt: number }][] = [];
  for (let i = 0; i < n; i++) {
    const a = benchAnnouncement(i);
    entries.push([announcementKey(a.id), a]);
    if (i % 3 === 0) entries.push([announcementReadKey(a.id), { announcementId: a.id, readAt: a.createdAt }]);
  }
  return entries;
}

const FORMATS = ['pdf', 'pdf', 'docx', 'png', 'pdf', 'jpg'];

export function benchDocument(i: number, edit = 0): SyncedDocument {
  const at = NOW - i * 60_000;
  const fileType = FORMATS[i % FORMATS.length];
  const title = `${SUBJECTS[(i + edit) % SUBJECTS.length]} ${TOPICS[(i * 7) % TOPICS.length]} #${i}${edit ? ` (edit ${edit})` : ''}`;
  return {
    id: benchUuid(i),
    title,
    category: DOCUMENT_CATEGORIES[i % DOCUMENT_CATEGORIES.length],
    fileName: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${fileType}`,
    fileType,
    fileSize: 20_000 + ((i * 7919) % 4_000_000),
    // A quarter Board Only, as in the demo vault.
    isPublic: (i + edit) % 4 !== 0,
    notes: i % 3 === 0 ? `Reviewed at the board meeting; see item ${i}.` : '',
    tags: [],
    s3Key: `hoa/documents/bench-${i}.${fileType}`,
    uploadedBy: { id: 'board', name: 'Ben Board' },
    createdAt: at,
    updatedAt: at + edit,
    version: 1 + edit,
  };
}

export const documentEntries = (n: number): [string, SyncedDocument][] => Array.from({ length: n }, (_, i) => [documentKey(benchDocument(i).id), benchDocument(i)]);
