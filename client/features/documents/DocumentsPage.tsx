/**
 * /documents: the vault read from the local cache through the list kit, so search (300
 * ms after the last keystroke), the category filter, Load More (10 a step) and the board's stat cards
 * work at once and offline. Downloading, uploading and deleting need a connection and say so.
 */
import { useCallback, useMemo, useState } from 'react';
import { DOCUMENT_MESSAGES, DOCUMENT_PAGE_SIZE, documentPolicy } from '../../../schema/documents';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { useListFilters } from '../../lib/use-list-filters';
import { Button, EmptyState, FilterBar, ListScreen, UploadIcon } from '../../ui';
import { DeleteDocumentDialog } from './DeleteDocumentDialog';
import { documentColumns, documentFilterConfig, documentSelects, type RowErrors } from './document-columns';
import { useDocumentStats } from './document-stats';
import { NotesDialog } from './NotesDialog';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { useDocumentList } from './use-documents';

export function DocumentsPage() {
  const role = useCurrentUser()?.role ?? 'resident';
  const manage = documentPolicy.mayManage(role);
  const online = useOnline();
  const filters = useListFilters(documentFilterConfig);
  const list = useDocumentList({ filter: filters.filter, pageSize: DOCUMENT_PAGE_SIZE });
  const stats = useDocumentStats(list);

  const [uploading, setUploading] = useState(false);
  const [notesFor, setNotesFor] = useState<SyncedDocument | null>(null);
  const [deleting, setDeleting] = useState<SyncedDocument | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const setRowError = useCallback((id: string, message: string | null) => {
    setRowErrors(({ [id]: _, ...rest }) => (message ? { ...rest, [id]: message } : rest));
  }, []);

  // Built again only when a row's error or the role changes, so the table's rows can skip rendering.
  const columns = useMemo(() => documentColumns({ role, rowErrors, onError: setRowError, onDelete: setDeleting, onNotes: setNotesFor }), [role, rowErrors, setRowError]);

  const upload = manage ? (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button icon={<UploadIcon />} onClick={() => setUploading(true)} disabled={!online}>
        Upload Document
      </Button>
      {!online && <p className="text-xs text-neutral-600">{DOCUMENT_MESSAGES.manageOffline}</p>}
    </div>
  ) : undefined;
  const filtered = filters.filter !== undefined;

  return (
    <>
      <ListScreen
        title="Documents"
        subtitle="Bylaws, meeting minutes, budgets and other community documents"
        actions={upload}
        stats={manage ? stats : undefined}
        filters={<FilterBar filters={filters.store} list="documents" label="Filter documents" selects={documentSelects} searchPlaceholder="Search by name..." sortable={false} />}
        tableTitle="All Documents"
        columns={columns}
        rowKey={(d) => d.id}
        rows={list}
        empty={<EmptyState title={filtered ? DOCUMENT_MESSAGES.noMatches : DOCUMENT_MESSAGES.noDocuments} action={filtered ? undefined : upload} />}
        exhaustedText={DOCUMENT_MESSAGES.noMore}
        loadMoreLabel="Load More"
      />
      {manage && <UploadDocumentDialog open={uploading} onClose={() => setUploading(false)} />}
      <NotesDialog doc={notesFor} canEdit={manage} onClose={() => setNotesFor(null)} />
      {manage && <DeleteDocumentDialog doc={deleting} onClose={() => setDeleting(null)} onError={setRowError} />}
    </>
  );
}
