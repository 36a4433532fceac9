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

/** A control in a chunk of its own (`lazyComponent`): loaded ahead, or asked whether it is there. */
export interface ControlChunk {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/**
 * The handlers of a stand-in button: a click (also Enter and Space) and the arrow keys press it, as
 * they open Headless UI's menu and listbox buttons. With `chunk` (the control's own), heading for
 * the button (a pointer over it, the focus on it) starts loading it, and a press before it is there
 * waits for it: the stand-in stays, focused, until the control can take its place. Once it is
 * there, a press takes effect in the same event, as it did before the control had a chunk of its
 * own. A chunk that fails to load leaves the stand-in; the next press tries again.
 */
export function pressedBy(press: () => void, chunk?: ControlChunk) {
  const pressed = () => (!chunk || chunk.isLoaded() ? press() : void chunk.preload().then(press, () => {}));
  const warm = chunk ? () => void chunk.preload().catch(() => {}) : undefined;
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
