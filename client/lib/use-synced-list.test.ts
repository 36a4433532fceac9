import { describe, expect, it } from 'vitest';
import { applyListView } from './use-synced-list';

const items = Array.from({ length: 25 }, (_, i) => ({ id: i, even: i % 2 === 0 }));

describe('applyListView', () => {
  it('filters, sorts, then shows the first pages', () => {
    const view = applyListView(items, { filter: (x) => x.even, sort: (a, b) => b.id - a.id, limit: 5 });
    expect(view.shown.map((x) => x.id)).toEqual([24, 22, 20, 18, 16]);
    expect(view.total).toBe(13);
    expect(view.hasMore).toBe(true);
  });

  it('has no more once the limit covers every match, and never mutates the input', () => {
    const copy = [...items];
    const view = applyListView(items, { sort: (a, b) => b.id - a.id, limit: 25 });
    expect(view.shown).toHaveLength(25);
    expect(view.hasMore).toBe(false);
    expect(items).toEqual(copy);
  });
});
