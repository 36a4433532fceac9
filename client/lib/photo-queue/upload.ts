/**
 * The queue's uploads: for each photo not yet stored, presign with its own upload id (the same key
 * every time) → PUT the blob with progress → complete. Network trouble, a 409 (not there yet), a 429
 * or a 5xx: tried again later with backoff; any other 4xx: the photo is refused with the server's
 * words. Runs while online; `whenStored` hears of each photo the server has, so held pushes go.
 */
import type { PresignedUpload } from '../../../schema/uploads';
import { api, ApiError } from '../api';
import { refreshPhotoState, setPhotoProgress } from './state';
import { allPhotos, updatePhoto, type QueuedPhoto } from './store';
import { currentUserAtom, store } from '../session';

const MAX_BACKOFF_MS = 30_000;
let running = false;
let again = false;
let backoff = 1_000;
let timer: ReturnType<typeof setTimeout> | null = null;
const storedListeners = new Set<() => void>();

/** Called after each photo the server confirmed stored (the pusher sends what waited for it). */
export function whenStored(listener: () => void): () => void {
  storedListeners.add(listener);
  return () => storedListeners.delete(listener);
}

/** A failure worth trying again (the photo stays queued), or a refusal (its message). */
type Outcome = { ok: true } | { ok: false; retry: true; error: string } | { ok: false; retry: false; error: string };

function refusalOf(e: unknown): Outcome {
  if (e instanceof ApiError && !e.isNetwork && e.status >= 400 && e.status < 500 && e.status !== 409 && e.status !== 429 && e.status !== 401) {
    return { ok: false, retry: false, error: e.errors[0]?.msg ?? e.serverMessage ?? e.message };
  }
  return { ok: false, retry: true, error: e instanceof Error ? e.message : String(e) };
}

function put(url: string, photo: QueuedPhoto): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', photo.fileType);
    xhr.upload.onprogress = (e) => e.lengthComputable && e.total > 0 && setPhotoProgress(photo.uploadId, e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Storage answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload canceled'));
    xhr.send(photo.blob);
  });
}

async function uploadOne(photo: QueuedPhoto): Promise<Outcome> {
  const base = `/api/${photo.feature}`;
  try {
    await updatePhoto(photo.uploadId, { state: 'uploading' });
    await refreshPhotoState();
    const { uploadUrl } = await api<PresignedUpload>(`${base}/presigned-url`, {
      method: 'POST',
      body: { fileName: photo.fileName, fileType: photo.fileType, fileSize: photo.fileSize, uploadId: photo.uploadId },
    });
    setPhotoProgress(photo.uploadId, 0);
    await put(uploadUrl, photo);
    await api(`${base}/uploads/${photo.uploadId}/complete`, { method: 'POST' });
    return { ok: true };
  } catch (e) {
    return refusalOf(e);
  } finally {
    setPhotoProgress(photo.uploadId, null);
  }
}

/** Uploads every waiting photo of the signed-in user, one at a time; starts again when asked meanwhile. */
export async function runPhotoQueue(): Promise<void> {
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      const me = store.get(currentUserAtom)?.id;
      if (!me || !navigator.onLine) return;
      const waiting = (await allPhotos()).filter((p) => p.userId === me && (p.state === 'queued' || p.state === 'uploading')).sort((a, b) => a.createdAt - b.createdAt);
      for (const photo of waiting) {
        const outcome = await uploadOne(photo);
        if (outcome.ok) {
          backoff = 1_000;
          await updatePhoto(photo.uploadId, { state: 'stored', error: null });
        } else if (!outcome.retry) {
          await updatePhoto(photo.uploadId, { state: 'refused', error: outcome.error });
        } else {
          await updatePhoto(photo.uploadId, { state: 'queued', error: outcome.error });
          await refreshPhotoState();
          retryLater();
          return;
        }
        await refreshPhotoState();
        for (const l of storedListeners) l();
      }
    } while (again);
  } finally {
    running = false;
  }
}

function retryLater() {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void runPhotoQueue();
  }, backoff);
  backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    backoff = 1_000;
    void runPhotoQueue();
  });
}
