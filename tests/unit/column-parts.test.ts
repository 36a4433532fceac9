/**
 * A kept columns part patched row by row (worker/sync/column-parts.ts): items are found whatever
 * their JSON holds, rows are taken out and put at the end, and a patched part patched again (its
 * item starts kept, not scanned) is sent as the rows it should hold, its integer column as
 * differences the client reads back.
 */
import { describe, expect, it } from 'vitest';
import { expandPatch, type CompactPatchOperation } from '../../sync/patch-columns';
import { itemList, itemStarts, patchedPart, renderColumnsPart, type ColumnItems, type ColumnsPart } from '../../worker/sync/column-parts';
import type { ColumnLayout } from '../../worker/sync/values';

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** A part of `rows` (id → [title, tags, count]) as SQLite writes one: comma-separated JSON items per column. */
function partOf(rows: [string, [string | null, unknown, number | null]][]): ColumnItems {
  const column = (values: unknown[]) => itemList(values.map((v) => JSON.stringify(v)).join(','));
  return {
    n: rows.length,
    ids: column(rows.map(([id]) => id)),
    columns: [0, 1, 2].map((i) => column(rows.map(([, fields]) => fields[i]))),
  };
}

const layout: ColumnLayout = { fields: ['id', 'title', 'tags', 'count'], idFields: ['id'], deltaFields: ['count'], sent: ['title', 'tags', 'count'] };
const patched = (kept: ColumnsPart, changed: string[], fresh: ColumnItems) => patchedPart('row', layout, kept.items, new Set(changed), fresh);

/** The part's rows as the client reads them (id → its fields, in the order sent); its kept items read the same. */
function rowsOf(part: ColumnsPart) {
  const sent = expandPatch([JSON.parse(text.decode(part.text)) as CompactPatchOperation]).map((op) => {
    const { id, title, tags, count } = (op as unknown as { value: { id: string; title: unknown; tags: unknown; count: unknown } }).value;
    return [id, [title, tags, count]] as const;
  });
  const read = (bytes: Uint8Array) => JSON.parse(`[${text.decode(bytes)}]`) as unknown[];
  const columns = part.items.columns.map((c) => read(c.bytes));
  expect(sent).toEqual((read(part.items.ids.bytes) as string[]).map((id, i) => [id, columns.map((c) => c[i])]));
  expect(sent).toHaveLength(part.n);
  return new Map(sent);
}

const AWKWARD = 'a, "b" [c] {d}, \\ e — ✓ 日本';

describe('a columns part patched row by row', () => {
  it('finds each item however its JSON nests and escapes', () => {
    const items = ['"a,b"', '{"x":[1,{"y":"],"}]}', 'null', '-12', '"\\"quoted, \\\\"', '[]', '"✓, 日本"'];
    const starts = itemStarts(utf8.encode(items.join(',')), items.length);
    const bytes = utf8.encode(items.join(','));
    expect([...starts.slice(0, -1)].map((s, i) => text.decode(bytes.subarray(s, starts[i + 1] - 1)))).toEqual(items);
    expect(() => itemStarts(utf8.encode('1,2'), 3)).toThrow();
  });

  it('takes changed and gone rows out, puts the changed ones last, and patches a patched part again', () => {
    const kept = renderColumnsPart('row', layout, partOf([
      ['r1', ['one', ['x'], 1]],
      ['r2', [AWKWARD, { k: AWKWARD }, null]],
      ['r3', [null, [], 3]],
      ['r4', ['four', [1, [2]], 4]],
    ]));
    const once = patched(kept, ['r2', 'r4', 'r9'], partOf([['r2', ['two', ['y, z'], 2]]]));
    expect([...rowsOf(once).keys()]).toEqual(['r1', 'r3', 'r2']);
    expect(rowsOf(once).get('r2')).toEqual(['two', ['y, z'], 2]);
    expect(once.items.columns.every((c) => c.starts)).toBe(true);

    const twice = patched(once, ['r1'], partOf([['r5', [AWKWARD, null, 5]], ['r1', ['uno', [], 1]]]));
    expect([...rowsOf(twice)]).toEqual([
      ['r3', [null, [], 3]],
      ['r2', ['two', ['y, z'], 2]],
      ['r5', [AWKWARD, null, 5]],
      ['r1', ['uno', [], 1]],
    ]);
    // The starts carried along are where a scan finds the items.
    for (const list of [twice.items.ids, ...twice.items.columns]) expect([...list.starts!]).toEqual([...itemStarts(list.bytes, twice.n)]);

    const emptied = patched(twice, ['r1', 'r2', 'r3', 'r5'], partOf([]));
    expect(emptied.n).toBe(0);
    expect(emptied.items.columns.map((c) => c.bytes.byteLength)).toEqual([0, 0, 0]);
  });
});
