import { integer, text } from 'drizzle-orm/sqlite-core';

/** Every id is text: rows created offline get their id from the client. */
export const id = () => text('id').primaryKey();
/** Milliseconds since the epoch (the clock is injectable, so tests can move it). */
export const ms = (name: string) => integer(name, { mode: 'number' });
/** Tenant column: every tenant-owned table carries it, with an index. */
export const hoaId = () => text('hoa_id').notNull();
