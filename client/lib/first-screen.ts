/**
 * What a screen showed at the last visit, kept in localStorage so that a reload paints it whole
 * before the local cache's first read is in: its figures and notices appear in the first paint
 * instead of after skeletons that the real values then push down (a vote banner landing above
 * painted cards moved them by its height). Lists keep their first rows the same way
 * (first-rows.ts); both write through `keepValue`, so nothing of a session is written back after
 * sign-out, which clears localStorage (client/lib/session.ts).
 *
 * Per cache (user and schema) and name. Shown only until the screen's first live value of this page
 * load: from then on the live value alone, which is kept as it changes.
 */
import { useEffect, useRef, useState } from 'react';
import { cacheIdOf, cacheName } from './cache-name';
import { useCacheFill } from './replicache';
import { useCurrentUser } from './session';
import { SIGNED_IN_KEY } from './session-keys';

/** A kept value: parsed, or null when there is none (or storage fails). */
export function readKeptValue(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` while a session is signed in; a full quota or no storage keeps nothing. */
export function keepValue(key: string, value: unknown): void {
  keepText(key, JSON.stringify(value));
}

function keepText(key: string, text: string): void {
  try {
    // Signed out meanwhile (the storage was cleared): nothing of the session may be written back.
    if (localStorage.getItem(SIGNED_IN_KEY) === null) return;
    localStorage.setItem(key, text);
  } catch {
    // The next reload reads the cache without a head start.
  }
}

/** Where a screen's kept values are: `hoa-first-screen:<cache>:<name>`. */
export const FIRST_SCREEN_PREFIX = 'hoa-first-screen:';

/** This page load's kept values by storage key: read once, null once the live value is in. */
const shown = new Map<string, unknown>();
/** The text last kept per key: a screen renders its value again and again, mostly unchanged. */
const keptText = new Map<string, string>();

/** The value kept under `key` for this page load: read from storage once, null once `forgetKept` ran. */
export function keptForThisLoad(key: string): unknown {
  if (!shown.has(key)) shown.set(key, readKeptValue(key));
  return shown.get(key);
}

/** The live value of `key` is in: this page load shows no kept one of it again (it would be older). */
export function forgetKept(key: string): void {
  shown.set(key, null);
}

/**
 * What a screen shows for the kept value under `key` (null: no user): `live` once `loaded`; until
 * then the value kept at the last visit (null when none, or once this page load had a live one).
 */
export function keptUntilLoaded<T>(key: string | null, live: T, loaded: boolean): T | null {
  if (loaded) {
    if (key) forgetKept(key);
    return live;
  }
  return key ? (keptForThisLoad(key) as T | null) : null;
}

/** Keeps a loaded live value for the next page load, unless it is what was kept last. */
export function keepLiveValue(key: string, live: unknown): void {
  const text = JSON.stringify(live);
  if (keptText.get(key) === text) return;
  keptText.set(key, text);
  keepText(key, text);
}

/**
 * `keptUntilLoaded` for the signed-in user's cache and `name`, the live value kept as it changes.
 * `answered`: the cache answered the screen's reads. The live value counts from then on only if the
 * cache is known to hold the server's values (its fill known, as the dashboard's figures ask): a
 * cache not yet written back to disk at the last visit answers without the last pull's rows, and a
 * banner of the last visit then went away and came back with the next pull.
 */
export function useKeptUntilLoaded<T>(name: string, live: T, answered: boolean): T | null {
  const user = useCurrentUser();
  const fill = useCacheFill();
  const loaded = answered && fill !== 'unknown';
  const key = user ? `${FIRST_SCREEN_PREFIX}${cacheIdOf(cacheName(user._id))}:${name}` : null;
  useEffect(() => {
    if (key && loaded) keepLiveValue(key, live);
  }, [key, loaded, live]);
  return keptUntilLoaded(key, live, loaded);
}

/** How long a screen may hold its first paint for what it does not know yet (`useHeldUntilKnown`). */
export const FIRST_PAINT_HOLD_MS = 1_000;

/**
 * Whether a screen paints its body: once `known`, or `holdMs` after it mounted, and from then on.
 * On a first visit nothing is kept, and a body painted before the cache's first answer is then
 * pushed down by what arrives above it (a vote banner over skeleton cards: a layout shift of 0.75 at
 * each first sign-in on a phone). Held instead, the body paints whole once the cache answers; a
 * start slower than the hold shows the placeholders as before.
 */
export function useHeldUntilKnown(known: boolean, holdMs = FIRST_PAINT_HOLD_MS): boolean {
  const [waited, setWaited] = useState(false);
  const shown = useRef(false);
  useEffect(() => {
    if (known || shown.current) return;
    const timer = setTimeout(() => setWaited(true), holdMs);
    return () => clearTimeout(timer);
  }, [known, holdMs]);
  // Shown stays shown: a retry that makes the figures unknown again shows their placeholders.
  if (known || waited) shown.current = true;
  return shown.current;
}
