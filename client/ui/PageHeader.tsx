import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import { ChevronRightIcon } from './icons';

export interface Crumb {
  label: ReactNode;
  href?: string;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-neutral-600">
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} className="flex min-w-0 items-center gap-1">
              {c.href && !last ? (
                <Link href={c.href} className="rounded hover:text-neutral-900 hover:underline">
                  {c.label}
                </Link>
              ) : (
                <span className="truncate text-neutral-900" aria-current={last ? 'page' : undefined}>
                  {c.label}
                </span>
              )}
              {!last && <ChevronRightIcon className="size-3.5 shrink-0 text-neutral-400" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Title, subtitle and the screen's primary actions; a breadcrumb above on detail screens. */
export function PageHeader({ title, subtitle, actions, breadcrumb, badges }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; breadcrumb?: Crumb[]; badges?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="mb-6 space-y-3">
      {breadcrumb && <Breadcrumb items={breadcrumb} />}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{title}</h1>
            {badges}
          </div>
          {subtitle && <p className="text-neutral-600">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
