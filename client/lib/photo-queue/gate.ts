/**
 * The push gate: a change that refers to a queued photo is not sent before that photo is stored.
 * The pusher asks `gatePush` about the mutations it is about to send: the ones before the first
 * change still waiting for a photo go (the rest are sent again later, in order); a photo the server
 * refused is taken out of the change's arguments and named in `photos_refused`, so the violation
 * arrives without it, marked.
 */
import { allPhotos, type QueuedPhoto } from './store';
import { runPhotoQueue } from './upload';

interface Mutation {
  name: string;
  args: unknown;
}

type PhotoArgs = { photo_url?: string | null; photos?: string[]; photos_refused?: { file_name: string; reason: string }[] };

/** The storage keys a change's arguments refer to. */
export function keysOf(args: unknown): string[] {
  const a = (args ?? {}) as PhotoArgs;
  return [...(a.photo_url ? [a.photo_url] : []), ...(Array.isArray(a.photos) ? a.photos : [])];
}

/** The arguments without the refused photos' keys, which `photos_refused` names with the reason. */
function withoutRefused(args: PhotoArgs, refused: Pick<QueuedPhoto, 's3Key' | 'fileName' | 'error'>[]): PhotoArgs {
  const gone = new Set(refused.map((p) => p.s3Key));
  const next: PhotoArgs = { ...args };
  if (next.photo_url && gone.has(next.photo_url)) next.photo_url = null;
  if (Array.isArray(next.photos)) {
    next.photos = next.photos.filter((k) => !gone.has(k));
    next.photos_refused = [...(next.photos_refused ?? []), ...refused.map((p) => ({ file_name: p.fileName, reason: p.error ?? 'Refused' }))];
  }
  return next;
}

/**
 * `send`: the mutations to push now (refused photos taken out); `held`: whether some wait for a photo
 * (sent after it is stored).
 */
export async function gatePush<M extends Mutation>(mutations: readonly M[]): Promise<{ send: M[]; held: boolean }> {
  if (!mutations.some((m) => keysOf(m.args).length)) return { send: [...mutations], held: false };
  const gated = gateWith(mutations, new Map((await allPhotos().catch(() => [])).map((p) => [p.s3Key, p])));
  if (gated.held) void runPhotoQueue();
  return gated;
}

/** The gate's rule on the device's photos by key (a pure function). */
export function gateWith<M extends Mutation>(mutations: readonly M[], byKey: ReadonlyMap<string, Pick<QueuedPhoto, 's3Key' | 'state' | 'fileName' | 'error'>>): { send: M[]; held: boolean } {
  const send: M[] = [];
  for (const m of mutations) {
    const queued = keysOf(m.args).flatMap((k) => byKey.get(k) ?? []);
    if (queued.some((p) => p.state === 'queued' || p.state === 'uploading')) return { send, held: true };
    const refused = queued.filter((p) => p.state === 'refused');
    send.push(refused.length ? { ...m, args: withoutRefused(m.args as PhotoArgs, refused) } : m);
  }
  return { send, held: false };
}
