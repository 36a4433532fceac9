import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

/** The spec's empty text, with the primary action when the user may take it. */
export function EmptyState({ title, description, action, icon }: { title: ReactNode; description?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <div className="rounded-full bg-neutral-100 p-3 text-neutral-500">{icon ?? <InboxIcon className="size-6" />}</div>
      <p className="font-medium text-neutral-900">{title}</p>
      {description && <p className="max-w-sm text-sm text-neutral-600">{description}</p>}
      {action && <div className="pt-2">{action}</div>}
    </div>
  );
}
