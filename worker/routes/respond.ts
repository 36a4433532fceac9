import type { Context } from 'hono';

/** An answer whose JSON text is already written (SQLite built it, or it was kept): sent as is. */
export const jsonText = (c: Context, text: string) => c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
