// With extensions: vite/splash.ts renders the splash from Vite's config, whose loader wants them.
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './Spinner.tsx';

/** Full-screen splash while the session loads; index.html holds it too, rendered at build time (vite/splash.ts). */
export function LoadingSplash({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-neutral-600">
        <Spinner className="size-8 text-accent-700" />
        <p className="text-sm">{label}</p>
      </div>
    </div>
  );
}

/** Inline loading text for a section (the spec's "Loading announcement..." texts). */
export function LoadingText({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cx('flex items-center justify-center gap-2 py-10 text-sm text-neutral-600', className)} role="status">
      <Spinner className="text-accent-700" />
      {label}
    </div>
  );
}

/**
 * The room a card's content takes while its saved values load (a form, or the line a reader sees):
 * the content is laid out with placeholder values but hidden, and the loading text stands in its
 * place, so the cards below it do not move when the values arrive. Loaded, the content is mounted
 * afresh, a form's state from the real values.
 */
export function LoadingForm({ loading, label, children }: { loading: boolean; label: string; children: ReactNode }) {
  if (!loading) return <div key="loaded">{children}</div>;
  return (
    <div key="loading" className="relative" aria-busy="true">
      {/* Hidden, it takes no focus and is not read out; disabled, nothing in it can be used meanwhile. */}
      <fieldset disabled className="invisible">
        {children}
      </fieldset>
      <div role="status" className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-neutral-600">
        <Spinner className="text-accent-700" />
        {label}
      </div>
    </div>
  );
}

/** A placeholder bar; it pulses only for those who have not asked their system for less motion. */
export function Skeleton({ className }: { className?: string }) {
  return <div className={cx('animate-pulse rounded-md bg-neutral-200 motion-reduce:animate-none', className)} aria-hidden="true" />;
}

/** Placeholder rows for a list while it loads. */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-3 p-4" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="hidden h-4 w-32 sm:block" />
        </div>
      ))}
    </div>
  );
}
