/**
 * A synced value as SQLite builds it (`SyncValueSql`: its fields in order and the tables they read
 * besides the area's own), in the two forms the server sends:
 * - a row per value (`rowValuesSql`): columns `id` and `json` (json_object). REST reads and the
 *   standard Replicache patch use it.
 * - one row per area (`columnValuesSql`): each field of every value as one JSON array body, the
 *   compact patch of sync/patch-columns.ts. Integer columns are sent as differences from the value
 *   before (`deltaColumn`), so near-sequential times compress to almost nothing.
 */
import { is, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
import { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { renderStatement } from '../db';
import { placeholderViewer, statementFor } from './statements';
import type { ServerSyncArea, SyncValueSql, Viewer } from './types';

export type { SyncValueSql };

/** Which rows' values: those in a list of ids (a statement selecting `row_id`), or every visible row. */
export type WantedRows = SQL | 'every visible row';

/**
 * The rows a value is read from: the area's visible rows, those whose id is in `ids` unless every
 * visible row is wanted. The CROSS JOIN walks the wanted ids first, so the cost follows the ids,
 * not the table; every visible row is read straight from the table (a pull's reset: no join).
 */
function fromWanted(area: ServerSyncArea, viewer: Viewer, ids: WantedRows, joins: SQL | undefined): SQL {
  if (ids === 'every visible row') return sql`FROM ${area.table} ${joins ?? sql``} WHERE ${area.visible(viewer)}`;
  return sql`FROM (${ids}) AS wanted CROSS JOIN ${area.table} ${joins ?? sql``}
    WHERE ${area.id} = wanted.row_id AND ${area.visible(viewer)}`;
}

const fieldName = (name: string) => {
  // Names are written into the SQL text as literals.
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`synced field name ${name} is not a plain identifier`);
  return sql.raw(`'${name}'`);
};

/** `rowValuesSql` built whole by drizzle; what it renders must equal the fast path's (tests/sync/row-values.test.ts). */
export function buildRowValuesSql(area: ServerSyncArea, viewer: Viewer, ids: WantedRows): SQL {
  const { fields, joins } = area.value(viewer);
  const pairs = Object.entries(fields).map(([name, expr]) => sql`${fieldName(name)}, ${expr}`);
  return sql`SELECT ${area.id} AS id, json_object(${sql.join(pairs, sql`, `)}) AS json ${fromWanted(area, viewer, ids, joins)}`;
}

/** Stands where the wanted ids go while a statement is rendered once; never reaches SQLite. */
const WANTED_IDS = '\u2063wanted ids\u2063';

/** A part of a rendered statement: its text cut at each parameter, and the parameters (viewer placeholders among them). */
interface RenderedPart {
  texts: string[];
  params: unknown[];
}

/** `texts` and `params` of a rendered piece, or null when a `?` stands in its text for something else than a parameter. */
function partOf(text: string, params: unknown[]): RenderedPart | null {
  const texts = text.split('?');
  return texts.length === params.length + 1 ? { texts, params } : null;
}

/** The part as a statement again, the viewer's ids in place of their placeholders: drizzle renders it in a few steps. */
function withViewer(part: RenderedPart, viewer: Viewer): SQL {
  const chunks: (StringChunk | Param | Placeholder)[] = [new StringChunk(part.texts[0])];
  part.params.forEach((value, i) => {
    // drizzle renders a placeholder as itself, or as the Param that wraps it.
    const placeholder = is(value, Placeholder) ? value : is(value, Param) && is(value.value, Placeholder) ? value.value : null;
    const filled: unknown = placeholder ? viewer[placeholder.name as 'hoaId' | 'userId'] : value;
    // A placeholder viewer's ids stay placeholders (a statement that is itself rendered once, the pull's).
    chunks.push(is(filled, Placeholder) ? filled : new Param(filled), new StringChunk(part.texts[i + 1]));
  });
  return new SQL(chunks);
}

/**
 * The statement of `rowValuesSql` rendered once per area, role and kind of wanted rows, from a
 * placeholder viewer (the role alone shapes it, as for the pull's statements): `before` and `after`
 * the wanted ids, or `whole` for every visible row. Null when the text cannot be cut at its parameters.
 */
type RenderedRowValues = { whole: RenderedPart } | { before: RenderedPart; after: RenderedPart } | null;
export function renderedRowValues(area: ServerSyncArea, role: Viewer['role'], every: boolean): RenderedRowValues {
  return statementFor<RenderedRowValues>(area, `rowValues:${role}:${every ? 'every' : 'wanted'}`, () => {
    const rendered = renderStatement(buildRowValuesSql(area, placeholderViewer(role), every ? 'every visible row' : sql.raw(WANTED_IDS)));
    if (every) {
      const whole = partOf(rendered.sql, rendered.params);
      return whole && { whole };
    }
    const [beforeText, afterText, ...more] = rendered.sql.split(WANTED_IDS);
    if (afterText === undefined || more.length) return null;
    const split = beforeText.split('?').length - 1;
    const before = partOf(beforeText, rendered.params.slice(0, split));
    const after = partOf(afterText, rendered.params.slice(split));
    return before && after && { before, after };
  });
}

/**
 * The values of the wanted visible rows, a row each: `id` and `json` (the value as JSON text).
 * The value's long statement is rendered once (`renderedRowValues`) and only the wanted ids are
 * rendered per call: drizzle building it took about a fifth of a REST list's page.
 */
export function rowValuesSql(area: ServerSyncArea, viewer: Viewer, ids: WantedRows): SQL {
  const every = ids === 'every visible row';
  const rendered = renderedRowValues(area, viewer.role, every);
  if (!rendered) return buildRowValuesSql(area, viewer, ids);
  if ('whole' in rendered) return withViewer(rendered.whole, viewer);
  return sql`${withViewer(rendered.before, viewer)}${ids}${withViewer(rendered.after, viewer)}`;
}

/** How each field of an area's values travels in the column form. */
export interface ColumnLayout {
  fields: string[];
  /** Fields equal to the row id: not sent, read from the ids. */
  idFields: string[];
  /** Integer columns: sent as differences from the value before (`deltaColumn`). */
  deltaFields: string[];
  /** The fields sent, in the order of the statement's columns `c0`, `c1`, … */
  sent: string[];
}

/**
 * The values of the wanted visible rows as one row: `n` (how many), `ids` (the row ids as JSON
 * array items, comma-separated) and per sent field `c<i>` its JSON items in the same order; all as
 * BLOBs, bytes SQLite wrote that go on the wire as they are (delta fields excepted, as text).
 * json_quote turns text into a JSON string, NULL into null, and leaves JSON from json() as it is.
 */
export function columnValuesSql(area: ServerSyncArea, viewer: Viewer, ids: WantedRows): { statement: SQL; layout: ColumnLayout } {
  const { fields, joins } = area.value(viewer);
  const layout: ColumnLayout = { fields: Object.keys(fields), idFields: [], deltaFields: [], sent: [] };
  const columns: SQL[] = [];
  for (const [name, expr] of Object.entries(fields)) {
    fieldName(name);
    if (expr === area.id) {
      layout.idFields.push(name);
      continue;
    }
    const delta = is(expr, SQLiteColumn) && expr.columnType === 'SQLiteInteger';
    if (delta) layout.deltaFields.push(name);
    const items = sql`group_concat(json_quote(${expr}), ',')`;
    columns.push(sql`, ${delta ? items : sql`CAST(${items} AS BLOB)`} AS ${sql.raw(`c${layout.sent.length}`)}`);
    layout.sent.push(name);
  }
  const statement = sql`SELECT count(*) AS n, CAST(group_concat(json_quote(${area.id}), ',') AS BLOB) AS ids${sql.join(columns)} ${fromWanted(area, viewer, ids, joins)}`;
  return { statement, layout };
}

/**
 * An integer column's items (`json_quote` output: integers or `null`) as differences from the item
 * before; the first from 0, a null stays null and leaves the running value as it was.
 * sync/patch-columns.ts `undelta` reads them back. Byte to byte, with no string per item: a reset of
 * 10,000 rows has five such columns. An item that is not an integer (a real stored in the column)
 * sends the column through `deltaColumnText`, which reads any number.
 */
export function deltaColumn(items: Uint8Array): Uint8Array {
  const out = new Uint8Array(items.length * 2 + 32);
  const digits = new Uint8Array(24);
  let at = 0;
  let previous = 0;
  let i = 0;
  while (i < items.length) {
    if (at > 0) out[at++] = COMMA;
    if (items[i] === N) {
      out.set(NULL, at);
      at += NULL.length;
      i += NULL.length + 1;
      continue;
    }
    const negative = items[i] === MINUS;
    if (negative) i++;
    let value = 0;
    for (; i < items.length && items[i] !== COMMA; i++) {
      const d = items[i] - ZERO;
      if (d < 0 || d > 9) return utf8.encode(deltaColumnText(fromUtf8.decode(items)));
      value = value * 10 + d;
    }
    i++;
    if (negative) value = -value;
    let difference = value - previous;
    previous = value;
    if (difference < 0) {
      out[at++] = MINUS;
      difference = -difference;
    }
    let count = 0;
    do {
      digits[count++] = ZERO + (difference % 10);
      difference = Math.floor(difference / 10);
    } while (difference > 0);
    while (count > 0) out[at++] = digits[--count];
  }
  return out.subarray(0, at);
}

const COMMA = 0x2c;
const MINUS = 0x2d;
const ZERO = 0x30;
const N = 0x6e;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
const NULL = utf8.encode('null');

/** `deltaColumn` for any JSON numbers, as text. */
export function deltaColumnText(items: string): string {
  let previous = 0;
  return items
    .split(',')
    .map((item) => {
      if (item === 'null') return item;
      const value = Number(item);
      const difference = value - previous;
      previous = value;
      return String(difference);
    })
    .join(',');
}
