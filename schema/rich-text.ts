import { z } from 'zod';
import { ElementStack, RICH_TEXT_MAX_DEPTH } from './rich-text-tree';

/**
 * Rich text: displayed and stored HTML keeps only these tags, with no attributes
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

/** The list preview: whitespace collapsed, 100 characters plus an ellipsis. */
export function previewText(html: string, max = 100): string {
  const plain = richTextToPlain(html, max);
  return plain.length > max ? `${plain.slice(0, max)}...` : plain;
}

export const RICH_TEXT_MESSAGES = {
  tooDeep: `Formatting is nested too deeply (at most ${RICH_TEXT_MAX_DEPTH} levels)`,
};

/** Elements whose content is text up to their closing tag, never tags. */
const RAW_TEXT_END = new Map(['script', 'style', 'textarea', 'title', 'xmp'].map((name) => [name, new RegExp(`</${name}`, 'gi')]));
const NO_EVENTS = { open() {}, close() {} };

/** Where the tag name starting at `from` ends: a space, "/" or ">", or the end of the text. */
function tagNameEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 32 || c === 47 || c === 62 || (c >= 9 && c <= 13)) return i;
  }
  return html.length;
}

/**
 * True when the HTML nests elements more than `RICH_TEXT_MAX_DEPTH` deep, by the tree rules the
 * server's sanitiser builds with (`ElementStack`: a `<p>` closes an open `<p>`, an `<li>` an open
 * `<li>`, a closing tag what it matches). One pass, each search starting where the last one ended
 * and the scan ending when one finds nothing, so its cost is linear whatever the input. It reads
 * tags the way a browser does for what an editor writes, not for every trick: a body that gets past
 * it deeper still is cut to that depth by the sanitiser.
 */
export function richTextTooDeep(html: string): boolean {
  const stack = new ElementStack(NO_EVENTS);
  let i = html.indexOf('<');
  while (i >= 0) {
    const c = html.charCodeAt(i + 1);
    const closing = c === 47; // "/"
    const first = html.charCodeAt(closing ? i + 2 : i + 1) | 0x20;
    let end: number;
    if (first >= 97 && first <= 122) {
      // A tag: its name runs to a space, "/" or ">", the tag to the next ">".
      const start = closing ? i + 2 : i + 1;
      const nameEnd = tagNameEnd(html, start);
      end = html.indexOf('>', nameEnd);
      if (end < 0) break;
      const name = html.slice(start, nameEnd).toLowerCase();
      if (closing) stack.close(name);
      else {
        stack.open(name);
        if (stack.overflowed) return true;
        const rawEnd = RAW_TEXT_END.get(name);
        if (rawEnd) {
          rawEnd.lastIndex = end;
          end = rawEnd.exec(html)?.index ?? -1;
          if (end < 0) break;
          end--;
        }
      }
    } else if (c === 33 && html.startsWith('<!--', i)) {
      end = html.indexOf('-->', i + 4);
      if (end < 0) break;
      end += 2;
    } else if (c === 33 || c === 63 || closing) {
      // A declaration, a processing instruction or `</` not followed by a name: up to the next ">".
      end = html.indexOf('>', i + 2);
      if (end < 0) break;
    } else {
      end = i;
    }
    i = html.indexOf('<', end + 1);
  }
  return false;
}

/**
 * A rich-text form field: required (visible text, not just tags), at most `max` characters and
 * nested at most `RICH_TEXT_MAX_DEPTH` deep. The length is checked first and stops validation, so
 * an oversized body is never scanned; the depth next (a hostile body is refused for what it is).
 */
export function richTextField(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .max(max, { error: messages.tooLong, abort: true })
    .trim()
    .refine((html) => !richTextTooDeep(html), { error: RICH_TEXT_MESSAGES.tooDeep, abort: true })
    .refine((html) => !isRichTextEmpty(html), messages.required);
}
