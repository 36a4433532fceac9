import type { ReactNode } from 'react';
import { PageHeader, type Crumb } from './PageHeader';

/** A create or edit screen: breadcrumb and title, the form, and a note beside it (under it on phones). */
export function FormScreen({ title, breadcrumb, aside, children }: { title: string; breadcrumb: Crumb[]; aside?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0">{children}</div>
        {aside}
      </div>
    </div>
  );
}
