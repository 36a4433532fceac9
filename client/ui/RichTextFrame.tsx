/**
 * What the rich-text editor and its stand-in share, without Tiptap: the frame's look, the editing
 * area's type and least height, and the stand-in shown until the editor's chunk has arrived.
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
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
  /** Set while the stand-in has focus: the editor arriving then takes it, the caret at the end. */
  focusOnArrival?: { current: boolean };
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

function ToolbarButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the selection in the editor when a button is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cx(
        'inline-flex size-8 items-center justify-center rounded text-neutral-700 hover:bg-neutral-200 hover:text-neutral-900 disabled:cursor-not-allowed disabled:opacity-40',
        pressed && 'bg-neutral-200 text-neutral-900',
      )}
    >
      {children}
    </button>
  );
}

const svg = (d: ReactNode) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
    {d}
  </svg>
);
/** The toolbar's buttons by what they do, with their names (the editor's and the stand-in's). */
const TOOLBAR_LABELS = { bold: 'Bold', italic: 'Italic', bullet: 'Bullet list', ordered: 'Numbered list', quote: 'Blockquote', undo: 'Undo', redo: 'Redo' } as const;
export type ToolbarAction = keyof typeof TOOLBAR_LABELS;
/** The buttons in their groups, a rule between groups. */
const TOOLBAR_GROUPS: ToolbarAction[][] = [['bold', 'italic'], ['bullet', 'ordered', 'quote'], ['undo', 'redo']];

const icons: Record<ToolbarAction, ReactNode> = {
  bold: svg(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />),
  italic: svg(<path d="M19 4h-9M14 20H5M15 4 9 20" />),
  bullet: svg(<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />),
  ordered: svg(<path d="M10 6h10M10 12h10M10 18h10M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />),
  quote: svg(<path d="M6 17h3l2-4V7H5v6h3M14 17h3l2-4V7h-6v6h3" />),
  undo: svg(<path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />),
  redo: svg(<path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />),
};

/** The formatting toolbar, laid out once: `button` gives each action's state and what a click does. */
export function FormattingToolbar({ button }: { button: (action: ToolbarAction) => { pressed?: boolean; disabled: boolean; onClick: () => void } }) {
  return (
    <div role="toolbar" aria-label="Formatting" className={TOOLBAR_STRIP}>
      {TOOLBAR_GROUPS.map((group, g) => (
        <Fragment key={g}>
          {g > 0 && <span aria-hidden className="mx-1 h-5 w-px bg-neutral-300" />}
          {group.map((action) => (
            <ToolbarButton key={action} label={TOOLBAR_LABELS[action]} {...button(action)}>
              {icons[action]}
            </ToolbarButton>
          ))}
        </Fragment>
      ))}
    </div>
  );
}

/** The stand-in's toolbar: every button there, none working until the editor arrives. */
const NOT_YET = () => ({ disabled: true, onClick: () => {} });

/** What the stand-in shows for a value: an empty paragraph for none, so the first line typed is a paragraph too. */
const standInHtml = (value: string) => sanitizeRichText(value || '') || '<p><br></p>';
/** The stand-in's value, as the editor gives it: nothing typed (or only line breaks) is empty. */
const standInValue = (el: HTMLElement) => (el.textContent?.trim() ? sanitizeRichText(el.innerHTML) : '');

/**
 * The editor's place until its chunk is wanted and has arrived: the same frame, toolbar strip and
 * editing area, so nothing moves when the editor replaces it; red with the field's error like the
 * editor. It is a plain editor in its own right (text and paragraphs; the toolbar's buttons wait for
 * the editor): focusing it,
 * pressing on it or pointing at it asks for the chunk (`onWanted`), and what was typed meanwhile is
 * the form's value, which the editor opens with. So a screen with a rich-text field loads no Tiptap
 * until the user heads for the field, and the field works while the chunk cannot be fetched.
 */
export function EditorStandIn({ value, onChange, labelId, errorId, invalid = false, disabled = false, compact = false, focusOnArrival, onWanted }: RichTextEditorProps & { onWanted: () => void }) {
  const area = useRef<HTMLDivElement>(null);
  // Written into the DOM once: React re-setting it on each keystroke would move the caret.
  const [initial] = useState(() => standInHtml(value));
  // A value set from outside (a prefill, the form emptied after sending) shows, unless it is being typed here.
  useEffect(() => {
    const el = area.current;
    if (el && el !== document.activeElement && standInValue(el) !== (value || '')) el.innerHTML = standInHtml(value);
  }, [value]);
  const focused = (on: boolean) => focusOnArrival && (focusOnArrival.current = on);
  return (
    <div className={frameClass({ invalid, disabled })} onPointerEnter={onWanted}>
      <FormattingToolbar button={NOT_YET} />
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={errorId}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        tabIndex={disabled ? -1 : 0}
        className={cx(EDITING_AREA, EDITING_PROSE, 'outline-none', editingHeight(compact))}
        dangerouslySetInnerHTML={{ __html: initial }}
        onFocus={() => {
          focused(true);
          // Enter starts a paragraph, as in the editor (Chromium's default is a div).
          document.execCommand('defaultParagraphSeparator', false, 'p');
          onWanted();
        }}
        onBlur={() => focused(false)}
        onPointerDown={onWanted}
        onInput={(e) => onChange(standInValue(e.currentTarget))}
      />
    </div>
  );
}
