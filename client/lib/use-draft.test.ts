import { describe, expect, it } from 'vitest';
import { nextDraft, type Draft } from './use-draft';

const member = { name: 'Rita Resident', status: 'invited', phone: '' };
type Values = typeof member;
const opened = (source: Values, id = 'u1') => nextDraft<Values>(null, source, id)!;
const typed = (d: Draft<Values>, change: Partial<Values>): Draft<Values> => ({ ...d, values: { ...d.values, ...change } });

describe("an edit dialog's values follow the record it edits", () => {
  it("opens with the record's values, and a new object of the same value changes nothing", () => {
    const d = opened(member);
    expect(d.values).toEqual(member);
    expect(nextDraft(d, { ...member }, 'u1')).toBe(d);
  });

  it("a save arriving through sync updates the fields the user has not touched, and keeps the ones they changed", () => {
    const d = typed(opened(member), { phone: '555-0100' });
    const next = nextDraft(d, { ...member, status: 'inactive', phone: '555-0199' }, 'u1')!;
    expect(next.values).toEqual({ name: 'Rita Resident', status: 'inactive', phone: '555-0100' });
    // A field typed back to what it was counts as untouched again.
    const back = typed(next, { phone: '555-0199' });
    expect(nextDraft(back, { ...member, status: 'inactive', phone: '555-0200' }, 'u1')!.values.phone).toBe('555-0200');
  });

  it('keeps the last values while closed (the closing panel) and starts afresh at the next open, of the same record too', () => {
    const d = typed(opened(member), { name: 'Rita R.' });
    const closed = nextDraft(d, null, undefined)!;
    expect(closed.values.name).toBe('Rita R.');
    expect(nextDraft(closed, null, undefined)).toBe(closed);
    expect(nextDraft(closed, member, 'u1')!.values).toEqual(member);
  });

  it('starts afresh for another record without a close between', () => {
    const d = typed(opened(member), { name: 'Rita R.' });
    expect(nextDraft(d, { ...member, name: 'Marcus Lee' }, 'u2')!.values.name).toBe('Marcus Lee');
  });
});
