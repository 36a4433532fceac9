/**
 * A synced value in the shape of the REST answers (the spec's names), by one rule at every depth:
 * `id` is `_id`, other names go from camelCase to snake_case (`unitNumber` → `unit_number`), and
 * `createdAt`/`updatedAt` keep theirs (the spec's timestamps), sent as ISO text. An area's rule
 * (`RestRule`) names only what differs: its other times, the spec's name of a relation
 * (`resident` → `user_id`), and fields whose answer is built otherwise (`values`).
 * `valueOfRest` is the inverse, for a screen that shows a REST answer until the cache has the row.
 */
import type { z } from 'zod';

/** Top-level times every value has, under their own names. */
const TIMESTAMPS = ['createdAt', 'updatedAt'] as const;
type Timestamp = (typeof TIMESTAMPS)[number];

type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}` : S;
export type RestName<K extends string> = K extends 'id' ? '_id' : K extends Timestamp ? K : SnakeCase<K>;

/** A nested value renamed by the rule (no times: an area maps a nested time itself). */
export type RestShape<T> = T extends readonly (infer E)[] ? RestShape<E>[] : T extends object ? { [K in keyof T & string as RestName<K>]: RestShape<T[K]> } : T;

type IsoText<T> = T extends number ? string : T;

/** What an area's answer differs in from the rule: the value's fields by their synced names. */
export interface RestRule<V> {
  /** Milliseconds since the epoch, sent as ISO text (`createdAt` and `updatedAt` always are). */
  times?: readonly (keyof V & string)[];
  /** The spec's names where they are not the rule's. */
  names?: { readonly [K in keyof V]?: string };
}

type Renamed<V, R extends RestRule<V>, K extends keyof V & string> = R['names'] extends { readonly [N in K]: infer S extends string } ? S : RestName<K>;
type Times<V, R extends RestRule<V>> = Timestamp | (R['times'] extends readonly (infer T)[] ? T : never);

/** The answer `restAnswer` gives for value type `V`, rule `R` and the fields `F` the area builds itself. */
export type RestAnswer<V, R extends RestRule<V>, F = object> = {
  [K in keyof V & string as Renamed<V, R, K>]: K extends keyof F ? F[K] : K extends Times<V, R> ? IsoText<V[K]> : RestShape<V[K]>;
};

const restNames = new Map<string, string>();
const restName = (name: string): string => {
  let renamed = restNames.get(name);
  if (renamed === undefined) {
    renamed = name === 'id' ? '_id' : (TIMESTAMPS as readonly string[]).includes(name) ? name : name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    restNames.set(name, renamed);
  }
  return renamed;
};

/** Milliseconds since the epoch as ISO text; null stays null. */
export const isoText = <T extends number | null>(ms: T): IsoText<T> => (ms == null ? null : new Date(ms).toISOString()) as IsoText<T>;

/** A nested value under the rule's names. */
export function restShape<T>(value: T): RestShape<T> {
  if (value === null || typeof value !== 'object') return value as RestShape<T>;
  if (Array.isArray(value)) return value.map(restShape) as RestShape<T>;
  const answer: Record<string, unknown> = {};
  const fields = value as Record<string, unknown>;
  for (const name in fields) answer[restName(name)] = restShape(fields[name]);
  return answer as RestShape<T>;
}

/** Fields an area builds itself, by their synced names: each from the value's field (`F`: what each gives). */
type Builds<V, F> = { [K in keyof F]: (field: V[K & keyof V]) => F[K] };

/** How one synced field becomes its answer field: under which name, and by which function. */
interface FieldPlan {
  rest: string;
  build: (field: unknown) => unknown;
}

/**
 * Each rule's plan per field name, worked out at the field's first sight (a list maps the same
 * fields row after row): one lookup per field instead of the rule's lists searched again.
 */
const plans = new WeakMap<object, Map<string, FieldPlan>>();

function fieldPlan(rule: RestRule<object>, name: string): FieldPlan {
  const times: readonly string[] = rule.times ?? [];
  const names = (rule.names ?? {}) as Record<string, string | undefined>;
  const time = times.includes(name) || (TIMESTAMPS as readonly string[]).includes(name);
  return { rest: names[name] ?? restName(name), build: time ? (isoText as (field: unknown) => unknown) : restShape };
}

/**
 * The REST answer of a synced value: its fields in order under the spec's names, times as ISO
 * text, and `values`' fields as the area builds them (`messages` as the spec's `comments`).
 */
export function restAnswer<V extends object, const R extends RestRule<V>, F = Record<never, never>>(value: V, rule: R, values?: Builds<V, F>): RestAnswer<V, R, F> {
  let plan = plans.get(rule);
  if (!plan) plans.set(rule, (plan = new Map()));
  const builds = values as Record<string, ((field: unknown) => unknown) | undefined> | undefined;
  const fields = value as Record<string, unknown>;
  const answer: Record<string, unknown> = {};
  for (const name in fields) {
    let field = plan.get(name);
    if (!field) plan.set(name, (field = fieldPlan(rule as RestRule<object>, name)));
    const build = builds?.[name];
    answer[field.rest] = build ? build(fields[name]) : field.build(fields[name]);
  }
  return answer as RestAnswer<V, R, F>;
}

const syncedNames = new Map<string, string>();
const syncedName = (name: string): string => {
  let renamed = syncedNames.get(name);
  if (renamed === undefined) {
    renamed = name === '_id' ? 'id' : name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    syncedNames.set(name, renamed);
  }
  return renamed;
};

/** `restShape` undone: a nested REST value under the synced names. */
export function syncedShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(syncedShape);
  if (value === null || typeof value !== 'object') return value;
  const synced: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) synced[syncedName(name)] = syncedShape(field);
  return synced;
}

/** ISO text as milliseconds since the epoch; null (or absent) stays null. */
const msOf = (iso: unknown) => (typeof iso === 'string' ? Date.parse(iso) : null);

/**
 * `restAnswer` undone: the synced value of a REST answer, read field by field as the value's schema
 * lists them (answer fields the cache does not hold are left out); `values` reads the fields the
 * area built itself, from what the answer holds under their spec names.
 */
export function valueOfRest<S extends z.ZodObject, V extends z.output<S> = z.output<S>>(
  schema: S,
  answer: object,
  rule: RestRule<V>,
  values: { [K in keyof V]?: (field: never) => V[K] } = {},
): V {
  const times: readonly string[] = rule.times ?? [];
  const names = (rule.names ?? {}) as Record<string, string | undefined>;
  const builds = values as Record<string, ((field: unknown) => unknown) | undefined>;
  const fields = answer as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  for (const name of Object.keys(schema.shape)) {
    const field = fields[names[name] ?? restName(name)];
    const build = builds[name];
    value[name] = build ? build(field) : times.includes(name) || (TIMESTAMPS as readonly string[]).includes(name) ? msOf(field) : syncedShape(field);
  }
  return value as V;
}
