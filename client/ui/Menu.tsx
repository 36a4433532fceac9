import { Menu as HMenu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from './cx';

export type MenuEntry =
  | { kind?: 'link'; label: ReactNode; href: string; icon?: ReactNode }
  | { kind: 'action'; label: ReactNode; onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean }
  | { kind: 'separator' };

const itemClass = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-neutral-700 data-focus:bg-neutral-100 data-focus:text-neutral-900 data-disabled:opacity-50';

/** A dropdown menu: arrow keys, typeahead and Escape work (Headless UI). */
export function Menu({ button, buttonLabel, buttonClassName, items, header }: { button: ReactNode; buttonLabel: string; buttonClassName?: string; items: MenuEntry[]; header?: ReactNode }) {
  return (
    <HMenu>
      <MenuButton className={cx('rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600', buttonClassName)}>
        {button}
        {/* After the visible content, so the accessible name starts with what is seen. */}
        <span className="sr-only">{buttonLabel}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 6 }}
        transition
        className="z-40 min-w-52 rounded-lg border border-neutral-200 bg-white p-1 shadow-popover transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0 motion-reduce:transition-none"
      >
        {header && <div className="px-3 py-2">{header}</div>}
        {items.map((item, i) => {
          if (item.kind === 'separator') return <MenuSeparator key={i} className="my-1 h-px bg-neutral-200" />;
          if (item.kind === 'action') {
            return (
              <MenuItem key={i} disabled={item.disabled}>
                <button type="button" onClick={item.onSelect} className={cx(itemClass, item.danger && 'text-danger-700 data-focus:text-danger-800')}>
                  {item.icon}
                  {item.label}
                </button>
              </MenuItem>
            );
          }
          return (
            <MenuItem key={i}>
              <Link href={item.href} className={itemClass}>
                {item.icon}
                {item.label}
              </Link>
            </MenuItem>
          );
        })}
      </MenuItems>
    </HMenu>
  );
}
