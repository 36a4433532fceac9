import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { cx } from './cx';
import { AlertCircleIcon, CheckCircleIcon, XIcon } from './icons';

interface ToastItem {
  id: number;
  tone: 'success' | 'error';
  message: string;
  durationMs: number;
}

const toastsAtom = atom<ToastItem[]>([]);
let nextId = 1;

/** `toast.success(message, 3000)` shows a message for the spec's duration (3 s, 5 s). */
export function useToast() {
  const set = useSetAtom(toastsAtom);
  const push = useCallback(
    (tone: ToastItem['tone'], message: string, durationMs: number) => set((list) => [...list, { id: nextId++, tone, message, durationMs }]),
    [set],
  );
  return {
    success: useCallback((message: string, durationMs = 3000) => push('success', message, durationMs), [push]),
    error: useCallback((message: string, durationMs = 5000) => push('error', message, durationMs), [push]),
  };
}

function ToastView({ item, onDone }: { item: ToastItem; onDone: (id: number) => void }) {
  useEffect(() => {
    const t = setTimeout(() => onDone(item.id), item.durationMs);
    return () => clearTimeout(t);
  }, [item, onDone]);
  const success = item.tone === 'success';
  return (
    <div
      className={cx(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-popover',
        success ? 'border-success-200 text-success-800' : 'border-danger-200 text-danger-800',
      )}
    >
      {success ? <CheckCircleIcon className="size-5 shrink-0 text-success-600" /> : <AlertCircleIcon className="size-5 shrink-0 text-danger-600" />}
      <p className="flex-1">{item.message}</p>
      <button type="button" className="-m-1 rounded p-1 opacity-70 hover:opacity-100" onClick={() => onDone(item.id)} aria-label="Dismiss">
        <XIcon />
      </button>
    </div>
  );
}

/** Rendered once by the app shell; toasts are announced politely to screen readers. */
export function Toaster() {
  const items = useAtomValue(toastsAtom);
  const set = useSetAtom(toastsAtom);
  const remove = useCallback((id: number) => set((list) => list.filter((t) => t.id !== id)), [set]);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
      {items.map((item) => (
        <div key={item.id} className="w-full max-w-sm">
          <ToastView item={item} onDone={remove} />
        </div>
      ))}
    </div>
  );
}
