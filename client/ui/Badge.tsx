import type { ReactNode } from 'react';
import { cx } from './cx';

/** The spec's badge styles: destructive, warning, default, secondary, outline. */
export type BadgeVariant = 'destructive' | 'warning' | 'default' | 'secondary' | 'outline' | 'success';

const variants: Record<BadgeVariant, string> = {
  destructive: 'bg-danger-100 text-danger-800 ring-danger-200',
  warning: 'bg-warning-100 text-warning-800 ring-warning-200',
  default: 'bg-accent-100 text-accent-800 ring-accent-200',
  secondary: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  outline: 'bg-white text-neutral-700 ring-neutral-300',
  success: 'bg-success-100 text-success-800 ring-success-200',
};

export function Badge({ variant = 'default', children, className }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', variants[variant], className)}>
      {children}
    </span>
  );
}
