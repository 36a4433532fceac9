import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '../../schema/rich-text';

/**
 * Server-side sanitising of rich text before it is stored: the §5 tags only, no attributes,
 * no links; the content of dropped elements like <script> and <style> goes with them.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: {},
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  }).trim();
}
