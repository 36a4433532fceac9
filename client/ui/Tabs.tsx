import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef {
  label: ReactNode;
  content: ReactNode;
}

/** The tab the arrow keys, Home and End move to from `at` among `count` (wrapping), or null for another key. */
function tabFromKey(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Tabs as the ARIA pattern has them, of plain elements (a plain element costs nothing at start-up;
 * the kit's shared chunk loads on every screen): one Tab stop, the arrow keys (and Home, End) move
 * to a tab and show its panel, only the shown panel is rendered. Controlled when `selectedIndex` is
 * given. The tab and the panel (a Tab stop of its own) show a ring on keyboard focus (:focus-visible).
 */
export function Tabs({ tabs, selectedIndex, onChange }: { tabs: TabDef[]; selectedIndex?: number; onChange?: (index: number) => void }) {
  const [ownIndex, setOwnIndex] = useState(0);
  const selected = Math.min(selectedIndex ?? ownIndex, tabs.length - 1);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    if (selectedIndex === undefined) setOwnIndex(index);
    if (index !== selected) onChange?.(index);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabFromKey(event.key, selected, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b border-neutral-200">
        {tabs.map((t, i) => (
          <button
            key={i}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}tab${i}`}
            aria-selected={i === selected}
            aria-controls={i === selected ? `${id}panel` : undefined}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => select(i)}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600 aria-selected:border-accent-700 aria-selected:text-accent-800"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="pt-4">
        <div role="tabpanel" id={`${id}panel`} aria-labelledby={`${id}tab${selected}`} tabIndex={0} className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-600">
          {tabs[selected]?.content}
        </div>
      </div>
    </div>
  );
}
