/**
 * The form kit's one-file attachment: the values hold the file chosen on the
 * screen and, once uploaded, the stored file. The file is uploaded once, between the form's checks and
 * its mutation (useSyncedForm's `before`), so a mutation that fails afterwards does not upload it again.
 * With `queuePhotos` a photo is kept on the device instead (photo-queue) and the mutation names its key
 * at once, also offline; the push waits for the upload.
 */
import { useRef, useState } from 'react';
import { fileExtension, type UploadFeature } from '../../schema/uploads';
import { addPhoto, markAttached } from './photo-queue/queue';
import { AttachmentDropZone } from '../ui/AttachmentDropZone';
import { uploadFile, type UploadedFile } from './upload';

export interface AttachmentValues {
  /** A file chosen on this screen, uploaded when the form is saved. */
  file: File | null;
  /** The stored file (an edit screen), or the one uploaded at submit time. */
  attachment: UploadedFile | null;
}

/** What the drop zone needs of the synced form (useSyncedForm's result). */
interface AttachmentForm<V extends AttachmentValues> {
  values: V;
  update: (change: (v: V) => V, clear: readonly (keyof V)[]) => void;
  errors: Partial<Record<keyof V, string>>;
  busy: boolean;
}

/**
 * `upload` is the form's `before` step (with `failure`, the form says that instead of the upload's own
 * error); `uploaded` the stored file, for an optimistic row; `zone(form)` the drop zone on the form's values.
 */
export function useFormAttachment(feature: UploadFeature, failure?: string, { queuePhotos = false }: { queuePhotos?: boolean } = {}) {
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useRef<UploadedFile | null>(null);
  const queued = useRef<string | null>(null);

  async function upload<V extends AttachmentValues>(v: V): Promise<Partial<V> | void> {
    if (!v.file) return;
    try {
      uploaded.current = queuePhotos && v.file.type.startsWith('image/') ? await queuePhoto(v.file) : await uploadFile(feature, v.file, { onProgress: setProgress });
      return { attachment: uploaded.current, file: null } as Partial<V>;
    } catch (e) {
      throw failure ? new Error(failure, { cause: e }) : e;
    } finally {
      setProgress(null);
    }
  }

  /** A photo kept on the device (`queuePhotos`): its key now, the upload when online; the mutation waits for it. */
  async function queuePhoto(file: File): Promise<UploadedFile> {
    const added = await addPhoto(feature, file);
    if ('error' in added) throw new Error(added.error);
    queued.current = added.photo.uploadId;
    return { s3Key: added.photo.s3Key, fileName: added.photo.fileName, fileSize: added.photo.fileSize, fileType: fileExtension(added.photo.fileName) };
  }

  /** After the mutation: a queued photo is now taken by a change (kept on the device until the server has both). */
  async function taken() {
    if (queued.current) await markAttached([queued.current]);
    queued.current = null;
  }

  function zone<V extends AttachmentValues>({ values, update, errors, busy }: AttachmentForm<V>) {
    return (
      <AttachmentDropZone
        feature={feature}
        file={values.file}
        existing={values.attachment}
        onSelect={(file) => update((v) => ({ ...v, file }), ['file', 'attachment'])}
        onRemove={() => update((v) => ({ ...v, file: null, attachment: null }), ['file', 'attachment'])}
        error={errors.attachment}
        progress={progress}
        disabled={busy}
        photosOffline={queuePhotos}
      />
    );
  }

  return { uploaded, upload, taken, zone };
}
