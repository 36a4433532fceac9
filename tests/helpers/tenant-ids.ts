/** Every id an HOA's rows have, to show that nothing of one HOA reaches another's session, pull or cache. */
import { is, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as tables from '../../schema/tables';
import type { DbOrTx } from '../../worker/db';

/** The HOA's id and the id of each of its rows, in every table with an `hoa_id`. */
export async function idsOfHoa(db: DbOrTx, hoaId: string): Promise<Set<string>> {
  const ids = new Set<string>([hoaId]);
  for (const table of Object.values(tables) as unknown[]) {
    if (!is(table, SQLiteTable)) continue;
    const columns = getTableConfig(table).columns.map((c) => c.name);
    if (!columns.includes('hoa_id') || !columns.includes('id')) continue;
    const rows = await db.all<{ id: string }>(sql`SELECT id FROM ${table} WHERE hoa_id = ${hoaId}`);
    for (const r of rows) ids.add(r.id);
  }
  return ids;
}

const ID_CHARS = /^[A-Za-z0-9_-]+$/;

/**
 * The ids of `ids` that `text` contains (none, where no row leaked). The text is cut into its words
 * once (an id is a word of letters, digits, `-` and `_`), so thousands of ids against a whole cache
 * cost one pass; an id of other characters is looked for as it is.
 */
export function leakedIds(text: string, ids: Set<string>): string[] {
  const words = new Set(text.split(/[^A-Za-z0-9_-]+/));
  return [...ids].filter((id) => (ID_CHARS.test(id) ? words.has(id) : text.includes(id)));
}
