import { initials } from '../lib/format';
import { cx } from './cx';

/** Initials avatar (top navigation and profile). The name is given to assistive tech by the caller. */
export function Avatar({ name, size = 'md', className }: { name: string; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const dims = { sm: 'size-8 text-xs', md: 'size-9 text-sm', lg: 'size-16 text-xl' }[size];
  return (
    <span className={cx('inline-flex shrink-0 items-center justify-center rounded-full bg-accent-700 font-semibold text-white select-none', dims, className)} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
