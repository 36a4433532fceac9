/**
 * Entering another HOA of the same account (docs/decisions/241-one-account-several-hoas.md): a
 * session is one membership's, and each membership has its own local cache (named after it), so
 * switching adopts the new session and starts the page afresh: no screen, list or memory of one HOA
 * survives into the other. The HOA left keeps its cache, with any change still waiting to be sent.
 */
import type { MembershipChoice, SessionPayload } from '../../schema/auth';
import { api } from './api';
import { signIn } from './session';
import { flushOpenCache } from './sync-state';

/** The account's HOAs (online only). */
export const fetchMemberships = () => api<{ memberships: MembershipChoice[] }>('/api/auth/memberships').then((r) => r.memberships);

/** Adopts a session of another HOA (a switch, an invitation accepted) and opens its dashboard. */
export async function enterHoa(payload: SessionPayload): Promise<void> {
  // The HOA left keeps its changes: on disk before the page moves.
  await flushOpenCache();
  signIn(payload);
  window.location.assign('/dashboard');
}

/** `POST /api/auth/switch`, then the other HOA's dashboard. */
export async function switchHoa(hoaId: string): Promise<void> {
  await enterHoa(await api<SessionPayload>('/api/auth/switch', { method: 'POST', body: { hoa_id: hoaId } }));
}
