/**
 * /documents (community §2): the vault read from the local cache through the list kit, so search (300
 * ms after the last keystroke), the category filter, Load More (10 a step) and the board's stat cards
 * work at once and offline. Downloading, uploading and deleting need a connection and say so.
 */
import { useCallback, useState } from 'react';
import { DOCUMENT_CATEGORIES, DOCUMENT_MESSAGES, DOCUMENT_PAGE_SIZE, documentPolicy } from '../../../schema/documents';
import { fileSizeText } from '../../../schema/uploads';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { formatDate } from '../../lib/format';
import { useSyncStatus } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { Button, EmptyState, FilterBar, ListScreen, UploadIcon, type Column, type SelectFilterDef } from '../../ui';
import { AccessBadge, CategoryBadge } from './badges';
import { DeleteDocumentDialog } from './DeleteDocumentDialog';
import { DocumentActions } from './DocumentActions';
import { useDocumentStats } from './document-stats';
import { NotesButton, NotesDialog } from './NotesDialog';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { useDocumentList } from './use-documents';

const filterConfig: ListFilterConfig<SyncedDocument, 'category'> = { search: (d) => d.title, selects: { category: (d) => d.category } };
const selects: SelectFilterDef<'category'>[] = [{ name: 'category', label: 'Category', options: DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: c })) }];

/** What a row's action went wrong with, shown under it (community §8). */
type RowErrors = Record<string, string>;

export function DocumentsPage() {
  const role = useCurrentUser()?.role ?? 'resident';
  const manage = documentPolicy.mayManage(role);
  const { online } = useSyncStatus();
  const filters = useListFilters(filterConfig);
  const list = useDocumentList({ filter: filters.filter, pageSize: DOCUMENT_PAGE_SIZE });
  const stats = useDocumentStats(list.size, list.counters);

  const [uploading, setUploading] = useState(false);
  const [notesFor, setNotesFor] = useState<SyncedDocument | null>(null);
  const [deleting, setDeleting] = useState<SyncedDocument | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const setRowError = useCallback((id: string, message: string | null) => {
    setRowErrors(({ [id]: _, ...rest }) => (message ? { ...rest, [id]: message } : rest));
  }, []);

  const actions = (d: SyncedDocument) => <DocumentActions doc={d} role={role} onError={setRowError} onDelete={setDeleting} />;
  const format = (d: SyncedDocument) => d.fileType.toUpperCase();
  const columns: Column<SyncedDocument>[] = [
    {
      header: 'Name',
      primary: true,
      className: 'min-w-48',
      cell: (d) => (
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-neutral-900">{d.title}</p>
            <p className="mt-0.5 truncate text-xs font-normal text-neutral-500" title={d.fileName}>
              {d.fileName}
              <span className="sm:hidden">
                {' '}
                · {format(d)} · {fileSizeText(d.fileSize)}
              </span>
            </p>
            {rowErrors[d.id] && (
              <p role="alert" className="mt-1 text-sm font-normal text-danger-700">
                {rowErrors[d.id]}
              </p>
            )}
          </div>
          <div className="shrink-0 sm:hidden">{actions(d)}</div>
        </div>
      ),
    },
    { header: 'Category', cell: (d) => <CategoryBadge category={d.category} /> },
    { header: 'Size', hideOnPhone: true, className: 'tabular whitespace-nowrap', cell: (d) => fileSizeText(d.fileSize) },
    { header: 'Format', hideOnPhone: true, cell: format },
    { header: 'Access', cell: (d) => <AccessBadge isPublic={d.isPublic} /> },
    ...(manage ? [{ header: 'Uploaded By', className: 'whitespace-nowrap', cell: (d: SyncedDocument) => d.uploadedBy?.name ?? 'Unknown' }] : []),
    { header: 'Date', className: 'whitespace-nowrap', cell: (d) => formatDate(d.createdAt) },
    { header: 'Notes', cell: (d) => <NotesButton doc={d} canEdit={manage} onOpen={setNotesFor} /> },
    { header: 'Actions', hideOnPhone: true, className: 'text-right', cell: actions },
  ];

  const upload = manage ? (
    <div className="flex flex-col items-end gap-1">
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
        filters={<FilterBar filters={filters.store} label="Filter documents" selects={selects} searchPlaceholder="Search by name..." sortable={false} />}
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
