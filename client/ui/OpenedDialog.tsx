/**
 * Headless UI's dialog, in a chunk of its own (client/ui/Dialog.tsx loads it at a dialog's first
 * open). It mounts closed and opens just after, before the browser paints, so even the first open
 * fades in.
 */
import { Dialog as HDialog, DialogPanel, DialogTitle, Description, DialogBackdrop } from '@headlessui/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cx } from './cx';
import { XIcon } from './icons';

/** What a dialog shows: the same props for client/ui/Dialog.tsx and Headless UI's dialog here. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** `opener`: where the focus goes back at a close, when Headless UI does not know (client/ui/Dialog.tsx). */
export type OpenedDialogProps = DialogProps & { opener?: RefObject<HTMLElement | null> };

export function OpenedDialog({ open, onClose, title, description, children, footer, size = 'md', opener }: OpenedDialogProps) {
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' }[size];
  // Closed on the first render, then as asked: Headless UI plays the opening transition.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  const shownOpen = mounted && open;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) return;
    // Headless UI gives the focus back to the last element its focus history holds; that history
    // starts when this chunk loads, after the press that opened a first dialog. Left in the closing
    // panel or on the page's body, the focus then goes back to the opener here.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !!panel.current?.contains(active);
      if (lost && opener?.current?.isConnected) opener.current.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, opener]);
  return (
    <HDialog open={shownOpen} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-neutral-900/40 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          ref={panel}
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
