import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { InfoIcon } from './icons';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('rounded-xl border border-neutral-200 bg-white shadow-card', className)} {...rest} />;
}

export function CardHeader({ title, description, actions, className }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <div className={cx('flex flex-wrap items-start justify-between gap-3 border-b border-neutral-200 px-5 py-4', className)}>
      <div className="min-w-0 space-y-0.5">
        <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
        {description && <p className="text-sm text-neutral-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A note beside a form: what happens after it is sent. */
export function NoteCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardBody className="flex gap-3 text-sm text-neutral-700">
        <InfoIcon className="mt-0.5 size-5 shrink-0 text-accent-700" />
        <div className="space-y-1">
          <p className="font-medium text-neutral-900">{title}</p>
          <p>{children}</p>
        </div>
      </CardBody>
    </Card>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('px-5 py-4', className)} {...rest} />;
}

/** A counter card for list screens (Total Announcements, Active Users…); `children` list what it counts (Recent Uploads). */
export function StatCard({ label, value, hint, icon, children, className }: { label: ReactNode; value?: ReactNode; hint?: ReactNode; icon?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <Card className={cx('flex items-start justify-between gap-3 p-4', className)}>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-neutral-600">{label}</p>
        {value !== undefined && <p className="tabular mt-1 text-2xl font-semibold text-neutral-900">{value}</p>}
        {hint && <p className="mt-1 text-xs text-neutral-500">{hint}</p>}
        {children && <div className="mt-2 text-sm text-neutral-800">{children}</div>}
      </div>
      {icon && <div className="rounded-lg bg-accent-50 p-2 text-accent-700">{icon}</div>}
    </Card>
  );
}
