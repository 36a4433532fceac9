/**
 * The thread's compose box: a rich-text editor, Send Message disabled while the
 * message is empty, "Message cannot be empty" for one with no visible text, and an optional
 * attachment where the area's messages take one (uploaded when sending, which needs a connection; or,
 * with `queuePhotos`, a photo kept on the device and uploaded when online, the message waiting for
 * it). The message is written through the area's mutator, also offline.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { threadMessageField } from '../../../schema/threads';
import { fileExtension, type UploadFeature } from '../../../schema/uploads';
import { addPhoto, markAttached } from '../../lib/photo-queue/queue';
import { uploadFile, type UploadedFile } from '../../lib/upload';
import { Alert, AttachmentDropZone, Button } from '../../ui';
import { RichTextField } from '../../ui/RichTextField';
import { loadZod } from '../../lib/deferred-zod';

export interface ComposedMessage {
  /** The checked rich text (the server sanitises it again). */
  message: string;
  attachment: UploadedFile | null;
  /** The board's internal note (the Internal toggle); false where the screen shows no toggle. */
  internal: boolean;
}

export interface MessageComposerProps {
  /** The area's mutator call; a rejection shows `failureText`. */
  onSend: (composed: ComposedMessage) => Promise<void>;
  /** "Failed to send message". */
  failureText: string;
  /** The area's upload feature when its messages take a file. */
  attachmentFeature?: UploadFeature;
  label?: string;
  /** Buttons beside Send Message (the spec's "Back to Request"). */
  actions?: ReactNode;
  /** Offer the Internal toggle beside Send Message (the board, where the area has internal notes); off by default. */
  internalToggle?: boolean;
  /** A photo goes through the device's photo queue (also offline; the message waits for it); other files upload when sending. */
  queuePhotos?: boolean;
}

export function MessageComposer({ onSend, failureText, attachmentFeature, label = 'New message', actions, internalToggle = false, queuePhotos = false }: MessageComposerProps) {
  const [html, setHtml] = useState('');
  const [internal, setInternal] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(e: FormEvent) {
    e.preventDefault();
    setError(null);
    await loadZod();
    const checked = threadMessageField.safeParse(html);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      let attachment: UploadedFile | null = null;
      let queued: string | null = null;
      if (file && attachmentFeature && queuePhotos && file.type.startsWith('image/')) {
        const added = await addPhoto(attachmentFeature, file);
        if ('error' in added) throw new Error(added.error);
        queued = added.photo.uploadId;
        attachment = { s3Key: added.photo.s3Key, fileName: added.photo.fileName, fileSize: added.photo.fileSize, fileType: fileExtension(added.photo.fileName) };
        setFile(null);
      } else if (file && attachmentFeature) {
        try {
          attachment = await uploadFile(attachmentFeature, file, { onProgress: setProgress });
        } finally {
          setProgress(null);
        }
        // Uploaded once: a failed send afterwards must not upload it again.
        setFile(null);
      }
      try {
        await onSend({ message: checked.data, attachment, internal: internalToggle && internal });
      } catch (cause) {
        throw new Error(failureText, { cause });
      }
      if (queued) await markAttached([queued]);
      setHtml('');
      setInternal(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : failureText);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={send} noValidate className="space-y-3">
      <RichTextField
        label={label}
        value={html}
        onChange={(next) => {
          setHtml(next);
          setFieldError(null);
        }}
        error={fieldError}
        disabled={busy}
        compact
      />
      {attachmentFeature && (
        <AttachmentDropZone feature={attachmentFeature} file={file} onSelect={setFile} onRemove={() => setFile(null)} progress={progress} disabled={busy} photosOffline={queuePhotos} />
      )}
      {error && (
        <Alert tone="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row">{actions}</div>
        <div className="flex items-center justify-end gap-3">
          {internalToggle && (
            <label className="inline-flex items-center gap-2 text-sm text-neutral-700">
              <input type="checkbox" role="switch" checked={internal} onChange={(e) => setInternal(e.target.checked)} disabled={busy} className="size-4 accent-warning-600" />
              Internal
            </label>
          )}
          <Button type="submit" disabled={isRichTextEmpty(html)} busy={busy} busyText="Sending...">
            Send Message
          </Button>
        </div>
      </div>
    </form>
  );
}
