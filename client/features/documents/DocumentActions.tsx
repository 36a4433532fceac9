/**
 * A row's Actions menu: Download for everyone who sees the document, Delete for the
 * board. Both need a connection: offline they are disabled and say so. A failed download reports
 * under the row.
 */
import { useState } from 'react';
import { DOCUMENT_MESSAGES, documentPolicy } from '../../../schema/documents';
import type { Role } from '../../../schema/roles';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/replicache';
import { DownloadIcon, MoreIcon, MenuOnFirstPress, Spinner, TrashIcon, type MenuEntry } from '../../ui';
import { downloadDocument } from './documents-api';

function ItemLabel({ text, reason }: { text: string; reason: string | null }) {
  return (
    <span className="flex flex-col">
      <span>{text}</span>
      {reason && <span className="text-xs text-neutral-500">{reason}</span>}
    </span>
  );
}

export function DocumentActions({
  doc,
  role,
  onError,
  onDelete,
}: {
  doc: SyncedDocument;
  role: Role;
  onError: (id: string, message: string | null) => void;
  onDelete: (doc: SyncedDocument) => void;
}) {
  const online = useOnline();
  const [downloading, setDownloading] = useState(false);
  const can = documentPolicy.actionsFor(doc, role);

  async function download() {
    onError(doc.id, null);
    setDownloading(true);
    try {
      await downloadDocument(doc.id);
    } catch (e) {
      onError(doc.id, errorMessage(e, DOCUMENT_MESSAGES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  }

  const offline = online ? null : DOCUMENT_MESSAGES.needsConnection;
  const items: MenuEntry[] = [];
  if (can.download) {
    items.push({ kind: 'action', label: <ItemLabel text="Download" reason={offline} />, icon: <DownloadIcon />, onSelect: download, disabled: !online || downloading });
  }
  if (can.delete) {
    items.push({ kind: 'action', label: <ItemLabel text="Delete" reason={offline} />, icon: <TrashIcon />, danger: true, onSelect: () => onDelete(doc), disabled: !online });
  }
  return (
    <MenuOnFirstPress
      button={downloading ? <Spinner /> : <MoreIcon className="size-5" />}
      buttonLabel={`Actions for ${doc.title}`}
      buttonClassName="inline-flex size-9 items-center justify-center text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900"
      items={items}
    />
  );
}
