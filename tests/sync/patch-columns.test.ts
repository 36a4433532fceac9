/**
 * The compact patch's pieces on their own: the server's differences (`deltaColumn`) read back by the
 * client (`undelta`), and `expandPatch` rebuilding standard operations in order. The whole path, SQL
 * to expanded operations, is held to the plain pull in patch-text.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { expandPatch, undelta, type PutColumnsOperation } from '../../sync/patch-columns';
import { deltaColumn, deltaColumnText } from '../../worker/sync/values';

const utf8 = new TextEncoder();
const text = new TextDecoder();

describe('integer columns sent as differences', () => {
  it('read back to the same numbers, nulls kept where they were', () => {
    const items = [1794860831227, 1794860771227, null, 1794860711227, 0, -5, null, 7];
    const sent = text.decode(deltaColumn(utf8.encode(items.map((v) => JSON.stringify(v)).join(','))));
    expect(sent).toBe('1794860831227,-60000,null,-60000,-1794860711227,-5,null,12');
    expect(undelta(JSON.parse(`[${sent}]`))).toEqual(items);
    expect(text.decode(deltaColumn(utf8.encode('null,null')))).toBe('null,null');
    expect(text.decode(deltaColumn(utf8.encode('0')))).toBe('0');
  });

  it('a column holding a real is read as numbers, not digits', () => {
    const items = '5,7.5,null,-2';
    expect(text.decode(deltaColumn(utf8.encode(items)))).toBe(deltaColumnText(items));
    expect(undelta(JSON.parse(`[${deltaColumnText(items)}]`))).toEqual([5, 7.5, null, -2]);
  });

  it('refuses a difference column holding something else', () => {
    expect(() => undelta([1, 'two'])).toThrow(/non-number/);
  });
});

const columns = (over: Partial<PutColumnsOperation> = {}): PutColumnsOperation => ({
  op: 'put-columns',
  prefix: 'announcement/',
  fields: ['id', 'title', 'createdBy', 'createdAt'],
  idFields: ['id'],
  deltaFields: ['createdAt'],
  ids: ['a1', 'a2'],
  columns: { title: ['Pool "opens"', 'Dues'], createdBy: [{ id: 'u1', name: 'Ben' }, null], createdAt: [1000, -400] },
  ...over,
});

describe('expandPatch', () => {
  it('gives one put per id, fields in order, in the place of the columns operation', () => {
    const ops = expandPatch([{ op: 'clear' }, columns(), { op: 'del', key: 'invoice/i9' }]);
    expect(ops).toEqual([
      { op: 'clear' },
      { op: 'put', key: 'announcement/a1', value: { id: 'a1', title: 'Pool "opens"', createdBy: { id: 'u1', name: 'Ben' }, createdAt: 1000 } },
      { op: 'put', key: 'announcement/a2', value: { id: 'a2', title: 'Dues', createdBy: null, createdAt: 600 } },
      { op: 'del', key: 'invoice/i9' },
    ]);
    expect(Object.keys((ops[1] as { value: object }).value)).toEqual(['id', 'title', 'createdBy', 'createdAt']);
  });

  it('returns a plain patch as it is', () => {
    const plain = [{ op: 'del' as const, key: 'request/r1' }];
    expect(expandPatch(plain)).toBe(plain);
  });

  it('refuses a column that does not hold one item per id', () => {
    expect(() => expandPatch([columns({ columns: { title: ['only one'], createdBy: [null, null], createdAt: [1, 2] } })])).toThrow(/column title does not hold 2 items/);
  });
});
