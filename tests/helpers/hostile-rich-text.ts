/**
 * Rich-text bodies shaped to make an HTML reader work harder than their length says, each as long as
 * a rich-text field allows (100,000 characters) and starting with a paragraph of text, so the
 * "required" check never refuses it before the rest is read. The unit test, the API test and the
 * bench (tests/bench/sanitize.bench.ts) read the same list.
 */
import sanitizeHtml from 'sanitize-html';
import { REQUEST_DESCRIPTION_MAX } from '../../schema/requests';
import { RICH_TEXT_TAGS } from '../../schema/rich-text';

export const RICH_TEXT_LIMIT = REQUEST_DESCRIPTION_MAX;
const TEXT_FIRST = '<p>x</p>';

/** `unit` repeated after the text to fill the limit (`end` last, when given). */
const fill = (unit: string, end = '') => TEXT_FIRST + unit.repeat(Math.floor((RICH_TEXT_LIMIT - TEXT_FIRST.length - end.length) / unit.length)) + end;
/** Opening tags for the first half, `closer` for the second. */
const openThenClose = (opener: string, closer: string) => {
  const half = Math.floor((RICH_TEXT_LIMIT - TEXT_FIRST.length) / 2);
  return TEXT_FIRST + opener.repeat(Math.floor(half / opener.length)) + closer.repeat(Math.floor(half / closer.length));
};
const tags = ['p', 'em', 'strong', 'ul', 'li', 'blockquote', 'h1', 'div', 'span', 'a', 'table', 'svg'];

export const HOSTILE_RICH_TEXT: Record<string, string> = {
  // sanitize-html searched its whole open-element stack for each closing tag it had not opened.
  "unopened closers: '<h1>'×12000 + '</h2>'×9000": TEXT_FIRST + '<h1>'.repeat(12_000) + '</h2>'.repeat(9_000),
  'unmatched closers of many kinds': openThenClose(tags.map((t) => `<${t}>`).join(''), tags.map((t) => `</${t}x>`).join('')),
  'closers only': fill('</h2>'),
  'deep allowed nesting': fill('<em>'),
  'deep nesting with text': fill('<strong>x'),
  'deep lists': fill('<ul><li>'),
  'deep disallowed nesting': fill('<div>'),
  'unclosed paragraphs and items': fill('<p>a<li>b'),
  'tiny tags, never closed': fill('<b>'),
  'tiny tags, closed': fill('<b></b>'),
  'line breaks': fill('<br>'),
  'mixed-case tags': fill('<EM><Strong>'),
  'closing tags inside attributes': fill('<em title="></em>">'),
  '">" inside attributes': fill('<em title=">">'),
  'attribute storm': `${TEXT_FIRST}<p${' a="b"'.repeat(16_000)}>`,
  'distinct attribute names': `${TEXT_FIRST}<p${Array.from({ length: 11_000 }, (_, i) => ` a${i}=1`).join('')}>`,
  'script content full of tags': `${TEXT_FIRST}<script>${'</p><em>'.repeat(11_000)}</script>`,
  'unterminated script': `${TEXT_FIRST}<script>${'<em>'.repeat(23_000)}`,
  comments: fill('<!--x--><em>'),
  'unterminated comment': `${TEXT_FIRST}<!--${'<em>'.repeat(23_000)}`,
  CDATA: fill('<![CDATA[<em>]]>'),
  'foreign content': fill('<b><svg><em/></b>'),
  'lone "<"': fill('<'),
  'unterminated tags': fill('<a'),
  'named entities': fill('&amp;'),
  'numeric entities': fill('&#x1F600;'),
  'bare "&"': fill('&'),
  'long entity prefixes': fill('&CounterClockwiseContourIntegra'),
  'ordinary formatting': fill('<p>Pool <strong>opens</strong> at <em>9</em> &amp; closes late.</p><ul><li><p>item</p></li></ul>'),
};

/**
 * A megabyte of "<", of unclosed tags and of "&": the plain-text reader (`richTextToPlain`,
 * `isRichTextEmpty`, `previewText`) once scanned these in quadratic time (seconds to minutes).
 */
export const MEGABYTE_OF_TAG_STARTS: Record<string, string> = {
  '"<" × 2^20': '<'.repeat(1 << 20),
  '"<a" × 2^19': '<a'.repeat(1 << 19),
  '"<br " × 2^18': '<br '.repeat(1 << 18),
  '"<" × 2^19 + ">"': `${'<'.repeat(1 << 19)}>`,
  '"&" × 2^20': '&'.repeat(1 << 20),
};

/** The sanitiser the app used before (sanitize-html, quadratic on some shapes): the unit test compares with it, the bench times it. */
export const sanitizeHtmlAsBefore = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: {},
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  }).trim();
