import { useOnline, usePendingCount } from '../../lib/replicache';
import { usePhotoQueue, waitingPhotos } from '../../lib/photo-queue/state';

export const OFFLINE_TEXT = 'Offline — changes will sync when you reconnect';

export const pendingText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to sync`;

/** One decimal of a MB; under 0.1 MB in KB, so a small photo never reads "0.0 MB". */
const megabytes = (bytes: number) => (bytes < 104_858 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** "3 photos (4.2 MB) and 5 changes waiting"; without photos, the changes alone as before. */
export function queueText(photos: { count: number; bytes: number }, changes: number): string {
  if (photos.count === 0) return pendingText(changes);
  const p = `${photos.count} ${photos.count === 1 ? 'photo' : 'photos'} (${megabytes(photos.bytes)})`;
  return changes > 0 ? `${p} and ${changes} ${changes === 1 ? 'change' : 'changes'} waiting` : `${p} waiting to upload`;
}

/**
 * The quiet connection bar under the navigation: shown while offline, or while local changes or
 * photos wait for the server (with the share sent of the photo uploading). Nothing shows when all is
 * in sync, but the live region stays in the page: a screen reader announces what appears in a region
 * it already knows, not a region that appears with its words.
 */
export function ConnectionBar() {
  const online = useOnline();
  const pending = usePendingCount();
  const photos = waitingPhotos(usePhotoQueue().photos);
  const quiet = online && pending === 0 && photos.length === 0;
  const uploading = photos.find((p) => p.progress != null);
  return (
    <div role="status" aria-live="polite" className={quiet ? undefined : 'border-b border-warning-200 bg-warning-50 text-sm text-warning-800'}>
      {!quiet && (
        <div className="mx-auto flex w-full max-w-[1200px] flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
          {!online && (
            <span className="flex items-center gap-2 font-medium">
              <span aria-hidden className="size-2 rounded-full bg-warning-600" />
              {OFFLINE_TEXT}
            </span>
          )}
          {(pending > 0 || photos.length > 0) && <span className="tabular">{queueText({ count: photos.length, bytes: photos.reduce((n, p) => n + p.fileSize, 0) }, pending)}</span>}
          {uploading && (
            <span className="tabular">
              Uploading {uploading.fileName}: {Math.round((uploading.progress ?? 0) * 100)}%
            </span>
          )}
        </div>
      )}
    </div>
  );
}
