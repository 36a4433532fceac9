/**
 * Statements built once and reused: drizzle building a long statement costs more than SQLite
 * running it, so the pull, the push and the REST reads build each shape once per process, with
 * placeholders where each call's values go. Domain and route code ask here instead of keeping
 * caches of their own.
 */
import { sql } from 'drizzle-orm';
import { isPrivileged, type Role } from '../../schema/roles';
import type { Viewer } from './area';

/**
 * A viewer whose ids are the placeholders `hoaId` and `userId`, filled in per call: the role alone
 * shapes what is built with it.
 */
export function placeholderViewer(role: Role): Viewer {
  // The one cast: a Viewer's ids are strings, and drizzle renders a placeholder wherever a value goes.
  return { role, hoaId: sql.placeholder('hoaId'), userId: sql.placeholder('userId') } as unknown as Viewer;
}

/** Board and superadmin see the same rows (`isPrivileged`); a resident sees what concerns them. */
export type ViewerKind = 'board' | 'resident';
export const viewerKind = (role: Role): ViewerKind => (isPrivileged(role) ? 'board' : 'resident');

const builtByOwner = new WeakMap<object, Map<string, unknown>>();

/** What `build` gives for `owner` (an area, a read, a database) and `key` (role, shape), built on first use and kept while `owner` lives. */
export function statementFor<T>(owner: object, key: string, build: () => T): T {
  let byKey = builtByOwner.get(owner);
  if (!byKey) builtByOwner.set(owner, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}

/**
 * One statement per kind of viewer, built on first use from a placeholder viewer of the caller's
 * role: what a reader's statement selects depends on their kind only (`viewerKind`).
 */
export function statementPerViewerKind<T>(build: (viewer: Viewer) => T): (role: Role) => T {
  const owner = {};
  return (role) => statementFor(owner, viewerKind(role), () => build(placeholderViewer(role)));
}
