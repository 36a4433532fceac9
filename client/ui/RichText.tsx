import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_TAGS } from '../../schema/rich-text';
import { cx } from './cx';

/** Lists, quotes and headings get their look back after Tailwind's reset. */
const PROSE =
  'space-y-3 leading-relaxed [&_blockquote]:border-l-4 [&_blockquote]:border-neutral-200 [&_blockquote]:pl-4 [&_blockquote]:text-neutral-600 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6';

/** The spec's tags only, no attributes, no links. */
export const sanitizeRichText = (html: string) => DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: [] });

/** Stored rich text, sanitized again for display: the spec's tags only, no attributes, no links. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={cx(PROSE, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
