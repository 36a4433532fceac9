import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * `items`, the first `first` only until the rest have been rendered once, when `sliced`. The rest
 * follow in a transition, which React renders a slice at a time between the browser's tasks, so the
 * first of them paint without waiting on the others: on a phone's CPU, four times slower, a screen of
 * heavy items rendered in one task counts as blocking time. Once whole, every later render (a filter,
 * Load more, a synced change) renders every item.
 */
export function useInSlices<T>(items: T[], first: number, sliced = true): T[] {
  const [whole, setWhole] = useState(false);
  const cut = sliced && !whole && items.length > first;
  useEffect(() => {
    if (cut) startTransition(() => setWhole(true));
  }, [cut]);
  const head = useMemo(() => items.slice(0, first), [items, first]);
  return cut ? head : items;
}
