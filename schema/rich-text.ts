import { z } from 'zod';

/**
 * Rich text (community §5): displayed and stored HTML keeps only these tags, with no attributes
 * and no links. The client's DOMPurify config and the server's sanitizer both read this list.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Closing tags (and <br>) that end a line of text: they become a space in the plain text. */
const LINE_BREAKING = /^(br|\/p|\/li|\/h[1-6]|\/blockquote)\s*\/?$/i;
const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Text content of rich-text HTML, whitespace collapsed: "empty" checks and list previews use it.
 * One pass over the input, so its cost is linear whatever the input (a regex such as `<[^>]*>` is
 * quadratic on `<<<<…`): a `<` with a `>` after it opens a tag that ends there; a `<` with none
 * after it is text, and so is everything after it. `stopAfter` ends the scan once more than that
 * many characters of text are known (previews need 101, the empty check 1).
 */
export function richTextToPlain(html: string, stopAfter = Infinity): string {
  // Text found so far, whitespace collapsed (`plain`, with at most one space at either end), and the
  // text not collapsed yet (`raw`), folded into `plain` a few hundred characters at a time.
  let plain = '';
  let plainEndsInSpace = false;
  let raw = '';
  const flush = () => {
    // Runs of whitespace, and single whitespace other than a space, become one space.
    let chunk = raw.replace(/\s{2,}|[^\S ]/g, ' ');
    raw = '';
    if (plainEndsInSpace && chunk.startsWith(' ')) chunk = chunk.slice(1);
    if (!chunk) return;
    plain += chunk;
    plainEndsInSpace = chunk.endsWith(' ');
  };
  let i = 0;
  // Next '<' and '&' at or after i, each searched again only once passed (searching every time is quadratic).
  let lt = -2;
  let amp = -2;
  while (i < html.length) {
    if (lt !== -1 && lt < i) lt = html.indexOf('<', i);
    if (amp !== -1 && amp < i) amp = html.indexOf('&', i);
    const next = Math.min(lt < 0 ? html.length : lt, amp < 0 ? html.length : amp);
    raw += html.slice(i, next);
    if (next >= html.length) break;
    if (next === amp) {
      // Entities are short: look for the ';' in the next few characters only (never to the end).
      const semi = html.slice(amp, amp + 7).indexOf(';') + amp;
      const entity = semi > amp ? ENTITIES[html.slice(amp, semi + 1)] : undefined;
      raw += entity ?? '&';
      i = entity ? semi + 1 : amp + 1;
    } else {
      const gt = html.indexOf('>', lt + 1);
      if (gt < 0) {
        // No tag can close any more: the rest is text.
        raw += html.slice(lt);
        break;
      }
      if (LINE_BREAKING.test(html.slice(lt + 1, Math.min(gt, lt + 20)))) raw += ' ';
      i = gt + 1;
    }
    if (raw.length > 512) {
      flush();
      // `plain` holds no runs of spaces, so its length stays within about twice stopAfter here.
      if (stopAfter !== Infinity && plain.trim().length > stopAfter) break;
    }
  }
  flush();
  const text = plain.trim();
  return text.length > stopAfter ? text.slice(0, stopAfter + 1) : text;
}

/** True when the HTML has no visible text, e.g. Tiptap's empty `<p></p>`. */
export const isRichTextEmpty = (html: string | null | undefined) => !html || richTextToPlain(html, 0) === '';

/** The list preview: whitespace collapsed, 100 characters plus an ellipsis (community §9). */
export function previewText(html: string, max = 100): string {
  const plain = richTextToPlain(html, max);
  return plain.length > max ? `${plain.slice(0, max)}...` : plain;
}

/**
 * A rich-text form field: required (visible text, not just tags) and at most `max` characters. The
 * length is checked first and stops validation, so an oversized body is never scanned for text.
 */
export function richTextField(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .max(max, { error: messages.tooLong, abort: true })
    .trim()
    .refine((html) => !isRichTextEmpty(html), messages.required);
}
