import type { ReactNode } from 'react';
import { Badge } from './Badge';
import { ButtonLink } from './Button';

/** A list row's View action: a small secondary link that names its row for screen readers. */
export function ViewLink({ href, name }: { href: string; name: string }) {
  return (
    <ButtonLink href={href} variant="secondary" size="sm">
      View<span className="sr-only"> {name}</span>
    </ButtonLink>
  );
}

/** Beside a row made on this device while it waits to reach the server. */
export const QueuedBadge = () => <Badge variant="outline">Queued</Badge>;

/** A row's status badge, with Queued beside it while `queued`. */
export function StatusWithQueued({ queued, children }: { queued: boolean; children: ReactNode }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {children}
      {queued && <QueuedBadge />}
    </span>
  );
}
