import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('sameValue', () => {
  it('treats a row read back from storage as the row the cache holds', () => {
    const row = { id: 'a1', title: 'Pool closed', createdBy: { id: 'u1', name: 'Dana' }, deliveryMethods: ['in_app', 'email'], sentAt: null, version: 3 };
    expect(sameValue(row, JSON.parse(JSON.stringify(row)))).toBe(true);
  });

  it('tells rows apart by any field, nested or not, and by missing or extra keys', () => {
    const row = { id: 'a1', title: 'Pool closed', createdBy: { id: 'u1', name: 'Dana' }, tags: ['x'] };
    expect(sameValue(row, { ...row, title: 'Pool open' })).toBe(false);
    expect(sameValue(row, { ...row, createdBy: { id: 'u1', name: 'Dan' } })).toBe(false);
    expect(sameValue(row, { ...row, tags: ['x', 'y'] })).toBe(false);
    expect(sameValue(row, { ...row, extra: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
  });

  it('does not take an array for an object, null for an object, or a string for a number', () => {
    expect(sameValue([], {})).toBe(false);
    expect(sameValue({}, [])).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
    expect(sameValue(null, null)).toBe(true);
  });
});
