import type { ReactNode } from 'react';
import { useSyncAfterFirstPaint } from '../lib/replicache';
import { StatusBar } from './StatusBar';
import { TopNav } from './TopNav';

/** Signed-in screens: top navigation, the connection status slot, then the page (~1200 px wide). */
export function AppLayout({ children }: { children: ReactNode }) {
  useSyncAfterFirstPaint();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <TopNav />
      <StatusBar />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1200px] flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}
