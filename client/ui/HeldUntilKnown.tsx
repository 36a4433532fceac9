import type { ReactNode } from 'react';
import { useHeldUntilKnown } from '../lib/first-screen';

/**
 * A screen's body, painted once `known` or after the first-paint hold (client/lib/first-screen.ts
 * `useHeldUntilKnown`); until then a status that only screen readers hear.
 */
export function HeldUntilKnown({ known, children }: { known: boolean; children: ReactNode }) {
  if (useHeldUntilKnown(known)) return children;
  return (
    <p role="status" className="sr-only">
      Loading...
    </p>
  );
}
