import { and, eq, like, ne } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import { hoaNameKeys } from '../../schema/hoa-name';
import { hoas } from '../../schema/tables';
import type { Database } from '../db';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Applies the drizzle-kit migrations that are not yet applied (Node only: it reads the folder), then what SQL cannot do. */
export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  await fillHoaNameKeys(database);
}

/**
 * What migration 0014 (and any later one that resets the keys) leaves in `hoas.name_key*` for this
 * step: `char(1) || 'pending:' || id`. No real key holds a control character.
 */
const PENDING_KEY = '\u0001pending:';

/**
 * Migration 0014's second half: the real name keys of the HOAs that hold placeholders. Two existing
 * HOAs whose names already look alike keep working: the later one's key gets its id appended (and a
 * warning names both), so only the first one's name counts as taken.
 */
export async function fillHoaNameKeys(database: Database): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await database.db.select({ id: hoas.id, name: hoas.name }).from(hoas).where(like(hoas.nameKey, `${PENDING_KEY}%`)).orderBy(hoas.createdAt, hoas.id).limit(200);
    if (!batch.length) return filled;
    await database.transaction(async (tx) => {
      for (const hoa of batch) {
        const keys = hoaNameKeys(hoa.name);
        const [lower] = await tx.select({ id: hoas.id }).from(hoas).where(and(eq(hoas.nameKey, keys.lower), ne(hoas.id, hoa.id))).limit(1);
        const [upper] = await tx.select({ id: hoas.id }).from(hoas).where(and(eq(hoas.nameKeyUpper, keys.upper), ne(hoas.id, hoa.id))).limit(1);
        const twin = lower ?? upper;
        if (twin) console.warn(`HOA ${hoa.id} ("${hoa.name}") looks like HOA ${twin.id}: its name key is made unique with its id`);
        const own = (key: string, taken: unknown) => (taken || !key ? `${key}#${hoa.id}` : key);
        await tx
          .update(hoas)
          .set({ nameKey: own(keys.lower, lower), nameKeyUpper: own(keys.upper, upper) })
          .where(eq(hoas.id, hoa.id));
      }
    });
    filled += batch.length;
  }
}
