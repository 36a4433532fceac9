import { useId } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { RequiredMark } from './Field';
import { EditorStandIn, type RichTextEditorProps } from './RichTextFrame';

/**
 * The editor (Tiptap and ProseMirror, ~130 KB gzipped) is its own chunk, loaded when a field first
 * renders: the screen around it paints without waiting for it. Until it arrives a stand-in of its size
 * holds its place. The value and the error are the form's: a submit before the editor arrived is
 * checked and shows its error as after.
 */
const RichTextEditor = lazyComponent<RichTextEditorProps, typeof import('./RichTextEditor')>(() => import('./RichTextEditor'), 'RichTextEditor', (props) => <EditorStandIn {...props} />);

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
      <RichTextEditor value={value} onChange={onChange} labelId={labelId} errorId={error ? errorId : undefined} invalid={!!error} disabled={disabled} compact={compact} />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
