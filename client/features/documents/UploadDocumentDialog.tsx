/**
 * The Upload Document dialog: a file (checked against the vault's types and the
 * 10 MB limit at once), a title that defaults to the file name without its extension, a category,
 * Public or Board Only (Public by default) and notes up to 500 characters with the counter. Uploading
 * shows its progress, then "Document uploaded successfully!", and the dialog closes 1.5 s later.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { DOCUMENT_CATEGORIES, DOCUMENT_MESSAGES, documentFormSchema, type DocumentFormInput } from '../../../schema/documents';
import { errorsByField, zodIssuesToErrors } from '../../../schema/validation';
import { ApiError, errorMessage } from '../../lib/api';
import { useReplicache, useOnline } from '../../lib/replicache';
import { fileProblem, uploadFile } from '../../lib/upload';
import { Alert, AttachmentDropZone, Button, Dialog, Field, Input, optionsOf, Select, Textarea } from '../../ui';
import { createDocument } from './documents-api';
import { NotesCounter } from './NotesDialog';
import { loadZod } from '../../lib/deferred-zod';

/** The dialog closes this long after the success message. */
export const UPLOAD_CLOSE_MS = 1_500;

/** "Budget 2027.final.pdf" → "Budget 2027.final". */
export const titleFromFileName = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

const EMPTY: DocumentFormInput = { title: '', category: '' as DocumentFormInput['category'], is_public: true, notes: '' };

export function UploadDocumentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const rep = useReplicache();
  const online = useOnline();
  const counterId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<DocumentFormInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const busy = progress !== null && !done;

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  function reset() {
    setFile(null);
    setValues(EMPTY);
    setErrors({});
    setFailure(null);
    setProgress(null);
    setDone(false);
  }
  function close() {
    if (busy) return;
    clearTimeout(closeTimer.current);
    onClose();
    reset();
  }
  // A changed field drops its error; the rest stay until the next submit.
  const set = <K extends keyof DocumentFormInput>(key: K, value: DocumentFormInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  function choose(chosen: File) {
    setFile(chosen);
    setErrors(({ file: _, ...rest }) => rest);
    // The title follows the file until the user writes their own.
    setValues((v) => (v.title === '' || (file && v.title === titleFromFileName(file.name)) ? { ...v, title: titleFromFileName(chosen.name) } : v));
  }

  async function submit() {
    setFailure(null);
    await loadZod();
    const parsed = documentFormSchema.safeParse(values);
    const found = parsed.success ? {} : errorsByField(zodIssuesToErrors(parsed.error.issues));
    const fileError = file ? fileProblem('documents', file) : null;
    if (fileError) found.file = fileError;
    setErrors(found);
    // Title, category and file are required: one message for all of them.
    if (!file || found.title === DOCUMENT_MESSAGES.required || found.category === DOCUMENT_MESSAGES.required) return setFailure(DOCUMENT_MESSAGES.required);
    if (!parsed.success || fileError) return;

    setProgress(0);
    let stored;
    try {
      stored = await uploadFile('documents', file, { onProgress: setProgress });
    } catch (e) {
      // The server's refusal of the file where it gave one; otherwise the storage failed.
      const cause = (e as Error).cause;
      setProgress(null);
      return setFailure(cause instanceof ApiError ? errorMessage(cause, DOCUMENT_MESSAGES.uploadFailed) : DOCUMENT_MESSAGES.storageFailed);
    }
    try {
      await createDocument(stored, parsed.data);
    } catch (e) {
      setProgress(null);
      return setFailure(errorMessage(e, DOCUMENT_MESSAGES.uploadFailed));
    }
    setDone(true);
    // The new row arrives with the next pull; ask now rather than wait for the poke.
    rep?.pull().catch(() => {});
    closeTimer.current = setTimeout(() => {
      onClose();
      reset();
    }, UPLOAD_CLOSE_MS);
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Upload Document"
      description="PDF, Word documents and images up to 10 MB."
      footer={
        <>
          {!online && !done && <p className="mr-auto self-center text-xs text-neutral-600">{DOCUMENT_MESSAGES.manageOffline}</p>}
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} busy={busy} busyText="Uploading..." disabled={done || !online}>
            Upload Document
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {done && <Alert tone="success">{DOCUMENT_MESSAGES.uploaded}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <AttachmentDropZone
          feature="documents"
          label="File"
          optional={false}
          file={file}
          onSelect={choose}
          onRemove={() => setFile(null)}
          error={errors.file}
          progress={progress}
          disabled={busy || done}
        />
        <Field label="Title" required error={errors.title !== DOCUMENT_MESSAGES.required ? errors.title : undefined}>
          <Input value={values.title} onChange={(e) => set('title', e.target.value)} disabled={busy || done} required />
        </Field>
        <Field label="Category" required>
          <Select options={optionsOf(DOCUMENT_CATEGORIES)} value={values.category} onChange={(c) => set('category', c)} placeholder="Select a category" disabled={busy || done} />
        </Field>
        <fieldset className="space-y-1.5" disabled={busy || done}>
          <legend className="text-sm font-medium text-neutral-800">Access</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {[
              { value: true, label: 'Public', hint: 'Every member can see it' },
              { value: false, label: 'Board Only', hint: 'Board members only' },
            ].map((o) => (
              <label key={o.label} className="flex items-start gap-2 text-sm text-neutral-800">
                <input type="radio" name="access" className="mt-0.5 size-4 accent-accent-600" checked={values.is_public === o.value} onChange={() => set('is_public', o.value)} />
                <span>
                  {o.label}
                  <span className="block text-xs text-neutral-500">{o.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-1">
          <Field label="Notes" error={errors.notes}>
            <Textarea value={values.notes} onChange={(e) => set('notes', e.target.value)} rows={3} disabled={busy || done} aria-describedby={counterId} />
          </Field>
          <NotesCounter id={counterId} length={values.notes?.length ?? 0} />
        </div>
      </form>
    </Dialog>
  );
}
