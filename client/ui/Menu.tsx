import { useState } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { cx } from './cx';
import { pressedBy } from './first-press';
import { menuButtonClass, type MenuProps } from './menu-shape';

export type { MenuEntry } from './menu-shape';

/**
 * A menu that is seldom opened: a plain button until it is first pressed, then Headless UI's menu, open.
 * Mounting Headless UI's menu is most of a list row's render cost and most rows' menus are never
 * opened (list benchmark, documents at load average 13-14: a filter change from applied to committed,
 * p50 18 → 4.6 ms); the frame's account menu is on every signed-in screen's start-up
 * (docs/decisions/256-frame-without-headless-ui-at-start.md). Headless UI's menu is in a chunk of its
 * own (client/ui/OpenedMenu.tsx), loaded when a user heads for the button.
 */
export function MenuOnFirstPress(props: MenuProps) {
  const [used, setUsed] = useState(false);
  if (used) return <OpenedMenu {...props} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={cx(menuButtonClass, props.buttonClassName)}
      {...pressedBy(() => setUsed(true), OpenedMenu)}
    >
      {props.button}
      <span className="sr-only">{props.buttonLabel}</span>
    </button>
  );
}

/** Headless UI's menu, in its own chunk (docs/decisions/264-popups-load-when-wanted.md). */
const OpenedMenu = lazyComponent<MenuProps, typeof import('./OpenedMenu')>(() => import('./OpenedMenu'), 'OpenedMenu');
