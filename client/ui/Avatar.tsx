import { initials } from '../lib/format';
import { cx } from './cx';

/**
 * Initials avatar (top navigation and profile). Decorative by default; inside a button it is
 * part of the button's name, so speech users can say what they see.
 */
export function Avatar({ name, size = 'md', className, decorative = true }: { name: string; size?: 'sm' | 'md' | 'lg'; className?: string; decorative?: boolean }) {
  const dims = { sm: 'size-8 text-xs', md: 'size-9 text-sm', lg: 'size-16 text-xl' }[size];
  return (
    <span className={cx('inline-flex shrink-0 items-center justify-center rounded-full bg-accent-700 font-semibold text-white select-none', dims, className)} aria-hidden={decorative || undefined}>
      {initials(name)}
    </span>
  );
}
