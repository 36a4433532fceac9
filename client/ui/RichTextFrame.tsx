/**
 * What the rich-text editor and its stand-in share, without Tiptap: the frame's look, the editing
 * area's type and least height, and the stand-in shown until the editor's chunk has arrived.
 */
import { useMemo } from 'react';
import { sanitizeRichText } from './RichText';
import { cx } from './cx';

export interface RichTextEditorProps {
  /** HTML; the editor is uncontrolled after mount except when `value` changes from outside (prefill). */
  value: string;
  onChange: (html: string) => void;
  /** Id of the visible label that names the editing area. */
  labelId: string;
  /** Id of the inline error, tied to the editor with aria-describedby. */
  errorId?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** A message composer's smaller area (the 200 px minimum is the editor of whole documents). */
  compact?: boolean;
}

/** The editing area's padding, type, and the look of lists and quotes after Tailwind's reset. */
export const EDITING_AREA = 'px-3 py-2 space-y-2 text-[15px] leading-relaxed text-neutral-900';
export const EDITING_PROSE =
  '[&_blockquote]:border-l-4 [&_blockquote]:border-neutral-200 [&_blockquote]:pl-4 [&_blockquote]:text-neutral-600 ' +
  '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold';
/** At least 200 px tall; a message composer's smaller area when compact. */
export const editingHeight = (compact: boolean) => (compact ? 'min-h-24' : 'min-h-[200px]');

/** The border around toolbar and editing area: red when invalid, grey when disabled. */
export function frameClass({ invalid, disabled }: { invalid: boolean; disabled: boolean }) {
  return cx(
    'overflow-hidden rounded-md border bg-white shadow-card focus-within:outline-2 focus-within:outline-offset-0',
    invalid ? 'border-danger-600 focus-within:outline-danger-600' : 'border-neutral-300 focus-within:border-accent-600 focus-within:outline-accent-600',
    disabled && 'bg-neutral-100',
  );
}

/** The toolbar's strip: a row of 32 px buttons with 4 px above and below. */
export const TOOLBAR_STRIP = 'flex min-h-[41px] flex-wrap items-center gap-0.5 border-b border-neutral-200 bg-neutral-50 px-1.5 py-1';


/**
 * The editor's place while its chunk loads: the same frame, toolbar strip and editing area with the
 * value in it, so nothing moves when the editor arrives; red with the field's error like the editor.
 */
export function EditorStandIn({ value, labelId, errorId, invalid = false, disabled = false, compact = false }: Omit<RichTextEditorProps, 'onChange'>) {
  const html = useMemo(() => sanitizeRichText(value || '<p></p>'), [value]);
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} aria-busy="true" className={frameClass({ invalid, disabled })}>
      <div className={TOOLBAR_STRIP} />
      <div className={cx(EDITING_AREA, EDITING_PROSE, editingHeight(compact))} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
