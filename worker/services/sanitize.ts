import { Tokenizer } from 'htmlparser2';
import { RICH_TEXT_TAGS } from '../../schema/rich-text';
import { ElementStack } from '../../schema/rich-text-tree';

/** What an allowed element writes when it opens and when it closes (`<br>` closes itself). */
const OPENS = new Map<string, string>(RICH_TEXT_TAGS.map((name) => [name, name === 'br' ? '<br />' : `<${name}>`]));
const CLOSES = new Map<string, string>(RICH_TEXT_TAGS.filter((name) => name !== 'br').map((name) => [name, `</${name}>`]));
/** Dropped with their content (a script's text is not the message's). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed']);
/** Elements whose content is foreign (SVG, MathML), where `<x/>` closes itself, and those that end that. */
const FOREIGN = new Set(['math', 'svg']);
const HTML_INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** `&`, `<` and `>` escaped, in one pass (a regex replace per character was slower on `&&&…`). */
function escapeText(text: string): string {
  let from = text.search(/[&<>]/);
  if (from < 0) return text;
  let out = text.slice(0, from);
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 38 || c === 60 || c === 62) {
      out += text.slice(from, i) + (c === 38 ? '&amp;' : c === 60 ? '&lt;' : '&gt;');
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

/**
 * Server-side sanitising of rich text before it is stored and before it goes into a mail: RICH_TEXT_TAGS
 * only, no attributes, no links; the content of dropped elements like <script> and <style>
 * goes with them. The output holds nothing but those tags (no attributes, `<br />`) and escaped text.
 *
 * It reads the body with htmlparser2's tokenizer and builds the tree with `ElementStack`, so its
 * output is the one sanitize-html gave (tests/unit/rich-text.test.ts compares them), but its cost
 * is linear in the body's length whatever its shape: at most `RICH_TEXT_MAX_DEPTH` elements are
 * open (deeper ones close the innermost first; `richTextField` refuses such bodies on write).
 */
export function sanitizeRichText(html: string): string {
  let out = '';
  // Inside an element dropped with its content: how many elements are open in it (0: not inside one).
  let dropping = 0;
  const stack = new ElementStack({
    open(name) {
      if (dropping > 0) dropping++;
      else if (DROPPED_WITH_CONTENT.has(name)) dropping = 1;
      else out += OPENS.get(name) ?? '';
    },
    close(name) {
      if (dropping > 0) dropping--;
      else out += CLOSES.get(name) ?? '';
    },
  });
  // Top last: whether `<x/>` closes itself here (htmlparser2 keeps this apart from the open elements).
  const foreign: boolean[] = [false];
  let opening = '';
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  // Text not written out yet: the body's characters from `textStart` to `textEnd`, read in pieces
  // (the tokenizer reports `<<<<` one "<" at a time) and escaped at once before the next tag or entity.
  let textStart = 0;
  let textEnd = 0;
  const flushText = () => {
    if (textEnd > textStart && dropping === 0) out += escapeText(html.slice(textStart, textEnd));
    textStart = textEnd;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext(start, end) {
        if (start !== textEnd) {
          flushText();
          textStart = start;
        }
        textEnd = end;
      },
      ontextentity(codePoint) {
        flushText();
        if (dropping === 0) out += codePoint === 38 ? '&amp;' : codePoint === 60 ? '&lt;' : codePoint === 62 ? '&gt;' : String.fromCodePoint(codePoint);
      },
      onopentagname(start, end) {
        flushText();
        opening = name(start, end);
      },
      onopentagend() {
        openElement();
      },
      onselfclosingtag() {
        const tag = opening;
        openElement();
        if (foreign[foreign.length - 1]) stack.closeIfTop(tag);
      },
      onclosetag(start, end) {
        flushText();
        const tag = name(start, end);
        if (FOREIGN.has(tag) || HTML_INTEGRATION.has(tag)) foreign.pop();
        stack.close(tag);
      },
      // Attributes, comments, CDATA, declarations and processing instructions are dropped.
      onattribname() {},
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      oncomment() {},
      oncdata() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  function openElement() {
    // A tag the body ends inside is never opened (`opening` is only set once its name is read).
    if (FOREIGN.has(opening)) foreign.push(true);
    else if (HTML_INTEGRATION.has(opening)) foreign.push(false);
    stack.open(opening);
    opening = '';
  }
  tokenizer.write(html);
  tokenizer.end();
  flushText();
  stack.end();
  return out.trim();
}
