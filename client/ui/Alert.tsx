import type { ReactNode } from 'react';
import { cx } from './cx';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from './icons';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: { box: 'border-danger-200 bg-danger-50 text-danger-800', icon: <AlertCircleIcon className="size-5 shrink-0 text-danger-600" /> },
  success: { box: 'border-success-200 bg-success-50 text-success-800', icon: <CheckCircleIcon className="size-5 shrink-0 text-success-600" /> },
  warning: { box: 'border-warning-200 bg-warning-50 text-warning-800', icon: <AlertCircleIcon className="size-5 shrink-0 text-warning-600" /> },
  info: { box: 'border-neutral-200 bg-neutral-50 text-neutral-700', icon: <InfoIcon className="size-5 shrink-0 text-neutral-500" /> },
};

/** Errors in a red alert, successes in a green one. Errors are announced immediately. */
export function Alert({
  tone,
  title,
  children,
  action,
  onDismiss,
  className,
}: {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  const t = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('flex gap-3 rounded-lg border px-4 py-3 text-sm', t.box, className)}>
      {t.icon}
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="whitespace-pre-line">{children}</div>}
        {action && <div className="pt-1">{action}</div>}
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="-m-1 h-fit rounded p-1 opacity-70 hover:opacity-100" aria-label="Dismiss">
          <XIcon />
        </button>
      )}
    </div>
  );
}
