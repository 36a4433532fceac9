/** Documents from the local cache: the list screen's rows, counted for the stat cards. */
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../../../schema/documents';
import { DOCUMENT_SPACE, type SyncedDocument } from '../../../sync/areas/documents';
import { prefixOf } from '../../../sync/keys';
import type { Predicate } from '../../lib/synced-collection';
import { defineSyncedList, newestFirst, useSyncedList, type SyncedListOptions } from '../../lib/use-synced-list';

/** Newest first (ties by id, so equal times keep one order). */
export const byNewest = newestFirst((r: SyncedDocument) => r.createdAt);

type Counter = 'public' | DocumentCategory;

const counters = {
  public: (d: SyncedDocument) => d.isPublic,
  ...Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, (d: SyncedDocument) => d.category === c])),
} as Record<Counter, Predicate<SyncedDocument>>;

/** Every document the user may see (residents: the public ones), newest first, with the stat cards' counts. */
export const documentList = defineSyncedList({ name: 'documents', prefix: prefixOf(DOCUMENT_SPACE), compare: byNewest, counters });

export const useDocumentList = (options: SyncedListOptions<SyncedDocument>) => useSyncedList(documentList, options);
