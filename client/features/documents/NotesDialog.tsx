/**
 * The Notes column and dialog: everyone who sees a document reads its notes; the board
 * edits them (at most 500 characters, with the counter). Saving goes through the `updateDocument`
 * mutator, so it works offline and syncs later.
 */
import { useEffect, useId, useState } from 'react';
import { DOCUMENT_MESSAGES, DOCUMENT_NOTES_MAX, documentFields } from '../../../schema/documents';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { useReplicache } from '../../lib/replicache';
import { Alert, Button, Dialog, Field, Textarea } from '../../ui';
import { loadZod } from '../../lib/deferred-zod';

/** The Notes cell: a button naming what it opens, or a dash for a reader when there are none. */
export function NotesButton({ doc, canEdit, onOpen }: { doc: SyncedDocument; canEdit: boolean; onOpen: (doc: SyncedDocument) => void }) {
  if (!doc.notes && !canEdit) return <span className="text-neutral-400">—</span>;
  return (
    <Button variant="link" size="sm" className="px-0" onClick={() => onOpen(doc)}>
      {doc.notes ? 'View' : 'Add'}
      <span className="sr-only"> notes of {doc.title}</span>
    </Button>
  );
}

/** "12/500", red once over the limit. */
export function NotesCounter({ id, length }: { id: string; length: number }) {
  return (
    <p id={id} className={length > DOCUMENT_NOTES_MAX ? 'text-xs text-danger-700' : 'text-xs text-neutral-500'}>
      {length}/{DOCUMENT_NOTES_MAX}
    </p>
  );
}

export function NotesDialog({ doc, canEdit, onClose }: { doc: SyncedDocument | null; canEdit: boolean; onClose: () => void }) {
  const rep = useReplicache();
  const counterId = useId();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setNotes(doc?.notes ?? '');
    setError(null);
  }, [doc]);

  async function save() {
    if (!doc || !rep) return;
    await loadZod();
    const parsed = documentFields.notes.safeParse(notes);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? DOCUMENT_MESSAGES.notesTooLong);
    await rep.mutate.updateDocument({ id: doc.id, notes: parsed.data });
    onClose();
  }

  return (
    <Dialog
      open={doc !== null}
      onClose={onClose}
      title="Notes"
      description={doc?.title}
      footer={
        canEdit ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={save}>Save Notes</Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {canEdit ? (
        <div className="space-y-1">
          <Field label="Notes" error={error ?? undefined}>
            <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={6} invalid={!!error} aria-describedby={counterId} />
          </Field>
          <NotesCounter id={counterId} length={notes.length} />
        </div>
      ) : doc?.notes ? (
        <p className="text-sm whitespace-pre-line text-neutral-800">{doc.notes}</p>
      ) : (
        <Alert tone="info">No notes for this document.</Alert>
      )}
    </Dialog>
  );
}
