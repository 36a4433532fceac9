import type { Pusher, PusherResult, Replicache } from 'replicache';

/**
 * Replicache's push (POST, auth, request id), reading what the server left for later: a capped push
 * applies a prefix and answers `{unprocessed}` (worker/sync/push.ts), a spent per-minute budget
 * answers 429 with Retry-After. Either way the rest is sent again without waiting for a new change,
 * so a long offline backlog drains by itself.
 */
export function drainingPusher(rep: Replicache<any>): Pusher {
  const again = (ms: number) => setTimeout(() => rep.closed || rep.push().catch(() => {}), ms);
  return async (request, requestID) => {
    const res = await fetch(rep.pushURL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: rep.auth, 'X-Replicache-RequestID': requestID },
      body: JSON.stringify(request),
    });
    const httpRequestInfo = { httpStatusCode: res.status, errorMessage: res.ok ? '' : await res.text() };
    if (res.status === 429) again(Math.max(1, Number(res.headers.get('Retry-After')) || 5) * 1000);
    if (!res.ok) return { httpRequestInfo };
    const body = (await res.json().catch(() => ({}))) as { unprocessed?: number; error?: string };
    if ((body.unprocessed ?? 0) > 0) again(0);
    // Only Replicache's own answers (ClientStateNotFound, VersionNotSupported) are its `response`.
    return typeof body.error === 'string' ? { httpRequestInfo, response: body as PusherResult['response'] } : { httpRequestInfo };
  };
}
