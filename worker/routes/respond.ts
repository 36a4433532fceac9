import type { Context } from 'hono';

const utf8 = new TextEncoder();
/** Above this, the answer leaves as bytes: a web Response made from a long string checks and re-encodes it (a 6 MB pull: tens of ms). */
const AS_BYTES = 64 * 1024;

/** An answer whose JSON text is already written (SQLite built it, or it was kept): sent as is. */
export const jsonText = (c: Context, text: string) =>
  c.body(text.length > AS_BYTES ? utf8.encode(text) : text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
