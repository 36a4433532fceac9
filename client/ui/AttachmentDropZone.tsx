/**
 * The one-file attachment of a form: drag a file onto the area or click to
 * choose one; the chosen (or already stored) file shows with an X to remove it. The feature's rules
 * of schema/uploads.ts run at once and the first error shows in red under the area. Uploading needs
 * a connection, so the area is disabled offline and says why; while the form uploads, the progress.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { fileExtension, UPLOAD_RULES, type UploadFeature } from '../../schema/uploads';
import { useOnline } from '../lib/replicache';
import { fileProblem, uploadHint } from '../lib/upload';
import { cx } from './cx';
import { FileSummary, type ShownFile } from './FileSummary';
import { PaperclipIcon, XIcon } from './icons';

export const UPLOAD_OFFLINE_TEXT = 'Attachments need a connection. Reconnect to add a file.';
export const UPLOAD_ON_SAVE_OFFLINE_TEXT = 'The chosen file is uploaded when you save, which needs a connection.';
/** Where photos queue on the device (the form's `photosOffline`): only other files need the network. */
export const PHOTOS_OFFLINE_TEXT = 'Photos are kept on this device until you reconnect; other files need a connection.';
const isPhoto = (f: File) => f.type.toLowerCase().startsWith('image/');

export function AttachmentDropZone({
  feature,
  file,
  existing = null,
  onSelect,
  onRemove,
  label = 'Attachment',
  optional = true,
  error: formError,
  progress = null,
  disabled = false,
  photosOffline = false,
}: {
  feature: UploadFeature;
  /** A file chosen on this screen, uploaded when the form is saved. */
  file: File | null;
  /** The file already stored (an edit screen), shown while no new one is chosen. */
  existing?: ShownFile | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
  label?: string;
  optional?: boolean;
  /** An error the form found (shown when the zone has none of its own). */
  error?: string;
  /** The share uploaded, 0 to 1, while the form uploads the chosen file. */
  progress?: number | null;
  disabled?: boolean;
  /** The form keeps a photo on the device (photo-queue) when offline: the area stays open for photos. */
  photosOffline?: boolean;
}) {
  const online = useOnline();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();
  const hintId = useId();
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const blocked = disabled || (!online && !photosOffline);
  const error = choiceError ?? formError ?? null;

  function choose(files: FileList | null) {
    const chosen = files?.[0] ?? null;
    const problem = !online && chosen && !isPhoto(chosen) ? UPLOAD_OFFLINE_TEXT : fileProblem(feature, chosen);
    setChoiceError(problem);
    if (!problem && chosen) onSelect(chosen);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!blocked) choose(e.dataTransfer.files);
  }

  const shown: ShownFile | null = file ? { fileName: file.name, fileSize: file.size, fileType: fileExtension(file.name) } : existing;
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="space-y-1.5">
      <p id={labelId} className="block text-sm font-medium text-neutral-800">
        {label} {optional && <span className="font-normal text-neutral-500">(optional)</span>}
      </p>
      {shown ? (
        <div className="rounded-md border border-neutral-300 bg-white px-3 py-2.5 shadow-card">
          <div className="flex items-center gap-3">
            <PaperclipIcon className="size-5 shrink-0 text-neutral-500" />
            <FileSummary file={shown} className="flex-1" small />
            <button
              type="button"
              onClick={() => {
                setChoiceError(null);
                onRemove();
              }}
              disabled={disabled}
              className="rounded p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-50"
              aria-label={`Remove attachment ${shown.fileName}`}
            >
              <XIcon className="size-4" />
            </button>
          </div>
          {percent !== null && (
            <div className="mt-2 flex items-center gap-3">
              <div
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-neutral-200"
                role="progressbar"
                aria-label={`Uploading ${shown.fileName}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <span className="tabular text-xs text-neutral-600">Uploading... {percent}%</span>
            </div>
          )}
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
          <PaperclipIcon className={cx('size-5', blocked ? 'text-neutral-400' : 'text-neutral-500')} />
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
            {online ? uploadHint(feature) : photosOffline ? PHOTOS_OFFLINE_TEXT : UPLOAD_OFFLINE_TEXT}
          </p>
          <input
            ref={inputRef}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-labelledby={labelId}
            accept={UPLOAD_RULES[feature].accept}
            disabled={blocked}
            onChange={(e) => {
              choose(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      )}
      {file && !online && !(photosOffline && isPhoto(file)) && <p className="text-sm text-warning-800">{UPLOAD_ON_SAVE_OFFLINE_TEXT}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
