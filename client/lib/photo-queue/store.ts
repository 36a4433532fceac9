/**
 * Where queued photos are kept: their own IndexedDB database (the blob with its metadata), apart
 * from Replicache's caches and from the service worker's Cache Storage, so a reload, a browser
 * restart or a new app version (the service worker clears only its outdated caches) leaves them in
 * place. Sign-out deletes it with the caches. Screens read it through `photo-queue/state.ts`.
 */
import type { UploadFeature } from '../../../schema/uploads';

export type QueuedPhotoState = 'queued' | 'uploading' | 'stored' | 'refused';

export interface QueuedPhoto {
  /** The client's upload id (`POST /api/<feature>/presigned-url`), also the record's key. */
  uploadId: string;
  userId: string;
  feature: UploadFeature;
  /** The key the server gives, named on the device (schema/uploads.ts storageKeyName). */
  s3Key: string;
  fileName: string;
  fileSize: number;
  /** The MIME type the PUT declares. */
  fileType: string;
  blob: Blob;
  createdAt: number;
  state: QueuedPhotoState;
  /** Why the server refused it, or the last network trouble while it waits. */
  error: string | null;
  /** Set once a change refers to it (the form was saved): until then it is only on the form. */
  attached: boolean;
}

const DB_NAME = 'hoa-photo-queue';
const STORE = 'photos';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'uploadId' });
    req.onsuccess = () => {
      // Another tab deleting the database (sign-out there) must not be blocked by this one.
      req.result.onversionchange = () => {
        req.result.close();
        opening = null;
      };
      resolve(req.result);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB is unavailable'));
    };
  });
  return opening;
}

/**
 * `use` with a transaction on the photos, made and handed over at once (a transaction with no request
 * by the end of its task commits). Another tab's sign-out deletes the database, which closes this tab's
 * connection (onversionchange), maybe after it was handed out: then the database is opened again, once,
 * as Replicache does with its own ("The database connection is closing" is an InvalidStateError).
 */
async function withTransaction<T>(mode: IDBTransactionMode, use: (tx: IDBTransaction) => Promise<T>): Promise<T> {
  const db = await open();
  let tx: IDBTransaction;
  try {
    tx = db.transaction(STORE, mode);
  } catch (e) {
    if (!(e instanceof DOMException && e.name === 'InvalidStateError')) throw e;
    if (opening && (await opening.catch(() => null)) === db) opening = null;
    tx = (await open()).transaction(STORE, mode);
  }
  return use(tx);
}

const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
  withTransaction(
    mode,
    (tx) =>
      new Promise((resolve, reject) => {
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? req.error);
        tx.onabort = () => reject(tx.error ?? new Error('The photo was not saved on this device'));
      }),
  );

export const putPhoto = (photo: QueuedPhoto) => run('readwrite', (s) => s.put(photo)).then(() => undefined);
export const allPhotos = () => run<QueuedPhoto[]>('readonly', (s) => s.getAll() as IDBRequest<QueuedPhoto[]>);
export const deletePhoto = (uploadId: string) => run('readwrite', (s) => s.delete(uploadId)).then(() => undefined);

/** Changes one photo's fields; a photo deleted meanwhile stays deleted. */
export const updatePhoto = (uploadId: string, change: Partial<QueuedPhoto>): Promise<void> =>
  withTransaction(
    'readwrite',
    (tx) =>
      new Promise<void>((resolve, reject) => {
        const store = tx.objectStore(STORE);
        const req = store.get(uploadId);
        req.onsuccess = () => {
          if (req.result) store.put({ ...(req.result as QueuedPhoto), ...change });
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      }),
  );

/** Sign-out: the photos go with the user's caches, their database with them. */
export async function clearPhotos(): Promise<void> {
  const open = opening;
  opening = null;
  await open?.then((db) => db.close()).catch(() => undefined);
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(DB_NAME);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
