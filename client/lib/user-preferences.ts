/**
 * A user's choices remembered in this browser (a dismissed banner): localStorage keys of
 * their own, which the end of a session leaves in place (client/lib/session.ts clears everything
 * else), so a choice survives sign-out and sign-in. Each key names its user: one person's choice is
 * not the next one's on a shared computer. Nothing private goes here, since it outlives the session.
 */
const PREFIX = 'hoa-pref:';

/** Whether a localStorage key is a preference (kept when a session ends). */
export const isPreferenceKey = (key: string) => key.startsWith(PREFIX);

const keyOf = (userId: string, name: string) => `${PREFIX}${userId}:${name}`;

export function readPreference(userId: string, name: string): string | null {
  try {
    return localStorage.getItem(keyOf(userId, name));
  } catch {
    return null;
  }
}

export function writePreference(userId: string, name: string, value: string) {
  try {
    localStorage.setItem(keyOf(userId, name), value);
  } catch {
    // Private mode or a full quota: not remembered beyond this visit.
  }
}
