/**
 * The announcement message editor: Tiptap with bold, italic, bullet list, numbered
 * list, blockquote, undo and redo; undo depth 100, a new undo group after 500 ms, at least 200 px tall.
 * Only what the display sanitizer keeps can be produced: marks and nodes outside RICH_TEXT_TAGS
 * (links, code, strike, underline, rules) are switched off.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { cx } from './cx';
import { EDITING_AREA, EDITING_PROSE, editingHeight, FormattingToolbar, frameClass, type RichTextEditorProps, type ToolbarAction } from './RichTextFrame';

export type { RichTextEditorProps };

/** Undo keeps 100 steps; typing after a pause of 500 ms starts a new step. */
export const EDITOR_UNDO = { depth: 100, newGroupDelay: 500 } as const;

/** Tiptap's empty document; stored as an empty message. */
const EMPTY_DOC = '<p></p>';

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  // Re-render the toolbar when the selection or history changes (Tiptap 3 does not re-render by default).
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const run: Record<ToolbarAction, () => boolean> = {
    bold: () => chain().toggleBold().run(),
    italic: () => chain().toggleItalic().run(),
    bullet: () => chain().toggleBulletList().run(),
    ordered: () => chain().toggleOrderedList().run(),
    quote: () => chain().toggleBlockquote().run(),
    undo: () => chain().undo().run(),
    redo: () => chain().redo().run(),
  };
  const pressed: Partial<Record<ToolbarAction, boolean>> = { bold: s.bold, italic: s.italic, bullet: s.bullet, ordered: s.ordered, quote: s.quote };
  const unavailable: Partial<Record<ToolbarAction, boolean>> = { undo: !s.canUndo, redo: !s.canRedo };
  return <FormattingToolbar button={(action) => ({ pressed: pressed[action], disabled: !!disabled || !!unavailable[action], onClick: () => void run[action]() })} />;
}

function editorAttributes({ labelId, errorId, invalid, compact = false }: Pick<RichTextEditorProps, 'labelId' | 'errorId' | 'invalid' | 'compact'>): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(errorId ? { 'aria-describedby': errorId } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: cx(EDITING_AREA, 'outline-none', editingHeight(compact)),
  };
}

export function RichTextEditor({ value, onChange, labelId, errorId, invalid = false, disabled = false, compact = false, focusOnArrival }: RichTextEditorProps) {
  // The form's value, to tell a change of the text from Tiptap's other updates.
  const latest = useRef(value);
  latest.current = value;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        undoRedo: { ...EDITOR_UNDO },
        link: false,
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
      }),
    ],
    content: value || EMPTY_DOC,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: editorAttributes({ labelId, errorId, invalid, compact }) },
    // Only a change of the text reaches the form: an update that leaves it as it was (the editor
    // arriving after a submit, being enabled again) must not clear the field's error.
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (html === (latest.current || '')) return;
      latest.current = html;
      onChange(html);
    },
  });

  // Arriving while its stand-in had focus: the focus is taken in the commit that replaces the stand-in,
  // before another key can land outside, with the caret after what was typed there.
  useLayoutEffect(() => {
    if (!editor || !focusOnArrival?.current) return;
    editor.commands.setTextSelection(editor.state.doc.content.size);
    editor.view.focus();
  }, [editor, focusOnArrival]);

  // Prefill (the edit screen loads after mount): replace the content only when the value changes from
  // outside and differs, without an undo step. The value it opened with is not a change, though its
  // HTML may be written otherwise (what the stand-in took is the editor's once parsed).
  const opened = useRef(value);
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === opened.current) return;
    opened.current = value;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current) editor.commands.setContent(value || EMPTY_DOC, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    // Without an update event: enabling or disabling is not an edit.
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { attributes: editorAttributes({ labelId, errorId, invalid, compact }) } });
  }, [editor, invalid, errorId, labelId, compact]);

  return (
    <div className={frameClass({ invalid, disabled })}>
      {editor && <Toolbar editor={editor} disabled={disabled} />}
      <EditorContent editor={editor} className={EDITING_PROSE} />
    </div>
  );
}
