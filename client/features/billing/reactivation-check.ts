/**
 * The reactivation check of a superadmin: cached 5 minutes in the browser; while
 * it runs the signed-in copy of the user decides; a failed check lets the user proceed.
 */
import { useEffect } from 'react';
import type { ApiUser } from '../../../schema/auth';
import { updateCurrentUser } from '../../lib/session';
import { billingApi } from './billing-api';

export const REACTIVATION_CACHE_MS = 5 * 60_000;
const KEY = 'hoa.reactivationStatus';

function cached(userId: string): boolean | null {
  try {
    const c = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      userId: string;
      needs: boolean;
      at: number;
    } | null;
    return c && c.userId === userId && Date.now() - c.at < REACTIVATION_CACHE_MS ? c.needs : null;
  } catch {
    return null;
  }
}

export function cacheReactivation(user: ApiUser, needs: boolean) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ userId: user.id, needs, at: Date.now() }));
  } catch {
    // Checked again next time.
  }
  if (user.needsReactivation !== needs) updateCurrentUser({ ...user, needsReactivation: needs });
}

export function clearReactivationCache() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing cached then.
  }
}

/**
 * Whether the guard sends this user to /reactivation: the user's flag, which the check (at most every
 * 5 minutes) and every sign-in or refresh bring up to date (cacheReactivation writes it onto the user).
 */
export function useNeedsReactivation(user: ApiUser | null): boolean {
  const superadmin = user?.role === 'superadmin';
  useEffect(() => {
    if (!user || !superadmin || cached(user.id) !== null) return;
    billingApi.reactivationStatus().then(
      (r) => cacheReactivation(user, r.needsReactivation),
      // A failed check lets the user proceed.
      () => cacheReactivation(user, false),
    );
    // The user's identity decides; a refreshed copy of the same user does not check again.
  }, [user?.id, superadmin]);
  return !!user && superadmin && user.needsReactivation;
}
