/**
 * The shared half of a synced area (client and server import it), declared once with
 * `defineSyncedArea`: the key spaces it owns in the local cache, its mutators and what it gives the
 * dashboard. A mutator is defined once: the name (its key in the area's
 * `mutators`), the argument schema, the words a refusal notice uses, who may make it (the area's
 * policy), and the optimistic change the client applies at once. The server's domain call for each
 * name is in the area's server half (worker/areas/<area>.ts); its answer replaces the optimistic
 * change on the next pull.
 */
import type { WriteTransaction } from 'replicache';
import type { z } from 'zod';
import type { DashboardSource } from '../schema/dashboard';
import type { Role } from '../schema/roles';

export interface MutatorDef<S extends z.ZodType = z.ZodType> {
  /** The arguments, checked on the client before the optimistic change and on the server before the domain call. */
  args: S;
  /** What the change is called in a refusal notice ("Send announcement was not saved"). */
  label: string;
  /**
   * What the change was about, named in its refusal notice beside the label ('Create violation
   * "Boat trailer on the lawn" was not saved'), for changes whose arguments carry a title.
   */
  subject?: (args: z.output<S>) => string;
  /**
   * Who may make this change at all, from the area's policy, and the refusal's words. The push
   * checks it before parsing the arguments; the domain checks it again.
   */
  allowed?: { role: (role: Role) => boolean; refusal: string };
  /** Made by the app on the user's behalf (read markers): not one of the user's pending changes. */
  automatic?: boolean;
  /** The optimistic change in the local cache. */
  apply(tx: WriteTransaction, args: z.output<S>): Promise<void>;
}

/** Keeps the argument type of `apply` tied to the schema. */
export const defineMutator = <S extends z.ZodType>(def: MutatorDef<S>): MutatorDef<S> => def;

/** The mutators of an area by name. */
export type AreaMutators = Record<string, MutatorDef<any>>;

/**
 * The shared half of one synced area, as `defineSyncedArea` returns it: the key spaces, mutators and
 * dashboard sources keep their literal types, so the composed list (sync/areas/index.ts) derives
 * every mutator's name and arguments, every key space and every metric key from it.
 */
export interface SharedSyncArea<
  Space extends string = string,
  Mutators extends AreaMutators = AreaMutators,
  Dashboard extends readonly DashboardSource<unknown, string>[] = readonly DashboardSource<unknown, string>[],
> {
  /** The key spaces (`<space>/<row id>`) this area owns in the cache; the server's CVR uses the same names. */
  spaces: readonly Space[];
  /** Its changes by name (none for an area written by REST only). */
  mutators: Mutators;
  /** Its metric card and recent activity on the dashboard (schema/dashboard.ts), from its values; empty when it gives none. */
  dashboard: Dashboard;
}

/**
 * The one declaration of an area's shared half (sync/areas/<area>.ts). Areas without mutators or
 * dashboard sources leave them out.
 */
export function defineSyncedArea<
  const Space extends string,
  Mutators extends AreaMutators = Record<never, never>,
  const Dashboard extends readonly DashboardSource<unknown, string>[] = readonly [],
>(area: { spaces: readonly Space[]; mutators?: Mutators; dashboard?: Dashboard }): SharedSyncArea<Space, Mutators, Dashboard> {
  return { spaces: area.spaces, mutators: area.mutators ?? ({} as Mutators), dashboard: area.dashboard ?? ([] as unknown as Dashboard) };
}

export const keyOf = (space: string, id: string) => `${space}/${id}`;
export const prefixOf = (space: string) => `${space}/`;
