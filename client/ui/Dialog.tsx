import { useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { Button, type ButtonVariant } from './Button';
import type { DialogProps, OpenedDialogProps } from './OpenedDialog';

export type { DialogProps } from './OpenedDialog';

/**
 * A modal dialog: focus is trapped and Escape closes it (Headless UI). Most screens hold several
 * closed dialogs that are seldom opened: nothing is mounted, and Headless UI's dialog is not loaded
 * (its own chunk, client/ui/OpenedDialog.tsx), until the first open
 * (docs/decisions/262-dialogs-mounted-when-opened.md, 264-popups-load-when-wanted.md). Once opened
 * it stays mounted, so a close fades out and the focus goes back where it was.
 */
export function Dialog(props: DialogProps) {
  const opener = useOpener(props.open);
  if (!useOpenedOnce(props.open)) return null;
  return <OpenedDialog {...props} opener={opener} />;
}

/** The element a press last landed on: where a browser does not focus a pressed button (Safari), the opener of a dialog. */
let lastPressed: Element | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', (event) => (lastPressed = event.target instanceof Element ? (event.target.closest('button, a[href], [tabindex]') ?? event.target) : null), { capture: true });
}

/** The element that opened the dialog, taken as it opens: the focused one, or the one just pressed. */
function useOpener(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const pressed = lastPressed instanceof HTMLElement && lastPressed.isConnected ? lastPressed : null;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : pressed;
  }, [open]);
  return opener;
}

/** Headless UI's dialog, in its own chunk: loaded at a dialog's first open. */
const OpenedDialog = lazyComponent<OpenedDialogProps, typeof import('./OpenedDialog')>(() => import('./OpenedDialog'), 'OpenedDialog');

type PropsOf<C> = C extends ComponentType<infer P> ? P & object : never;

/** Whether a dialog is open or has been: it stays mounted once opened, so a close fades out. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}

/**
 * A screen's dialog in a chunk of its own, with what only it imports (its form, an address picker):
 * none of it loads with the screen. At its first open its chunk and Headless UI's dialog load side
 * by side. `isOpen` reads whether it is open from its props (`open`, or the record it edits).
 */
export function lazyDialog<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K, isOpen: (props: PropsOf<M[K]>) => boolean) {
  const Content = lazyComponent<PropsOf<M[K]>, M>(load, name);
  function LazyDialog(props: PropsOf<M[K]>) {
    if (!useOpenedOnce(isOpen(props))) return null;
    if (!Content.isLoaded()) void OpenedDialog.preload().catch(() => {});
    return <Content {...props} />;
  }
  return LazyDialog;
}

/**
 * The usual footer of a dialog: Cancel, then the action. `form` makes the action the submit button of
 * that form; otherwise `onClick` runs it. Busy: disabled with its busy text.
 */
export function DialogActions({
  onCancel,
  label,
  busy = false,
  busyText,
  form,
  onClick,
  variant = 'primary',
  disabled,
}: {
  onCancel: () => void;
  label: ReactNode;
  busy?: boolean;
  busyText?: ReactNode;
  form?: string;
  onClick?: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={form ? 'submit' : 'button'} form={form} variant={variant} busy={busy} busyText={busyText} onClick={onClick} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}
