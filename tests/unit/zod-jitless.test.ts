/**
 * zod never reaches for `eval`: its JIT compiles each object schema's parser with
 * `new Function` and probes for it with `new Function('')`, and the app's CSP (no `unsafe-eval`)
 * refuses and reports both. The JIT is turned off before any schema is built: by `lazy` on first use
 * (every schema of schema/ and sync/, all the client has), and by worker/app.ts's first import for
 * the worker's own. zod reads the setting when it builds an object schema, so each case starts from
 * a fresh module graph with the setting cleared, as in a page that has just loaded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/** Every use of the Function constructor until `restore` (zod takes `Function` from the global object when it compiles). */
function watchFunctionConstructor() {
  const real = globalThis.Function;
  const bodies: string[] = [];
  const note = (args: unknown[]) => bodies.push(String(args.at(-1) ?? '').slice(0, 60));
  globalThis.Function = new Proxy(real, {
    construct(target, args) {
      note(args);
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      note(args);
      return Reflect.apply(target, self, args);
    },
  });
  return { bodies, restore: () => (globalThis.Function = real) };
}

let watch: ReturnType<typeof watchFunctionConstructor> | undefined;
beforeEach(() => {
  z.config({ jitless: false });
  vi.resetModules();
});
afterEach(() => {
  watch?.restore();
  watch = undefined;
});

describe("zod's JIT", () => {
  it('is off before a schema of schema/ or sync/ is built, so parsing never calls the Function constructor', async () => {
    const { announcementFormSchema } = await import('../../schema/announcements');
    const { mutatorDefs } = await import('../../sync/areas');
    expect(z.config().jitless).toBe(false);
    watch = watchFunctionConstructor();
    const form = announcementFormSchema.safeParse({ title: 'Pool', message: '<p>Open</p>', category: 'general', audience_type: 'all' });
    const args = mutatorDefs.createRequest.args.safeParse({ id: crypto.randomUUID(), title: 'Gate', description: '<p>Broken</p>', category: 'Maintenance' });
    expect(form.success).toBe(true);
    expect(args.error?.issues ?? []).toEqual([]);
    expect(watch.bodies).toEqual([]);
    expect(z.config().jitless).toBe(true);
  });

  it("is off before the worker's own schemas are built (the sync bodies, the routes' parameters)", async () => {
    watch = watchFunctionConstructor();
    await import('../../worker/app');
    const { pushRequestSchema } = await import('../../worker/sync/push');
    const { pullRequestSchema } = await import('../../worker/sync/pull');
    pushRequestSchema.parse({ pushVersion: 1, clientGroupID: 'g', mutations: [] });
    pullRequestSchema.parse({ pullVersion: 1, clientGroupID: 'g', cookie: null });
    expect(watch.bodies).toEqual([]);
    expect(z.config().jitless).toBe(true);
  });
});
