/**
 * Rich text (community §5): displayed and stored HTML keeps only these tags, with no attributes
 * and no links. The client's DOMPurify config and the server's sanitizer both read this list.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Text content of rich-text HTML, whitespace collapsed: "empty" checks and list previews use it. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the HTML has no visible text, e.g. Tiptap's empty `<p></p>`. */
export const isRichTextEmpty = (html: string | null | undefined) => !html || richTextToPlain(html) === '';

/** The list preview: whitespace collapsed, 100 characters plus an ellipsis (community §9). */
export function previewText(html: string, max = 100): string {
  const plain = richTextToPlain(html);
  return plain.length > max ? `${plain.slice(0, max)}...` : plain;
}
