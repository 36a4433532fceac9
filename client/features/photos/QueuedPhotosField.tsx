/**
 * The photos of a form, kept on this device until the server has them (client/lib/photo-queue): a
 * camera button (the phone's back camera) and a gallery pick, thumbnails shown at once from the
 * blob, each with its state (waiting, uploading with its share, received, not received with the
 * server's words) and a Remove button. The device's free storage is checked before each photo.
 */
import { useState } from 'react';
import type { UploadFeature } from '../../../schema/uploads';
import { addPhoto, removePhoto } from '../../lib/photo-queue/queue';
import { usePhotoQueue, type QueuedPhotoView } from '../../lib/photo-queue/state';
import { Alert, buttonClasses } from '../../ui';
import { XIcon } from '../../ui/icons';

/** A photo on the form: its queued upload and the key the server will give it. */
export interface FormPhoto {
  uploadId: string;
  s3Key: string;
  fileName: string;
  fileSize: number;
  fileType: string;
}

export const formPhotoOf = (p: Pick<QueuedPhotoView, 'uploadId' | 's3Key' | 'fileName' | 'fileSize' | 'fileType'>): FormPhoto => ({
  uploadId: p.uploadId,
  s3Key: p.s3Key,
  fileName: p.fileName,
  fileSize: p.fileSize,
  fileType: p.fileType,
});

function stateText(p: QueuedPhotoView | undefined): string {
  if (!p) return 'Waiting to upload';
  if (p.progress != null) return `Uploading ${Math.round(p.progress * 100)}%`;
  if (p.state === 'stored') return 'Uploaded';
  if (p.state === 'refused') return `Not received: ${p.error ?? ''}`;
  return 'Waiting to upload';
}

interface Props {
  feature: UploadFeature;
  label?: string;
  photos: FormPhoto[];
  onChange: (photos: FormPhoto[]) => void;
  max: number;
  error?: string;
  disabled?: boolean;
}

export function QueuedPhotosField({ feature, label = 'Photos', photos, onChange, max, error, disabled }: Props) {
  const queue = usePhotoQueue().photos;
  const [problems, setProblems] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const full = photos.length >= max;

  async function add(files: FileList | null) {
    if (!files?.length) return;
    setAdding(true);
    const next = [...photos];
    const said: string[] = [];
    for (const file of [...files]) {
      if (next.length >= max) {
        said.push(`At most ${max} photos`);
        break;
      }
      const added = await addPhoto(feature, file);
      if ('error' in added) said.push(`${file.name}: ${added.error}`);
      else {
        next.push(formPhotoOf(added.photo));
        if (added.warning) said.push(added.warning);
      }
    }
    setProblems([...new Set(said)]);
    setAdding(false);
    onChange(next);
  }

  function remove(p: FormPhoto) {
    onChange(photos.filter((x) => x.uploadId !== p.uploadId));
    void removePhoto(p.uploadId);
  }

  const pick = (name: string, extra: { capture?: 'environment'; multiple?: boolean }) => (
    <label className={buttonClasses('secondary', 'md', full || disabled || adding ? 'pointer-events-none opacity-60' : 'cursor-pointer')}>
      {name}
      <input
        type="file"
        accept="image/*"
        className="sr-only"
        disabled={full || disabled || adding}
        {...extra}
        onChange={(e) => {
          void add(e.target.files);
          e.target.value = '';
        }}
      />
    </label>
  );

  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-neutral-800">{label}</legend>
      <p className="text-sm text-neutral-500">
        Up to {max} photos. They are kept on this device and upload when you are online.
      </p>
      {photos.length > 0 && (
        <ul aria-label="Photos on this form" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((p) => {
            const q = queue.find((x) => x.uploadId === p.uploadId);
            return (
              <li key={p.uploadId} className="overflow-hidden rounded-md border border-neutral-200 bg-white">
                {q ? <img src={q.url} alt={p.fileName} className="aspect-square w-full object-cover" /> : <div className="aspect-square w-full bg-neutral-100" />}
                <div className="flex items-start justify-between gap-1 p-2 text-xs">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-neutral-800">{p.fileName}</p>
                    <p className={q?.state === 'refused' ? 'text-danger-700' : 'text-neutral-500'}>{stateText(q)}</p>
                  </div>
                  <button type="button" className="rounded p-1 text-neutral-500 hover:bg-neutral-100" aria-label={`Remove ${p.fileName}`} onClick={() => remove(p)} disabled={disabled}>
                    <XIcon className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {pick('Take photo', { capture: 'environment' })}
        {pick('Choose photos', { multiple: true })}
      </div>
      {adding && <p className="text-sm text-neutral-500">Preparing photo…</p>}
      {problems.map((p) => (
        <Alert key={p} tone="warning">
          {p}
        </Alert>
      ))}
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
