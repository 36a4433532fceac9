import type { Pusher, PusherResult, PushRequest, Replicache } from 'replicache';
import { gatePush } from './photo-queue/gate';
import { whenStored } from './photo-queue/upload';

/** What the pusher answers while every change to send waits for a photo: not sent, tried again once the photo is stored. */
export const WAITING_FOR_PHOTOS = 'Waiting for photos to upload';

/**
 * Replicache's push (POST, auth, request id), reading what the server left for later: a capped push
 * applies a prefix and answers `{unprocessed}` (worker/sync/push.ts), a spent per-minute budget
 * answers 429 with Retry-After. Either way the rest is sent again without waiting for a new change,
 * so a long offline backlog drains by itself. A change that refers to a photo still in the device's
 * queue waits for it (photo-queue/gate.ts): the changes before it go, it and the rest go once the
 * photo is stored.
 */
export function drainingPusher(rep: Replicache<any>): Pusher {
  const again = (ms: number) => setTimeout(() => rep.closed || rep.push({ now: true }).catch(() => {}), ms);
  // A photo stored: send what waited for it (a closed cache sends nothing; its listener ends with it).
  const stop = whenStored(() => (rep.closed ? stop() : again(0)));
  return async (request, requestID) => {
    let body: PushRequest = request;
    if ('mutations' in request && request.mutations.length) {
      const gated = await gatePush(request.mutations);
      if (!gated.send.length && gated.held) return { httpRequestInfo: { httpStatusCode: 503, errorMessage: WAITING_FOR_PHOTOS } };
      body = { ...request, mutations: gated.send } as PushRequest;
    }
    const res = await fetch(rep.pushURL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: rep.auth, 'X-Replicache-RequestID': requestID },
      body: JSON.stringify(body),
    });
    const httpRequestInfo = { httpStatusCode: res.status, errorMessage: res.ok ? '' : await res.text() };
    if (res.status === 429) again(Math.max(1, Number(res.headers.get('Retry-After')) || 5) * 1000);
    if (!res.ok) return { httpRequestInfo };
    const answer = (await res.json().catch(() => ({}))) as { unprocessed?: number; error?: string };
    if ((answer.unprocessed ?? 0) > 0) again(0);
    // Only Replicache's own answers (ClientStateNotFound, VersionNotSupported) are its `response`.
    return typeof answer.error === 'string' ? { httpRequestInfo, response: answer as PusherResult['response'] } : { httpRequestInfo };
  };
}
