/**
 * The mutators of every synced area (sync/areas/index.ts), in the shapes their users need: the
 * argument schemas the push parses, the client implementations Replicache registers, the labels of
 * refusal notices. Each is defined once, in its area's shared half.
 */
import type { WriteTransaction } from 'replicache';
import type { z } from 'zod';
import type { Role } from '../schema/roles';
import { mutatorDefs, type MutatorDefs } from './areas';

export type MutatorName = keyof MutatorDefs & string;
export type MutatorArgs<N extends MutatorName> = z.output<MutatorDefs[N]['args']>;

export const MUTATOR_NAMES = Object.keys(mutatorDefs) as MutatorName[];
export const isMutatorName = (name: string): name is MutatorName => Object.hasOwn(mutatorDefs, name);

/** What each change is called in a refusal notice ("Mark announcement as read was not saved"). */
export const mutatorLabel = (name: string) => (isMutatorName(name) ? mutatorDefs[name].label : 'A change');

/** A refusal notice's title: 'Create violation "Boat trailer on the lawn" was not saved', without the subject when the change names none. */
export const noticeTitle = (n: { mutationName: string; subject?: string | null }) => `${mutatorLabel(n.mutationName)}${n.subject ? ` “${n.subject}”` : ''} was not saved`;

const SUBJECT_MAX = 120;

/** A notice's subject as stored: trimmed, at most SUBJECT_MAX characters; null when empty. */
export const clipSubject = (text: string): string | null => text.trim().slice(0, SUBJECT_MAX) || null;

/** What a change was about (its `subject`), when its mutator names one and the arguments parse; else null. */
export function mutatorSubject(name: MutatorName, args: unknown): string | null {
  const def = mutatorDefs[name] as { args: z.ZodType; subject?: (args: unknown) => string };
  if (!def.subject) return null;
  const parsed = def.args.safeParse(args);
  return parsed.success ? clipSubject(def.subject(parsed.data)) : null;
}

/** Whether `role` may make this change at all; the refusal's words when not. Checked before arguments are parsed. */
export function mutatorRefusal(name: MutatorName, role: Role): string | null {
  const allowed = (mutatorDefs[name] as { allowed?: { role: (r: Role) => boolean; refusal: string } }).allowed;
  return allowed && !allowed.role(role) ? allowed.refusal : null;
}

/** Changes the app makes on the user's behalf (read markers): not counted as the user's pending changes. */
export const isAutomaticMutation = (name: string) => isMutatorName(name) && (mutatorDefs[name] as { automatic?: boolean }).automatic === true;

/** Parses the arguments with the mutator's schema (a ZodError for bad ones). */
export const parseMutatorArgs = <N extends MutatorName>(name: N, args: unknown): MutatorArgs<N> => mutatorDefs[name].args.parse(args) as MutatorArgs<N>;

type ClientMutator<N extends MutatorName> = (tx: WriteTransaction, args: z.input<MutatorDefs[N]['args']>) => Promise<void>;
export type ClientMutators = { [N in MutatorName]: ClientMutator<N> };

/** The optimistic implementations, registered with Replicache under the same names. */
export const clientMutators = Object.fromEntries(
  MUTATOR_NAMES.map((name) => [name, (tx: WriteTransaction, input: unknown) => mutatorDefs[name].apply(tx, parseMutatorArgs(name, input) as never)]),
) as ClientMutators;

/** Mutation arguments are small objects: deeper or bigger ones are refused before anything walks them. */
export const ARGS_MAX_DEPTH = 16;
export const ARGS_MAX_NODES = 20_000;

/**
 * Whether a JSON value stays within ARGS_MAX_DEPTH levels and ARGS_MAX_NODES values. Iterative (an
 * explicit stack), so a value nested 10,000 deep cannot overflow the call stack here.
 */
export function argsWithinBounds(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++nodes > ARGS_MAX_NODES) return false;
    if (v === null || typeof v !== 'object') continue;
    if (depth > ARGS_MAX_DEPTH) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Short, log-safe description of a mutation's arguments for rejection notices. */
export function summarizeArgs(args: unknown, max = 200): string {
  if (!argsWithinBounds(args)) return '(too large to show)';
  const text = JSON.stringify(args) ?? 'null';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
