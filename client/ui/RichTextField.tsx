import { useId, useRef } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { RequiredMark } from './Field';
import { EditorStandIn, type RichTextEditorProps } from './RichTextFrame';

/**
 * The editor (Tiptap and ProseMirror, ~130 KB gzipped) is its own chunk, loaded when the user heads
 * for a field (focus, a press, the pointer over it): a screen with a field, a thread with its
 * composer, loads and runs none of it before. Until it arrives the stand-in, a plain editor of the
 * same size, holds its place and takes what is typed. The value and the error are the form's: a
 * submit before the editor arrived is checked and shows its error as after.
 */
const RichTextEditor = lazyComponent<RichTextEditorProps, typeof import('./RichTextEditor')>(
  () => import('./RichTextEditor'),
  'RichTextEditor',
  (props) => <EditorStandIn {...props} onWanted={() => void RichTextEditor.preload().catch(() => {})} />,
  { when: 'on-demand' },
);

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
  const focusOnArrival = useRef(false);
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="block text-sm font-medium text-neutral-800">
        {label}
        {required && <RequiredMark />}
      </p>
      <RichTextEditor value={value} onChange={onChange} labelId={labelId} errorId={error ? errorId : undefined} invalid={!!error} disabled={disabled} compact={compact} focusOnArrival={focusOnArrival} />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
