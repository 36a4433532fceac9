/**
 * Adding photos to the queue and taking them out. A photo is prepared on the device (prepare.ts),
 * checked against the feature's upload rules, kept in IndexedDB with the key the server will give it
 * (named here with the shared rule, from the user's HOA and the photo's own upload id), and uploaded
 * at once when online (upload.ts). Before a photo is kept the device's free storage is checked, so
 * the warning comes before anything could be lost.
 */
import { checkUpload, storageKeyName, type UploadFeature } from '../../../schema/uploads';
import { currentUserAtom, store } from '../session';
import { preparePhoto } from './prepare';
import { refreshPhotoState } from './state';
import { allPhotos, deletePhoto, putPhoto, updatePhoto, type QueuedPhoto } from './store';
import { runPhotoQueue } from './upload';

/** Below this much free space the form warns before each photo. */
export const LOW_STORAGE_BYTES = 50 * 1024 * 1024;
export const lowStorageText = (bytesLeft: number) => `This device is almost out of storage: ${Math.max(0, Math.floor(bytesLeft / 1024 / 1024))} MB left`;
/** A day: a photo no change took by then (its form abandoned) is dropped here, as the server drops its copy. */
const UNTAKEN_MS = 86_400_000;

/** Free bytes on this device for the app, or null where the browser does not say. */
export async function storageLeft(): Promise<number | null> {
  try {
    const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
    return quota == null ? null : quota - (usage ?? 0);
  } catch {
    return null;
  }
}

export type AddResult = { photo: QueuedPhoto; warning: string | null } | { error: string };

/** Prepares, checks and keeps one photo; `error` is the message to show in place of it. */
export async function addPhoto(feature: UploadFeature, file: File): Promise<AddResult> {
  const me = store.get(currentUserAtom);
  if (!me) return { error: 'Sign in again to add photos' };
  const prepared = await preparePhoto(file);
  const problem = checkUpload(feature, { fileName: prepared.fileName, fileType: prepared.fileType, fileSize: prepared.blob.size });
  if (problem) return { error: problem.message };
  const left = await storageLeft();
  // Twice its size: the blob and IndexedDB's own copy while it writes.
  if (left != null && left < prepared.blob.size * 2) return { error: lowStorageText(left) };
  const uploadId = crypto.randomUUID();
  const photo: QueuedPhoto = {
    uploadId,
    userId: me.id,
    feature,
    s3Key: storageKeyName(me.hoa_id, feature, prepared.fileName, uploadId),
    fileName: prepared.fileName,
    fileSize: prepared.blob.size,
    fileType: prepared.fileType,
    blob: prepared.blob,
    createdAt: Date.now(),
    state: 'queued',
    error: null,
    attached: false,
  };
  try {
    await putPhoto(photo);
  } catch (e) {
    return { error: `The photo could not be kept on this device: ${e instanceof Error ? e.message : String(e)}` };
  }
  await refreshPhotoState();
  void runPhotoQueue();
  return { photo, warning: left != null && left - photo.fileSize < LOW_STORAGE_BYTES ? lowStorageText(left - photo.fileSize) : null };
}

/** Taken off the form before it was saved. */
export async function removePhoto(uploadId: string): Promise<void> {
  await deletePhoto(uploadId);
  await refreshPhotoState();
}

/** The form was saved: a change now refers to these photos. */
export async function markAttached(uploadIds: readonly string[]): Promise<void> {
  for (const id of uploadIds) await updatePhoto(id, { attached: true });
  await refreshPhotoState();
}

/**
 * Drops the photos the device no longer needs: stored or refused, and no waiting change refers to
 * their keys (the server has the change), or not taken by any change within a day.
 */
export async function dropDeliveredPhotos(pendingKeys: ReadonlySet<string>, now = Date.now()): Promise<void> {
  const me = store.get(currentUserAtom)?.id;
  let dropped = false;
  for (const p of await allPhotos()) {
    if (p.userId !== me) continue;
    const done = p.state === 'stored' || p.state === 'refused';
    if ((done && p.attached && !pendingKeys.has(p.s3Key)) || (!p.attached && now - p.createdAt > UNTAKEN_MS)) {
      await deletePhoto(p.uploadId);
      dropped = true;
    }
  }
  if (dropped) await refreshPhotoState();
}
