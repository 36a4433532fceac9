import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-ghost' | 'link' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors select-none ' +
  'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent-700 text-white shadow-card hover:bg-accent-800 focus-visible:outline-accent-600',
  secondary: 'border border-neutral-300 bg-white text-neutral-800 shadow-card hover:bg-neutral-50 focus-visible:outline-accent-600',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-accent-600',
  danger: 'bg-danger-600 text-white shadow-card hover:bg-danger-700 focus-visible:outline-danger-600',
  // A destructive action beside others (a row's Delete): red text, no fill. Its own variant, as a
  // text colour passed in className loses to the ghost's (the stylesheet's order decides, not ours).
  'danger-ghost': 'text-danger-700 hover:bg-danger-50 hover:text-danger-800 focus-visible:outline-danger-600',
  link: 'text-accent-700 underline-offset-4 hover:underline focus-visible:outline-accent-600 px-0! h-auto!',
  // An action repeated on many rows (a statement line's question): small grey text, underlined dots.
  quiet: 'text-neutral-600 underline decoration-neutral-400 decoration-dotted underline-offset-4 hover:text-neutral-900 hover:decoration-solid focus-visible:outline-accent-600 px-0! h-auto! min-h-6 text-xs! font-normal!',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cx(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows `busyText` (the spec's "Creating Account..." texts). */
  busy?: boolean;
  busyText?: ReactNode;
  icon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', busy = false, busyText, icon, className, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClasses(variant, size, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner /> : icon}
      {busy && busyText ? busyText : children}
    </button>
  );
});

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  href,
  variant = 'primary',
  size = 'md',
  className,
  icon,
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClasses(variant, size, className)}>
      {icon}
      {children}
    </Link>
  );
}
