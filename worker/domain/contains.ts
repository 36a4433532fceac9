import { sql, type SQL } from 'drizzle-orm';

/**
 * `expr` contains `text`, case-insensitively, with LIKE's wildcards in `text` taken literally
 * (the list searches: a search for "100%" finds "100%", not everything starting with "100").
 */
export function containsSql(expr: SQL, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`lower(${expr}) LIKE ${pattern} ESCAPE '\\'`;
}
