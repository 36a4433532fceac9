/**
 * The values of an edit dialog's form, drawn from the record it edits.
 *
 * - They are the record's from the first render of each open (an effect after the render showed the
 *   last record's values for a frame, and a press in that frame landed on controls about to change).
 * - While the dialog is open the record may change under it (sync brings the save of a moment ago,
 *   or another board member's): a field the user has not touched takes the new value, a field they
 *   changed keeps theirs. A new object of the same value changes nothing.
 * - Closed, the last values stay, so the closing panel does not flash the empty form.
 */
import { useCallback, useState, type SetStateAction } from 'react';
import { sameValue } from './same-value';

export interface Draft<V> {
  /** Which record (its id) the values were drawn from; a new one starts afresh. */
  identity: unknown;
  /** The record's values the draft last took in. */
  base: V;
  values: V;
  open: boolean;
}

/** The draft after a render with `source` (null: the dialog is closed); the same object when nothing changed. */
export function nextDraft<V extends object>(draft: Draft<V> | null, source: V | null, identity: unknown): Draft<V> | null {
  if (source === null) return draft && draft.open ? { ...draft, open: false } : draft;
  if (!draft || !draft.open || draft.identity !== identity) return { identity, base: source, values: source, open: true };
  if (sameValue(draft.base, source)) return draft;
  const values = { ...draft.values };
  for (const k of Object.keys(source) as (keyof V)[]) {
    if (sameValue(draft.values[k], draft.base[k])) values[k] = source[k];
  }
  return { ...draft, base: source, values };
}

/**
 * `source` is the record's values while the dialog is open (a new object each render is fine), null
 * while it is closed; `identity` names the record. Returns the values (null before the first open)
 * and their setter.
 */
export function useDraft<V extends object>(source: V | null, identity?: unknown): [V | null, (change: SetStateAction<V>) => void] {
  const [draft, setDraft] = useState<Draft<V> | null>(null);
  const next = nextDraft(draft, source, identity);
  // Adjusting state while rendering: React renders again at once, before anything is painted.
  if (next !== draft) setDraft(next);
  const setValues = useCallback(
    (change: SetStateAction<V>) => setDraft((d) => d && { ...d, values: typeof change === 'function' ? (change as (v: V) => V)(d.values) : change }),
    [],
  );
  return [next?.values ?? null, setValues];
}
