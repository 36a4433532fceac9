import { sql, type Column, type SQL } from 'drizzle-orm';
import { users } from '../../../schema/tables';

/**
 * An invitation held for an email that a live account of another HOA has
 * (docs/decisions/178-held-invitations.md): until one person can belong to several HOAs, the row is
 * kept under `<email> held:<id>` so the unique index lets both exist, and shown everywhere as
 * `<email>`. No email has a space, so the part before the first space is the address the board typed.
 */
export const heldEmail = (email: string, id: string) => `${email} held:${id}`;
export const isHeldEmail = (stored: string) => stored.includes(' ');
/** The email a user row stands for (a held invitation's address without its mark). */
export const shownEmail = (stored: string) => (isHeldEmail(stored) ? stored.slice(0, stored.indexOf(' ')) : stored);
/**
 * `shownEmail` in SQL, for sorting and searching as the board sees the rows, and for every synced
 * value that shows a person's email (`email`: a joined alias's column, e.g. sql.raw('resident.email')).
 */
export const shownEmailSql = (email: Column | SQL = users.email) =>
  sql<string>`(CASE WHEN instr(${email}, ' ') > 0 THEN substr(${email}, 1, instr(${email}, ' ') - 1) ELSE ${email} END)`;
/** A joined user's email as shown, '' when the user is gone. */
export const shownEmailOf = (alias: string) => sql`coalesce(${shownEmailSql(sql.raw(`${alias}.email`))}, '')`;
