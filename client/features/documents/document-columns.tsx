/**
 * The documents table: its filters (title search, category) and its columns, with
 * Uploaded By for the board only and a row's action error under its name. The list benchmark
 * renders the same columns.
 */
import { DOCUMENT_CATEGORIES, documentPolicy } from '../../../schema/documents';
import type { Role } from '../../../schema/roles';
import { fileSizeText } from '../../../schema/uploads';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { formatDate } from '../../lib/format';
import type { ListFilterConfig } from '../../lib/use-list-filters';
import type { Column, SelectFilterDef } from '../../ui';
import { AccessBadge, CategoryBadge } from './badges';
import { DocumentActions } from './DocumentActions';
import { NotesButton } from './NotesDialog';

export const documentFilterConfig: ListFilterConfig<SyncedDocument, 'category'> = { search: (d) => d.title, selects: { category: (d) => d.category } };
export const documentSelects: SelectFilterDef<'category'>[] = [{ name: 'category', label: 'Category', options: DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: c })) }];

/** What a row's action went wrong with, by document id. */
export type RowErrors = Record<string, string>;

export interface DocumentColumnsProps {
  role: Role;
  rowErrors: RowErrors;
  onError: (id: string, message: string | null) => void;
  onDelete: (doc: SyncedDocument) => void;
  onNotes: (doc: SyncedDocument) => void;
}

const format = (d: SyncedDocument) => d.fileType.toUpperCase();

export function documentColumns({ role, rowErrors, onError, onDelete, onNotes }: DocumentColumnsProps): Column<SyncedDocument>[] {
  const manage = documentPolicy.mayManage(role);
  return [
    {
      header: 'Name',
      primary: true,
      className: 'min-w-48',
      cell: (d) => (
        <div className="min-w-0">
          <p className="font-medium break-words text-neutral-900">{d.title}</p>
          <p className="mt-0.5 truncate text-xs font-normal text-neutral-600" title={d.fileName}>
            {d.fileName}
            {/* Phones show no Size and Format columns: the facts follow the file name. */}
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
      ),
    },
    { header: 'Category', cell: (d) => <CategoryBadge category={d.category} /> },
    { header: 'Size', hideOnPhone: true, className: 'tabular whitespace-nowrap', cell: (d) => fileSizeText(d.fileSize) },
    { header: 'Format', hideOnPhone: true, cell: format },
    { header: 'Access', cell: (d) => <AccessBadge isPublic={d.isPublic} /> },
    ...(manage ? [{ header: 'Uploaded By', className: 'whitespace-nowrap', cell: (d: SyncedDocument) => d.uploadedBy?.name ?? 'Unknown' }] : []),
    // Under who uploaded it below 1280 px (the board's table was wider than its card at 1024 px).
    { header: 'Date', className: 'whitespace-nowrap', foldBelowXl: manage, cell: (d) => formatDate(d.createdAt) },
    { header: 'Notes', cell: (d) => <NotesButton doc={d} canEdit={manage} onOpen={onNotes} /> },
    { header: 'Actions', aside: true, className: 'text-right', cell: (d) => <DocumentActions doc={d} role={role} onError={onError} onDelete={onDelete} /> },
  ];
}
