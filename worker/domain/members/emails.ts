import { sql } from 'drizzle-orm';

/** A joined user's email in a synced value, '' when the user is gone (`alias`: the join's name, e.g. 'resident'). */
export const emailOf = (alias: string) => sql`coalesce(${sql.raw(`${alias}.email`)}, '')`;
