/**
 * The optional attachment of an announcement (community §2, §5): drag a file onto the area or click
 * to choose one; the chosen (or already uploaded) file is shown with an X to remove it. The §5 checks
 * run at once, the first error shows in red under the area. Uploading needs a connection, so the
 * area is disabled offline and says why.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { checkUpload, fileExtension, UPLOAD_MESSAGES, UPLOAD_RULES } from '../../../schema/uploads';
import { fileSizeText } from '../../../schema/uploads';
import { cx } from '../../ui';
import { XIcon } from '../../ui/icons';

/** Attachment metadata as the API and the cache hold it once uploaded. */
export interface AttachmentMeta {
  s3Key: string;
  filename: string;
  fileSize: number;
  fileType: string;
}

/** Some systems report no MIME type for Office files; the extension then decides what we declare. */
const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** The MIME type sent to the presigned-url call and as the PUT's Content-Type. */
export const declaredType = (file: File) => file.type || MIME_BY_EXTENSION[fileExtension(file.name)] || 'application/octet-stream';

/** The first §5 problem with a chosen file, or null. */
export function attachmentError(file: File | null | undefined): string | null {
  if (!file) return UPLOAD_MESSAGES.noFile;
  return checkUpload('announcements', { fileName: file.name, fileType: declaredType(file), fileSize: file.size })?.message ?? null;
}

const PaperclipIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-5" aria-hidden="true">
    <path d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l8-8" />
  </svg>
);

export function AttachmentDropZone({
  file,
  existing,
  onSelect,
  onRemove,
  offline,
  disabled = false,
}: {
  /** A file chosen on this screen, uploaded at submit time. */
  file: File | null;
  /** The attachment already stored (edit screen), shown when no new file is chosen. */
  existing: AttachmentMeta | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
  offline: boolean;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const blocked = disabled || offline;

  function choose(files: FileList | null) {
    const chosen = files?.[0] ?? null;
    const problem = attachmentError(chosen);
    setError(problem);
    if (!problem && chosen) onSelect(chosen);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (blocked) return;
    choose(e.dataTransfer.files);
  }

  const shown = file ? { name: file.name, size: file.size, type: fileExtension(file.name) } : existing ? { name: existing.filename, size: existing.fileSize, type: existing.fileType } : null;

  return (
    <div className="space-y-1.5">
      <p id={labelId} className="block text-sm font-medium text-neutral-800">
        Attachment <span className="font-normal text-neutral-500">(optional)</span>
      </p>
      {shown ? (
        <div className="flex items-center gap-3 rounded-md border border-neutral-300 bg-white px-3 py-2.5 shadow-card">
          <span className="text-neutral-500">
            <PaperclipIcon />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-neutral-900">{shown.name}</p>
            <p className="tabular text-xs text-neutral-600">
              {shown.type.toUpperCase()} · {fileSizeText(shown.size)}
            </p>
          </div>
          <button
            type="button"
            onClick={() => {
              setError(null);
              onRemove();
            }}
            disabled={disabled}
            className="rounded p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-50"
            aria-label={`Remove attachment ${shown.name}`}
          >
            <XIcon className="size-4" />
          </button>
        </div>
      ) : (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            if (!blocked) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cx(
            'flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center',
            blocked ? 'border-neutral-200 bg-neutral-100 text-neutral-500' : dragging ? 'border-accent-600 bg-accent-50' : error ? 'border-danger-600 bg-white' : 'border-neutral-300 bg-white',
          )}
        >
          <span className={blocked ? 'text-neutral-400' : 'text-neutral-500'}>
            <PaperclipIcon />
          </span>
          <p className="text-sm text-neutral-700">
            <button
              type="button"
              disabled={blocked}
              onClick={() => inputRef.current?.click()}
              aria-describedby={cx(hintId, error && errorId) || undefined}
              className="font-medium text-accent-700 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-neutral-500 disabled:no-underline"
            >
              Choose a file
            </button>{' '}
            or drag it here
          </p>
          <p id={hintId} className="text-xs text-neutral-600">
            {offline ? 'Attachments need a connection. Reconnect to add a file.' : 'PDF, DOC, DOCX, JPG, PNG or GIF, up to 10\u00a0MB'}
          </p>
          <input
            ref={inputRef}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-labelledby={labelId}
            accept={UPLOAD_RULES.announcements.accept}
            disabled={blocked}
            onChange={(e) => {
              choose(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
