/**
 * A violation's photos: on the detail screen a card of thumbnails, each opening larger, with the
 * photos the server did not receive named; on the letter each photo printed. A photo still kept on
 * this device (photo-queue) shows from its blob, also offline; others through a download URL (network).
 * A document where a photo would be is offered as a download.
 */
import { useEffect, useState } from 'react';
import { photosNotReceived } from '../../../schema/violations';
import type { SyncedAttachment } from '../../../schema/uploads';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { fileDownloadUrl } from '../../lib/download';
import { usePhotoQueue } from '../../lib/photo-queue/state';
import { useOnline } from '../../lib/replicache';
import { uploadedFileOf } from '../../lib/upload';
import { Alert, AttachmentCard, Card, CardBody, CardHeader, Dialog } from '../../ui';

const isImage = (a: SyncedAttachment) => /^(png|jpe?g|gif|webp)$/i.test(a.fileType) || /\.(png|jpe?g|gif|webp)$/i.test(a.filename);

/** Every photo in order; a value cached before there were several has only its attachment. */
export const photosOf = (v: SyncedViolation): SyncedAttachment[] => (v.photos?.length ? v.photos : v.attachment ? [v.attachment] : []);

/** Where a photo can be seen now: its blob on this device, else a download URL while online. */
function usePhotoUrl(s3Key: string): string | null {
  const local = usePhotoQueue().photos.find((p) => p.s3Key === s3Key)?.url ?? null;
  const online = useOnline();
  const [remote, setRemote] = useState<string | null>(null);
  useEffect(() => {
    if (local || !online) return;
    let live = true;
    fileDownloadUrl('violations', s3Key).then(
      (r) => live && setRemote(r.downloadUrl),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [s3Key, local, online]);
  return local ?? remote;
}

function Thumbnail({ photo, n, onOpen }: { photo: SyncedAttachment; n: number; onOpen: (url: string) => void }) {
  const url = usePhotoUrl(photo.s3Key);
  return (
    <li id={`photo-${n}`}>
      <button
        type="button"
        className="block w-full overflow-hidden rounded-md border border-neutral-200 bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600"
        onClick={() => url && onOpen(url)}
        disabled={!url}
        aria-label={`Open photo ${n}: ${photo.filename}`}
      >
        {url ? <img src={url} alt="" className="aspect-square w-full object-cover" /> : <span className="flex aspect-square items-center justify-center p-2 text-xs text-neutral-600">{photo.filename}</span>}
      </button>
    </li>
  );
}

export function ViolationPhotosCard({ violation }: { violation: SyncedViolation }) {
  const photos = photosOf(violation);
  const refused = photosNotReceived(violation.photosRefused ?? []);
  const [open, setOpen] = useState<{ url: string; name: string } | null>(null);
  const images = photos.filter(isImage);
  const files = photos.filter((p) => !isImage(p));
  if (!photos.length && !refused.length) return null;
  return (
    <>
      {images.length > 0 || refused.length > 0 ? (
        <Card>
          <CardHeader title={images.length === 1 ? 'Photo' : `Photos (${images.length})`} />
          <CardBody className="space-y-3">
            {refused.map((line) => (
              <Alert key={line} tone="warning">
                {line}
              </Alert>
            ))}
            {images.length > 0 && (
              <ul aria-label="Violation photos" className="grid grid-cols-3 gap-3 sm:grid-cols-5">
                {images.map((p, i) => (
                  <Thumbnail key={p.s3Key} photo={p} n={photos.indexOf(p) + 1 || i + 1} onOpen={(url) => setOpen({ url, name: p.filename })} />
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
      ) : null}
      {files.map((f) => (
        <AttachmentCard key={f.s3Key} feature="violations" file={uploadedFileOf(f)} />
      ))}
      <Dialog open={!!open} onClose={() => setOpen(null)} title={open?.name ?? ''} size="lg">
        {open && <img src={open.url} alt={open.name} className="max-h-[70vh] w-full rounded object-contain" />}
      </Dialog>
    </>
  );
}

function LetterPhoto({ photo }: { photo: SyncedAttachment }) {
  const url = usePhotoUrl(photo.s3Key);
  if (!isImage(photo) || !url) return <p className="text-sm text-neutral-600">Photo: {photo.filename}</p>;
  return <img src={url} alt={`Photo: ${photo.filename}`} className="max-h-80 max-w-full rounded border border-neutral-200" />;
}

/** The letter's photos, each as printed. */
export function LetterPhotos({ violation }: { violation: SyncedViolation }) {
  const photos = photosOf(violation);
  if (!photos.length) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {photos.map((p) => (
        <LetterPhoto key={p.s3Key} photo={p} />
      ))}
    </div>
  );
}
