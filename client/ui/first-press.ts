/**
 * Controls that are a plain element until first pressed (docs/decisions/256-frame-without-headless-ui-at-start.md):
 * a Headless UI menu or listbox mounted closed on a screen's first render costs its state machine and
 * floating anchor though most are never opened. The plain element looks and reads the same; pressed,
 * it gives way to the Headless UI control, which takes the focus and opens as it mounts.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';

/** The ref of a Headless UI menu or listbox button that, when `openOnMount`, is focused and opened as it mounts. */
export function useOpenedOnMount<E extends HTMLElement>(openOnMount: boolean) {
  const ref = useRef<E>(null);
  const done = useRef(false);
  useEffect(() => {
    // Once: StrictMode runs a mount's effects twice in development, and a second click closes it.
    if (!openOnMount || done.current) return;
    done.current = true;
    ref.current?.focus();
    // A click that is not a mouse's toggles Headless UI's menu and listbox buttons.
    ref.current?.click();
    // Only as it mounts.
  }, []);
  return ref;
}

/**
 * The handlers of a stand-in button: a click (also Enter and Space) and the arrow keys press it, as
 * they open Headless UI's menu and listbox buttons. With `load` (the control's chunk), heading for
 * the button (a pointer over it, the focus on it) starts loading it, and a press waits for it: the
 * stand-in stays, focused, until the control can take its place. A chunk that fails to load leaves
 * the stand-in; the next press tries again.
 */
export function pressedBy(press: () => void, load?: () => Promise<unknown>) {
  const pressed = load ? () => void load().then(press, () => {}) : press;
  const warm = load ? () => void load().catch(() => {}) : undefined;
  return {
    onClick: pressed,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      pressed();
    },
    onPointerEnter: warm,
    onFocus: warm,
  };
}
