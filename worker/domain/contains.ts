import { sql, type SQL } from 'drizzle-orm';

/**
 * `expr` contains `text`, case-insensitively, with LIKE's wildcards in `text` taken literally
 * (the list searches: a search for "100%" finds "100%", not everything starting with "100").
 */
export function containsSql(expr: SQL, text: string): SQL {
  return containsPatternSql(expr, containsPattern(text));
}

/** The LIKE pattern `containsSql` matches `text` by: lower-cased, its wildcards escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** `expr` matches a pattern from `containsPattern` (a value or a placeholder of a statement rendered once). */
export const containsPatternSql = (expr: SQL, pattern: unknown): SQL => sql`lower(${expr}) LIKE ${pattern} ESCAPE '\\'`;
