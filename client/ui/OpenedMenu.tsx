/**
 * Headless UI's menu, in a chunk of its own: every menu is a plain button until first pressed
 * (`MenuOnFirstPress`, client/ui/Menu.tsx), so the menu and the floating anchor it brings load when
 * a user heads for one (docs/decisions/264-popups-load-when-wanted.md).
 */
import { Menu as HMenu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link } from 'wouter';
import { anchorAt } from './anchor';
import { cx } from './cx';
import { useOpenedOnMount } from './first-press';
import { menuButtonClass, type MenuProps } from './menu-shape';

const itemBase = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm data-focus:bg-neutral-100 data-disabled:opacity-50';
const itemClass = cx(itemBase, 'text-neutral-700 data-focus:text-neutral-900');
/** A destructive item (Delete) in red: the colour is the item's own, not added over the neutral one (which would win). */
const dangerItemClass = cx(itemBase, 'text-danger-700 data-focus:text-danger-800');

/** A dropdown menu: arrow keys, typeahead and Escape work (Headless UI). Mounted when its stand-in is pressed: open, its button focused, as it appears. */
export function OpenedMenu({ button, buttonLabel, buttonClassName, items, header, align = 'end' }: MenuProps) {
  const buttonRef = useOpenedOnMount<HTMLButtonElement>(true);
  return (
    <HMenu>
      <MenuButton ref={buttonRef} className={cx(menuButtonClass, buttonClassName)}>
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

