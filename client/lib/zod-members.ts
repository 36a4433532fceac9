import { z } from 'zod/v4';

/**
 * The members of `z` the shared schemas call, each read by name: deferred-zod.ts forwards to them, and
 * a namespace read by a key the bundler cannot see would keep all of zod (four times the size, its
 * every locale). tests/unit/deferred-zod.test.ts finds a member the code calls that is missing here.
 */
export const zodMembers = {
  array: z.array,
  boolean: z.boolean,
  coerce: z.coerce,
  config: z.config,
  email: z.email,
  enum: z.enum,
  iso: z.iso,
  NEVER: z.NEVER,
  number: z.number,
  object: z.object,
  record: z.record,
  string: z.string,
  union: z.union,
};
