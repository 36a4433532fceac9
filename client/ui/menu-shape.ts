/** What a menu is made of, shared by its stand-in (client/ui/Menu.tsx) and Headless UI's menu (client/ui/OpenedMenu.tsx). */
import type { ReactNode } from 'react';

export type MenuEntry =
  | { kind?: 'link'; label: ReactNode; href: string; icon?: ReactNode }
  | { kind: 'action'; label: ReactNode; onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean }
  | { kind: 'separator' };

/** The menu's button, plain or Headless UI's. */
export const menuButtonClass = 'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

export interface MenuProps {
  button: ReactNode;
  buttonLabel: string;
  buttonClassName?: string;
  items: MenuEntry[];
  header?: ReactNode;
  /** Which edge of the button the menu lines up with: `end` (the default) for a button at the right, `start` for one that may sit at the left (a filters row wraps). */
  align?: 'start' | 'end';
}

