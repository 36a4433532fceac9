/**
 * The form kit's one-file attachment: the values hold the file chosen on the
 * screen and, once uploaded, the stored file. The file is uploaded once, between the form's checks and
 * its mutation (useSyncedForm's `before`), so a mutation that fails afterwards does not upload it again.
 */
import { useRef, useState } from 'react';
import type { UploadFeature } from '../../schema/uploads';
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
export function useFormAttachment(feature: UploadFeature, failure?: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useRef<UploadedFile | null>(null);

  async function upload<V extends AttachmentValues>(v: V): Promise<Partial<V> | void> {
    if (!v.file) return;
    try {
      uploaded.current = await uploadFile(feature, v.file, { onProgress: setProgress });
      return { attachment: uploaded.current, file: null } as Partial<V>;
    } catch (e) {
      throw failure ? new Error(failure, { cause: e }) : e;
    } finally {
      setProgress(null);
    }
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
      />
    );
  }

  return { uploaded, upload, zone };
}
