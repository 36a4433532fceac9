import { Menu as HMenu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { anchorAt } from './anchor';
import { cx } from './cx';
import { pressedBy, useOpenedOnMount } from './first-press';

export type MenuEntry =
  | { kind?: 'link'; label: ReactNode; href: string; icon?: ReactNode }
  | { kind: 'action'; label: ReactNode; onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean }
  | { kind: 'separator' };

const itemBase = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm data-focus:bg-neutral-100 data-disabled:opacity-50';
const itemClass = cx(itemBase, 'text-neutral-700 data-focus:text-neutral-900');
/** A destructive item (Delete) in red: the colour is the item's own, not added over the neutral one (which would win). */
const dangerItemClass = cx(itemBase, 'text-danger-700 data-focus:text-danger-800');

const buttonClass = 'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

interface MenuProps {
  button: ReactNode;
  buttonLabel: string;
  buttonClassName?: string;
  items: MenuEntry[];
  header?: ReactNode;
  /** Which edge of the button the menu lines up with: `end` (the default) for a button at the right, `start` for one that may sit at the left (a filters row wraps). */
  align?: 'start' | 'end';
}

/** A dropdown menu: arrow keys, typeahead and Escape work (Headless UI). `openOnMount`: open, its button focused, as it appears. */
export function Menu({ button, buttonLabel, buttonClassName, items, header, align = 'end', openOnMount = false }: MenuProps & { openOnMount?: boolean }) {
  const buttonRef = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <HMenu>
      <MenuButton ref={buttonRef} className={cx(buttonClass, buttonClassName)}>
        {button}
        {/* After the visible content, so the accessible name starts with what is seen. */}
        <span className="sr-only">{buttonLabel}</span>
      </MenuButton>
      {/* padding: a menu wider than its button stays off the screen's edge on a phone. */}
      <MenuItems
        anchor={anchorAt(`bottom ${align}`, 6, 12)}
        transition
        className="z-40 min-w-52 rounded-lg border border-neutral-200 bg-white p-1 shadow-popover transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0 motion-reduce:transition-none"
      >
        {header && <div className="px-3 py-2">{header}</div>}
        {items.map((item, i) => {
          if (item.kind === 'separator') return <MenuSeparator key={i} className="my-1 h-px bg-neutral-200" />;
          if (item.kind === 'action') {
            return (
              <MenuItem key={i} disabled={item.disabled}>
                <button type="button" onClick={item.onSelect} className={item.danger ? dangerItemClass : itemClass}>
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

/**
 * A menu that is seldom opened: a plain button until it is first pressed, then the Menu, open.
 * Mounting Headless UI's menu is most of a list row's render cost and most rows' menus are never
 * opened (list benchmark, documents at load average 13-14: a filter change from applied to committed,
 * p50 18 → 4.6 ms); the frame's account menu is on every signed-in screen's start-up
 * (docs/decisions/256-frame-without-headless-ui-at-start.md).
 */
export function MenuOnFirstPress(props: MenuProps) {
  const [used, setUsed] = useState(false);
  if (used) return <Menu {...props} openOnMount />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={cx(buttonClass, props.buttonClassName)}
      {...pressedBy(() => setUsed(true))}
    >
      {props.button}
      <span className="sr-only">{props.buttonLabel}</span>
    </button>
  );
}
