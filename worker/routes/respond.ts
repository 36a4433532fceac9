import type { Context } from 'hono';

const utf8 = new TextEncoder();
/** Above this, the answer leaves as bytes: a web Response made from a long string checks and re-encodes it (a 6 MB pull: tens of ms). */
const AS_BYTES = 64 * 1024;

/** An answer whose JSON is already written (SQLite built it, or it was kept), as text or UTF-8 bytes: sent as is. */
export const jsonText = (c: Context, json: string | Uint8Array<ArrayBuffer>) =>
  c.body(typeof json === 'string' && json.length > AS_BYTES ? utf8.encode(json) : json, 200, { 'Content-Type': 'application/json; charset=utf-8' });

/** A CSV download (an export the domain wrote), saved under `filename`. */
export const csvAnswer = (c: Context, { csv, filename }: { csv: string; filename: string }) =>
  c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
