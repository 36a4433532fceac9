/**
 * An area's part of a reset in the compact patch (`put-columns`, sync/patch-columns.ts), kept with
 * its items as SQLite wrote them (`ColumnItems`). The first reset after a few changes in the HOA is
 * then the kept part with those rows taken out and their current values put at the end
 * (`patchedPart`), instead of SQLite writing every row of the area again: the order of the rows
 * in a part means nothing to the client, which keys each one.
 *
 * Items are JSON values separated by commas outside strings, arrays and objects. Integer columns
 * are kept as SQLite wrote them and become differences (`deltaColumn`) only when the part is
 * rendered, so taking a row out never leaves a wrong difference behind it.
 */
import { prefixOf } from '../../sync/keys';
import { deltaColumn, type ColumnLayout } from './values';

/**
 * Comma-separated JSON items; `starts` (as `itemStarts` gives them) in a patched part, so the next
 * patch need not scan its bytes again.
 */
export interface ItemList {
  bytes: Uint8Array<ArrayBuffer>;
  starts?: Uint32Array;
}

/** The rows of a part: how many, their ids (JSON strings), and per sent field (`ColumnLayout.sent`) their items in the ids' order. */
export interface ColumnItems {
  n: number;
  ids: ItemList;
  columns: ItemList[];
  /** The ids as strings, in a patched part. */
  rowIds?: string[];
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Text and bytes as one UTF-8 byte array. */
export function concatBytes(parts: (string | ArrayBuffer | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const bytes = parts.map((p) => (typeof p === 'string' ? utf8.encode(p) : p instanceof Uint8Array ? p : new Uint8Array(p)));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

/** A column as SQLite gave it (a BLOB, or text for an integer column) as items. */
export const itemList = (column: ArrayBuffer | string): ItemList => ({ bytes: typeof column === 'string' ? utf8.encode(column) : new Uint8Array(column) });

/** Items written as several runs (a patch's: kept runs and fresh items, commas between), with where each starts. */
interface Runs {
  runs: Uint8Array[];
  length: number;
  starts: Uint32Array;
}

const isRuns = (list: ItemList | Runs): list is Runs => 'runs' in list;
const byteLength = (list: ItemList | Runs) => (isRuns(list) ? list.length : list.bytes.byteLength);

/**
 * The part as the patch sends it, one `put-columns` operation with integer columns as differences,
 * and its items as kept: ids and the other columns are views into the text (one copy of the bytes,
 * written once), integer columns their own bytes as SQLite wrote them.
 */
export function renderColumnsPart(space: string, layout: ColumnLayout, rows: { n: number; ids: ItemList | Runs; columns: (ItemList | Runs)[]; rowIds?: string[] }): ColumnsPart {
  const head = `{"op":"put-columns","prefix":${JSON.stringify(prefixOf(space))},"fields":${JSON.stringify(layout.fields)},"idFields":${JSON.stringify(layout.idFields)},"deltaFields":${JSON.stringify(layout.deltaFields)},"ids":[`;
  const deltas = layout.sent.map((field, i) => {
    if (!layout.deltaFields.includes(field)) return null;
    const list = rows.columns[i];
    const raw: ItemList = isRuns(list) ? { bytes: concatBytes(list.runs), starts: list.starts } : list;
    return { raw, sent: deltaColumn(raw.bytes) };
  });
  const pieces: (string | ItemList | Runs | Uint8Array)[] = [head, rows.ids, '],"columns":{'];
  layout.sent.forEach((field, i) => pieces.push(`${i ? ',' : ''}${JSON.stringify(field)}:[`, deltas[i]?.sent ?? rows.columns[i], ']'));
  pieces.push('}}');
  const encoded = pieces.map((p) => (typeof p === 'string' ? utf8.encode(p) : p));
  const text = new Uint8Array(encoded.reduce((n: number, p) => n + (p instanceof Uint8Array ? p.byteLength : byteLength(p)), 0));
  const placed = new Map<ItemList | Runs, ItemList>();
  let at = 0;
  for (const piece of encoded) {
    if (piece instanceof Uint8Array) {
      text.set(piece, at);
      at += piece.byteLength;
      continue;
    }
    const start = at;
    if (isRuns(piece)) {
      for (const run of piece.runs) {
        text.set(run, at);
        at += run.byteLength;
      }
    } else {
      text.set(piece.bytes, at);
      at += piece.bytes.byteLength;
    }
    placed.set(piece, { bytes: text.subarray(start, at), starts: piece.starts });
  }
  const items: ColumnItems = {
    n: rows.n,
    ids: placed.get(rows.ids)!,
    columns: rows.columns.map((list, i) => deltas[i]?.raw ?? placed.get(list)!),
    rowIds: rows.rowIds,
  };
  return { n: rows.n, text, items };
}

/** What `renderColumnsPart` gives: a part of the patch with its items (counted.ts `PatchPart`). */
export interface ColumnsPart {
  n: number;
  text: Uint8Array<ArrayBuffer>;
  items: ColumnItems;
}

const COMMA = 0x2c;
const COMMA_BYTE = new Uint8Array([COMMA]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Where each of the `n` items starts, and at `n` one past the end (as if a comma followed): item
 * `i` is `bytes[starts[i], starts[i + 1] - 1)`. UTF-8 never uses an ASCII byte inside a longer
 * character, so a byte-wise scan finds the separators. Plain comparisons: a Set looked up per byte
 * made a 10,000-row part's scan several times slower.
 */
export function itemStarts(bytes: Uint8Array, n: number): Uint32Array {
  const starts = new Uint32Array(n + 1);
  let found = 1;
  let depth = 0;
  let inString = false;
  const length = bytes.length;
  for (let i = 0; i < length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === COMMA) {
      if (depth === 0) starts[found++] = i + 1;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) depth++;
    else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  if (n > 0 && found !== n) throw new Error(`a kept column holds ${found} items, its part ${n} rows`);
  starts[n] = length + 1;
  return starts;
}

/** `kept` (`n` items) without the items at `drop` (ascending indexes), then `fresh` (`freshN` items), as runs, with where each item starts. */
function spliced(kept: ItemList, n: number, drop: number[], fresh: ItemList, freshN: number): ItemList | Runs {
  if (drop.length === 0 && freshN === 0) return kept;
  // Found here when the part was computed whole: not stored on it, whose kept size is already counted.
  const starts = kept.starts ?? itemStarts(kept.bytes, n);
  const out = new Uint32Array(n - drop.length + freshN + 1);
  const runs: Uint8Array[] = [];
  let item = 0;
  let at = 0;
  /** Items [from, to) of `list`, after a comma unless they come first. */
  const take = (list: ItemList, listStarts: Uint32Array, from: number, to: number) => {
    if (to <= from) return;
    if (at > 0) {
      runs.push(COMMA_BYTE);
      at++;
    }
    const first = listStarts[from];
    const end = listStarts[to] - 1;
    for (let i = from; i < to; i++) out[item++] = listStarts[i] - first + at;
    runs.push(list.bytes.subarray(first, end));
    at += end - first;
  };
  let from = 0;
  for (const end of [...drop, n]) {
    take(kept, starts, from, end);
    from = end + 1;
  }
  take(fresh, itemStarts(fresh.bytes, freshN), 0, freshN);
  out[item] = at + 1;
  return { runs, length: at, starts: out };
}

/**
 * The kept rows without those the change log names (`changed`: changed, gone or no longer visible),
 * then the current values of the changed rows still visible (`fresh`, in the same layout), rendered
 * as the part the patch sends (`renderColumnsPart`).
 */
export function patchedPart(space: string, layout: ColumnLayout, kept: ColumnItems, changed: ReadonlySet<string>, fresh: ColumnItems): ColumnsPart {
  const ids = kept.rowIds ?? (kept.n > 0 ? (JSON.parse(`[${fromUtf8.decode(kept.ids.bytes)}]`) as string[]) : []);
  const drop: number[] = [];
  ids.forEach((id, i) => changed.has(id) && drop.push(i));
  const freshIds = fresh.n > 0 ? (JSON.parse(`[${fromUtf8.decode(fresh.ids.bytes)}]`) as string[]) : [];
  const dropped = new Set(drop);
  return renderColumnsPart(space, layout, {
    n: kept.n - drop.length + fresh.n,
    ids: spliced(kept.ids, kept.n, drop, fresh.ids, fresh.n),
    columns: kept.columns.map((column, i) => spliced(column, kept.n, drop, fresh.columns[i], fresh.n)),
    rowIds: [...ids.filter((_, i) => !dropped.has(i)), ...freshIds],
  });
}

/**
 * What a part's items take in memory besides its rendered text (which the ids and most columns are
 * views into): integer columns' own bytes, starts, and about 50 bytes per id string.
 */
export function itemsSize(items: ColumnItems, text: Uint8Array): number {
  const own = (list: ItemList) => (list.bytes.buffer === text.buffer ? 0 : list.bytes.byteLength);
  return [items.ids, ...items.columns].reduce((size, list) => size + own(list) + (list.starts?.byteLength ?? 0), items.rowIds ? items.rowIds.length * 50 : 0);
}
