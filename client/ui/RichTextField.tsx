import { lazy, Suspense, useId } from 'react';
import { cx } from './cx';
import { RequiredMark } from './Field';

/**
 * The editor (Tiptap and ProseMirror, ~130 KB gzipped) is its own chunk, loaded when a field first
 * renders: the screen around it paints without waiting for it, and its start-up is a task of its own
 * rather than part of the screen's first one.
 */
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** The editor's frame at its size (the toolbar's strip, the editing area's least height) while its chunk loads: nothing moves when it arrives. */
function EditorFrame({ compact, invalid }: { compact: boolean; invalid: boolean }) {
  return (
    <div aria-busy="true" className={cx('overflow-hidden rounded-md border bg-white shadow-card', invalid ? 'border-danger-600' : 'border-neutral-300')}>
      <div className="h-[41px] border-b border-neutral-200 bg-neutral-50" />
      <div className={compact ? 'min-h-24' : 'min-h-[200px]'} />
    </div>
  );
}

/** A labelled rich-text editor with its inline error (Message, Description, a thread's compose box). */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  required = false,
  disabled = false,
  compact = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  compact?: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="block text-sm font-medium text-neutral-800">
        {label}
        {required && <RequiredMark />}
      </p>
      <Suspense fallback={<EditorFrame compact={compact} invalid={!!error} />}>
        <RichTextEditor value={value} onChange={onChange} labelId={labelId} errorId={error ? errorId : undefined} invalid={!!error} disabled={disabled} compact={compact} />
      </Suspense>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
