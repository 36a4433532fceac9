/**
 * The compact patch a pull sends when asked (`POST /api/sync/pull?patch=columns`, the app's own
 * puller): an area's puts as one `put-columns` operation, each field of every value as one array, in
 * place of a `{"op":"put","key":…,"value":{…}}` per row. Field names and keys are sent once per
 * area, integer columns as differences from the value before. At 10,000 announcements that halves
 * the JSON and takes gzip from 483 to under 300 KiB (docs/decisions/163-compact-patch.md). `expandPatch` gives back the
 * standard operations, equal to what the plain pull sends (tests/sync/patch-text.test.ts).
 */
import type { PatchOperation, ReadonlyJSONValue } from 'replicache';

export const COLUMNS_PATCH_QUERY = 'patch=columns';

export interface PutColumnsOperation {
  op: 'put-columns';
  /** The key prefix (`<space>/`); a value's key is the prefix and its id. */
  prefix: string;
  ids: string[];
  /** Every field of the values, in order. */
  fields: string[];
  /** Fields equal to the row id: not in `columns`. */
  idFields: string[];
  /** Fields sent as differences from the item before (null stays null and leaves the running value). */
  deltaFields: string[];
  /** The other fields' items, one per id, in the order of `ids`. */
  columns: Record<string, ReadonlyJSONValue[]>;
}

export type CompactPatchOperation = PatchOperation | PutColumnsOperation;

/** The running sums of an integer column sent as differences. */
export function undelta(items: readonly ReadonlyJSONValue[]): (number | null)[] {
  let previous = 0;
  return items.map((item) => {
    if (item === null) return null;
    if (typeof item !== 'number') throw new Error('a difference column holds a non-number');
    previous += item;
    return previous;
  });
}

function expandColumns(op: PutColumnsOperation): PatchOperation[] {
  const n = op.ids.length;
  const sources = op.fields.map((field) => {
    if (op.idFields.includes(field)) return op.ids;
    const column = op.columns[field];
    if (!Array.isArray(column) || column.length !== n) throw new Error(`put-columns ${op.prefix}: column ${field} does not hold ${n} items`);
    return op.deltaFields.includes(field) ? undelta(column) : column;
  });
  const puts: PatchOperation[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const value: Record<string, ReadonlyJSONValue> = {};
    for (let f = 0; f < op.fields.length; f++) value[op.fields[f]] = sources[f][i];
    puts[i] = { op: 'put', key: op.prefix + op.ids[i], value };
  }
  return puts;
}

/** The standard operations of a patch that may hold `put-columns` operations, in the same order. */
export function expandPatch(ops: readonly CompactPatchOperation[]): PatchOperation[] {
  if (!ops.some((op) => op.op === 'put-columns')) return ops as PatchOperation[];
  return ops.flatMap((op) => (op.op === 'put-columns' ? expandColumns(op) : [op]));
}
