/**
 * What the screens show of the photo queue: the signed-in user's queued photos (metadata, an object
 * URL of each blob for its thumbnail) and the share sent of the one uploading. Read from IndexedDB
 * after every change; `usePhotoQueue` renders from it.
 */
import { useSyncExternalStore } from 'react';
import { currentUserAtom, store } from '../session';
import { allPhotos, type QueuedPhoto } from './store';

export type QueuedPhotoView = Omit<QueuedPhoto, 'blob'> & {
  /** An object URL of the blob kept on this device. */
  url: string;
  /** 0 to 1 while its PUT is under way. */
  progress: number | null;
};

interface Snapshot {
  photos: QueuedPhotoView[];
}

let snapshot: Snapshot = { photos: [] };
const listeners = new Set<() => void>();
const urls = new Map<string, string>();
const progress = new Map<string, number>();

/**
 * Reads the queue again and tells the screens. Reads run one after another, so an older read never
 * lands after a newer one; a read IndexedDB refuses keeps what the screens show (their object URLs
 * stay valid) rather than emptying it.
 */
export function refreshPhotoState(): Promise<void> {
  reading = reading.then(readPhotoState, readPhotoState);
  return reading;
}

let reading: Promise<void> = Promise.resolve();

async function readPhotoState(): Promise<void> {
  const me = store.get(currentUserAtom)?.id;
  let photos: QueuedPhoto[] = [];
  if (me) {
    try {
      photos = (await allPhotos()).filter((p) => p.userId === me);
    } catch {
      return;
    }
  }
  const ids = new Set(photos.map((p) => p.uploadId));
  for (const [id, url] of urls) {
    if (!ids.has(id)) {
      URL.revokeObjectURL(url);
      urls.delete(id);
    }
  }
  const views = photos
    .sort((a, b) => a.createdAt - b.createdAt)
    .map(({ blob, ...p }) => {
      if (!urls.has(p.uploadId)) urls.set(p.uploadId, URL.createObjectURL(blob));
      return { ...p, url: urls.get(p.uploadId)!, progress: progress.get(p.uploadId) ?? null };
    });
  snapshot = { photos: views };
  for (const l of listeners) l();
}

// Another user (or none) signed in: show that user's photos.
store.sub(currentUserAtom, () => void refreshPhotoState());

/** The upload's progress (null when done). */
export function setPhotoProgress(uploadId: string, fraction: number | null) {
  if (fraction == null) progress.delete(uploadId);
  else progress.set(uploadId, fraction);
  snapshot = { photos: snapshot.photos.map((p) => (p.uploadId === uploadId ? { ...p, progress: fraction } : p)) };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  if (listeners.size === 1) void refreshPhotoState();
  return () => listeners.delete(l);
};

export const usePhotoQueue = () => useSyncExternalStore(subscribe, () => snapshot);

/** The photos still to arrive at the server (not stored, not refused), for the queue indicator. */
export const waitingPhotos = (photos: readonly QueuedPhotoView[]) => photos.filter((p) => p.state === 'queued' || p.state === 'uploading');
