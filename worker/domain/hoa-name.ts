/** The HOA's name as mails and documents print it (one read, shared by every area that writes to people). */
import { eq } from 'drizzle-orm';
import { hoas } from '../../schema/tables';
import type { DbOrTx } from '../db';

/** The HOA's display name; `fallback` only for a row whose HOA is gone (a job racing a deletion). */
export async function hoaNameOf(db: DbOrTx, hoaId: string, fallback = 'Your HOA'): Promise<string> {
  const [hoa] = await db.select({ name: hoas.name }).from(hoas).where(eq(hoas.id, hoaId)).limit(1);
  return hoa?.name ?? fallback;
}
