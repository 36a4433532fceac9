/**
 * The client's zod (client/lib/deferred-zod.ts) forwards to the members zod-members.ts names, so the
 * bundle keeps only those: every member of `z` the shared code calls must be among them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodMembers } from '../../client/lib/zod-members';

/** Members of `z` the code names only as types (erased from the bundle). */
const TYPES_ONLY = new Set(['infer', 'input', 'output', 'ZodType', 'ZodObject', 'RefinementCtx', 'core']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the client's zod", () => {
  it('names every member of z the schemas, the synced areas and the client call', () => {
    const used = new Set<string>();
    for (const file of ['schema', 'sync', 'client'].flatMap(sources)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bz\.([A-Za-z_]\w*)/g)) used.add(m[1]);
    }
    const missing = [...used].filter((name) => !TYPES_ONLY.has(name) && !(name in zodMembers));
    expect(missing).toEqual([]);
  });

  it('forwards to zod itself', () => {
    for (const [name, member] of Object.entries(zodMembers)) expect(member, name).toBe(z[name as keyof typeof z]);
  });
});
