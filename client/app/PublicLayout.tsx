import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { APP_NAME } from '../lib/config';
import { useSyncAfterFirstPaint } from '../lib/replicache';
import { HomeIcon } from '../ui/icons';

/** The frame of the account screens and open pages: the brand on top, the content centred. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useSyncAfterFirstPaint();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 py-5 sm:px-8">
        <Link href="/login" className="inline-flex items-center gap-2 rounded-md text-base font-semibold text-neutral-900">
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-accent-700 text-white">
            <HomeIcon className="size-4.5" />
          </span>
          {APP_NAME}
        </Link>
      </header>
      <main className="flex flex-1 justify-center px-4 pb-16 sm:px-8">
        <div className="w-full max-w-5xl">{children}</div>
      </main>
    </div>
  );
}
