/**
 * No zod call runs when a module of the shared halves is imported (docs/decisions/169-lazy-schemas.md):
 * the signed-in chunks import every schema and mutator, and building them at import was half of that
 * chunk's evaluation on a phone. A schema is written `lazy(() => z…)`.
 */
import { describe, expect, it, vi } from 'vitest';

const readsOfZ: string[] = [];
let watching = false;

vi.mock('zod', async (importOriginal) => {
  const real = await importOriginal<typeof import('zod')>();
  const z = new Proxy(real.z, {
    get(target, key, receiver) {
      if (watching) readsOfZ.push(String(key));
      return Reflect.get(target, key, receiver);
    },
  });
  return { ...real, z };
});

const modules = {
  ...import.meta.glob(['../../schema/*.ts', '!../../schema/*.test.ts']),
  ...import.meta.glob(['../../sync/**/*.ts', '!../../sync/**/*.test.ts']),
};

describe('schemas and mutators', () => {
  it('build no zod schema at import', async () => {
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    watching = true;
    for (const load of Object.values(modules)) await load();
    watching = false;
    expect(readsOfZ).toEqual([]);
  });

  it('build a lazy schema on first use, and then validate as zod does', async () => {
    const { announcementFormSchema } = await import('../../schema/announcements');
    watching = true;
    const result = announcementFormSchema.safeParse({ title: '', message: '<p>Hi</p>', category: 'general', audience_type: 'all' });
    watching = false;
    expect(readsOfZ.length).toBeGreaterThan(0);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['title', 'Title is required']);
  });

  it("build a record's own form schema on first use too: a closed Edit User dialog builds none", async () => {
    const { editUserSchemaFor } = await import('../../schema/users');
    readsOfZ.length = 0;
    watching = true;
    const forRita = editUserSchemaFor({ name: 'Rita' });
    const readsBeforeUse = readsOfZ.length;
    const result = forRita.safeParse({ name: ' ', role: 'resident', status: 'inactive' });
    watching = false;
    expect(readsBeforeUse).toBe(0);
    expect(readsOfZ.length).toBeGreaterThan(0);
    expect(result.error?.issues).toMatchObject([{ path: ['name'], message: 'Name is required' }]);
  });
});
