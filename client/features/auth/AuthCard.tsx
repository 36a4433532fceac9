import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
// By file, not the barrel: the sign-in screens stay small (no menus, dialogs or listboxes).
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';

/** The card of the account screens: icon, title, description, then the form or message. */
export function AuthCard({
  title,
  description,
  icon,
  iconTone = 'accent',
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  iconTone?: 'accent' | 'danger';
  children?: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md pt-2 sm:pt-8">
      <Card className="px-5 py-6 sm:px-8 sm:py-8">
        <div className="mb-6 space-y-2 text-center">
          {icon && (
            <div className={cx('mx-auto mb-3 flex size-12 items-center justify-center rounded-full', iconTone === 'danger' ? 'bg-danger-50 text-danger-600' : 'bg-accent-50 text-accent-700')}>
              {icon}
            </div>
          )}
          <h1 className="text-xl font-semibold tracking-tight text-neutral-900 sm:text-2xl">{title}</h1>
          {description && <div className="text-sm text-neutral-600">{description}</div>}
        </div>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-neutral-600">{footer}</div>}
    </div>
  );
}
