import { Dialog as HDialog, DialogPanel, DialogTitle, Description, DialogBackdrop } from '@headlessui/react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { cx } from './cx';
import { XIcon } from './icons';

/**
 * Whether a dialog's Headless UI parts are mounted, and whether they are told it is open. Most
 * screens hold several closed dialogs that are seldom opened, and each mounted closed cost its
 * transition and state on the screen's first render (docs/decisions/262-dialogs-mounted-when-opened.md).
 * Nothing is mounted until the first open; then the parts mount closed and open just after, before
 * the browser paints, so even the first open fades in. After that they stay mounted, so a close
 * fades out.
 */
function useMountedWhenOpened(open: boolean): { mounted: boolean; shownOpen: boolean } {
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  return { mounted: mounted || open, shownOpen: mounted && open };
}

/** A modal dialog: focus is trapped and Escape closes it (Headless UI). */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' }[size];
  const { mounted, shownOpen } = useMountedWhenOpened(open);
  if (!mounted) return null;
  return (
    <HDialog open={shownOpen} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-neutral-900/40 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={cx(
            'w-full rounded-t-xl bg-white shadow-popover transition duration-150 data-closed:translate-y-2 data-closed:opacity-0 motion-reduce:transition-none sm:rounded-xl',
            width,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 py-4">
            <div className="space-y-1">
              <DialogTitle className="text-base font-semibold text-neutral-900">{title}</DialogTitle>
              {description && <Description className="text-sm text-neutral-600">{description}</Description>}
            </div>
            <button type="button" onClick={onClose} className="-m-1 rounded p-1 text-neutral-500 hover:text-neutral-900" aria-label="Close">
              <XIcon className="size-5" />
            </button>
          </div>
          {children && <div className="max-h-[70dvh] overflow-y-auto px-5 py-4">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </HDialog>
  );
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
