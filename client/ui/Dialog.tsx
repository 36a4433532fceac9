import { useLayoutEffect, useState, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { Button, type ButtonVariant } from './Button';
import type { DialogProps } from './OpenedDialog';

export type { DialogProps } from './OpenedDialog';

/**
 * A modal dialog: focus is trapped and Escape closes it (Headless UI). Most screens hold several
 * closed dialogs that are seldom opened: nothing is mounted, and Headless UI's dialog is not loaded
 * (its own chunk, client/ui/OpenedDialog.tsx), until the first open
 * (docs/decisions/262-dialogs-mounted-when-opened.md, 264-popups-load-when-wanted.md). Once opened
 * it stays mounted, so a close fades out and the focus goes back where it was.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (props.open) setOpened(true);
  }, [props.open]);
  if (!opened && !props.open) return null;
  return <OpenedDialog {...props} />;
}

/** Headless UI's dialog, in its own chunk: loaded at a dialog's first open. */
const OpenedDialog = lazyComponent<DialogProps, typeof import('./OpenedDialog')>(() => import('./OpenedDialog'), 'OpenedDialog');

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
