import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, previewText } from '../../schema/rich-text';
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
