import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hoaNameColumns, hoaNameKeys } from '../../schema/hoa-name';
import { SIGNUP_MESSAGES } from '../../schema/signup';
import { hoas } from '../../schema/tables';
import { openDatabase } from '../../worker/dev/database';
import { fillHoaNameKeys, MIGRATIONS_FOLDER, runMigrations } from '../../worker/dev/migrate';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call } from '../helpers/http';
import { LOOK_ALIKES } from '../helpers/look-alikes';
import { signUpNewHoa, TRIAL } from '../helpers/signup';

/** HOA names are unique by their look-alike keys (schema/hoa-name.ts), with unique indexes. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await (t.deps.payments as LocalPayments).flush();
  await t.close();
});

let n = 0;
/** Each call from its own address and email: the per-address limits are not what is tested here. */
const trial = (hoa_name: string) => {
  n++;
  return call(t, 'POST', '/api/signup/trial', { body: { ...TRIAL, email: `visitor${n}@example.test`, hoa_name }, ip: `10.7.${n >> 8}.${n & 255}` });
};
const available = async (hoa_name: string) => (await call(t, 'POST', '/api/signup/check-availability', { body: { hoa_name }, ip: `10.8.${++n >> 8}.${n & 255}` })).json.available;

describe('HOA name look-alikes', () => {
  it("refuses each look-alike of an existing HOA's name at signup, with the spec's message, and the live check says taken", async () => {
    for (const [how, name] of Object.entries(LOOK_ALIKES)) {
      const r = await trial(name);
      expect({ how, status: r.status, errors: r.json.errors }).toEqual({ how, status: 400, errors: [{ path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken }] });
      expect({ how, available: await available(name) }).toEqual({ how, available: false });
    }
    expect((await trial('Maple Glen HOA')).status).toBe(201);
  });

  it('refuses non-ASCII case and decomposed (NFD) forms of an existing name', async () => {
    await signUpNewHoa(t, { email: 'ecole@example.test', hoa_name: '\u00c9cole Caf\u00e9 Commons' });
    for (const name of ['\u00e9cole caf\u00e9 commons', '\u00c9COLE CAF\u00c9 COMMONS', 'E\u0301cole Cafe\u0301 Commons', 'e\u0301cole cafe\u0301 commons'])
      expect({ name, errors: (await trial(name)).json.errors }).toEqual({ name, errors: [{ path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken }] });
  });

  it('refuses a name with nothing visible as required', async () => {
    const r = await trial('\u200b\u2060');
    expect(r.json.errors).toEqual([{ path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameRequired }]);
  });

  it('HOA setup refuses renaming to a look-alike of another HOA, and accepts a new spelling of its own name', async () => {
    const done = await signUpNewHoa(t, { hoa_name: 'Willow Creek HOA' });
    const rename = (name: string) => call(t, 'POST', '/api/signup/hoa-setup', { token: done.token, body: { name } });
    expect((await rename('MAPLE\u00a0GROVE HOA')).json.errors).toEqual([{ path: 'name', msg: SIGNUP_MESSAGES.hoaNameTaken }]);
    const own = await rename('WILLOW  CREEK HOA');
    expect(own.status).toBe(200);
    const [row] = await t.deps.database.db.select().from(hoas).where(eq(hoas.id, done.hoa.id));
    expect(row).toMatchObject(hoaNameColumns('WILLOW  CREEK HOA'));
  });

  it('holds under concurrency: of two look-alike signups at once one HOA is left, and the index refuses a direct write', async () => {
    // Neither has a card yet, so the later one replaces the earlier (tests/api/signup-takeover.test.ts).
    const both = await Promise.all([trial('Birch Hollow HOA'), trial('B\u0456rch Hollow HOA')]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const left = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.nameKeyUpper, hoaNameKeys('Birch Hollow HOA').upper));
    expect(left).toHaveLength(1);
    expect(both.map((r) => r.json.hoa.id)).toContain(left[0].id);
    const write = t.write((tx) => tx.insert(hoas).values({ id: 'hoa_twin', ...hoaNameColumns('BIRCH HOLLOW HOA'), createdAt: t.clock() }));
    await expect(write).rejects.toMatchObject({ cause: { message: expect.stringMatching(/UNIQUE constraint failed: hoas.name_key/) } });
  });
});

describe('migration 0014', () => {
  it('keys the HOAs a database already has, and a pair that already looks alike keeps working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoa-migrate-'));
    try {
      // The migrations before 0014, as a database made before it has them.
      const before = join(dir, 'migrations');
      cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
      const journalPath = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag === '0014_hoa-name-keys');
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      const database = await openDatabase(`file:${join(dir, 'old.db')}`);
      try {
        await migrate(database.db, { migrationsFolder: before });
        await database.transaction(async (tx) => {
          await tx.run(sql`INSERT INTO hoas (id, name, created_at) VALUES ('a', 'Maple Grove HOA', 1), ('b', 'MAPLE  GROVE HOA', 2), ('c', 'Cedar Park HOA', 3)`);
        });
        await runMigrations(database);
        const rows = await database.db.select().from(hoas).orderBy(hoas.id);
        expect(rows.map((r) => [r.id, r.name, r.nameKey, r.nameKeyUpper])).toEqual([
          ['a', 'Maple Grove HOA', hoaNameKeys('Maple Grove HOA').lower, hoaNameKeys('Maple Grove HOA').upper],
          ['b', 'MAPLE  GROVE HOA', `${hoaNameKeys('Maple Grove HOA').lower}#b`, `${hoaNameKeys('Maple Grove HOA').upper}#b`],
          ['c', 'Cedar Park HOA', hoaNameKeys('Cedar Park HOA').lower, hoaNameKeys('Cedar Park HOA').upper],
        ]);
        // Nothing left to fill on the next start.
        expect(await fillHoaNameKeys(database)).toBe(0);
      } finally {
        database.client.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
