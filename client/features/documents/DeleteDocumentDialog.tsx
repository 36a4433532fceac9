/**
 * Delete confirmation: deleting removes the file from storage, so it needs a
 * connection and cannot be undone. A failure reports under the document's row.
 */
import { useState } from 'react';
import { DOCUMENT_MESSAGES } from '../../../schema/documents';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { errorMessage } from '../../lib/api';
import { useReplicache, useOnline } from '../../lib/replicache';
import { Button, Dialog } from '../../ui';
import { deleteDocument } from './documents-api';

export function DeleteDocumentDialog({ doc, onClose, onError }: { doc: SyncedDocument | null; onClose: () => void; onError: (id: string, message: string | null) => void }) {
  const rep = useReplicache();
  const online = useOnline();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!doc) return;
    onError(doc.id, null);
    setBusy(true);
    try {
      await deleteDocument(doc.id);
      // The row leaves the list with the next pull; ask for it now rather than wait for the poke.
      rep?.pull().catch(() => {});
    } catch (e) {
      onError(doc.id, errorMessage(e, DOCUMENT_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <Dialog
      open={doc !== null}
      onClose={busy ? () => {} : onClose}
      size="sm"
      title="Delete Document"
      description={doc && `Delete “${doc.title}”? The file is removed for everyone and cannot be recovered.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} busy={busy} busyText="Deleting..." disabled={!online}>
            Delete
          </Button>
        </>
      }
    />
  );
}
