import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, previewText, richTextToPlain } from '../../schema/rich-text';
import { sanitizeRichText } from '../../worker/services/sanitize';

describe('sanitizeRichText', () => {
  it('keeps the allowed tags and drops scripts, event handlers and links', () => {
    const dirty =
      '<h2 class="x">Pool</h2><p style="color:red" onclick="x()">Open <strong>Sat</strong> <em>9am</em></p>' +
      '<script>alert(1)</script><img src=x onerror="alert(2)"><p><a href="https://evil.test">click</a></p>' +
      '<ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(sanitizeRichText(dirty)).toBe(
      '<h2>Pool</h2><p>Open <strong>Sat</strong> <em>9am</em></p><p>click</p><ul><li>one</li></ul><blockquote>q</blockquote>',
    );
  });
});

describe('rich text helpers', () => {
  it('treats an empty paragraph as empty and previews at 100 characters', () => {
    expect(isRichTextEmpty('<p></p>')).toBe(true);
    expect(isRichTextEmpty('<p> &nbsp; </p>')).toBe(true);
    expect(isRichTextEmpty('<p>x</p>')).toBe(false);
    expect(previewText(`<p>${'a'.repeat(120)}</p>`)).toBe(`${'a'.repeat(100)}...`);
    expect(previewText('<p>Hello</p><p>  world </p>')).toBe('Hello world');
  });
});

describe('richTextToPlain', () => {
  it('reads text the way the old regexes did, without decoding twice', () => {
    expect(richTextToPlain('<h2>Pool</h2><p>Open <strong>Sat</strong>&nbsp;9am</p><ul><li>a</li><li>b</li></ul>')).toBe('Pool Open Sat 9am a b');
    expect(richTextToPlain('<p>a<br>b<br/>c</p>')).toBe('a b c');
    expect(richTextToPlain('<p>Tom &amp; Jerry &lt;3 &quot;x&quot; &#39;y&#39; &amp;lt;</p>')).toBe('Tom & Jerry <3 "x" \'y\' &lt;');
    // A "<" that no ">" follows is text, as before.
    expect(richTextToPlain("<p>1 < 2</p> and 3 <")).toBe("1 and 3 <");
    expect(richTextToPlain('a < b')).toBe('a < b');
    expect(richTextToPlain('  \n ')).toBe('');
  });

  it('is linear on hostile input: a megabyte of "<" and of unclosed tags in milliseconds', () => {
    const hostile = ['<'.repeat(1 << 20), '<a'.repeat(1 << 19), '<br '.repeat(1 << 18), `${'<'.repeat(1 << 19)}>`, '&'.repeat(1 << 20)];
    for (const html of hostile) {
      const started = performance.now();
      richTextToPlain(html);
      isRichTextEmpty(html);
      previewText(html);
      // Linear: about 100 ms here for the worst of these; the quadratic scan took seconds to minutes.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
