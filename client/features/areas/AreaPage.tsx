import type { ComponentType, ReactNode } from 'react';
// By file, not the barrel: placeholder screens are in the entry chunk (client/app/App.tsx says why).
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader, type Crumb } from '../../ui/PageHeader';

export interface AreaPageSpec {
  title: string;
  subtitle?: string;
  breadcrumb?: Crumb[];
  /** Drawn in the public frame (signup, reactivation) rather than under the top navigation. */
  bare?: boolean;
}

export const COMING_SOON = 'This part of HOA Manager is being built and will be available soon.';

/** What a placeholder says under its title: the page exists, its area does not yet. */
export function ComingSoon({ children = COMING_SOON }: { children?: ReactNode }) {
  return (
    <Card>
      <EmptyState title="Coming soon" description={children} />
    </Card>
  );
}

/** The screen of an area whose issue has not landed yet: its title, the spec's subtitle, and a sentence saying so. */
export function areaPage({ title, subtitle, breadcrumb, bare }: AreaPageSpec): ComponentType {
  function AreaPage() {
    const crumbs = breadcrumb ? [...breadcrumb, { label: title }] : undefined;
    return (
      <div className={bare ? 'mx-auto max-w-2xl pt-6 text-center' : undefined}>
        <PageHeader title={title} subtitle={subtitle} breadcrumb={crumbs} />
        <ComingSoon />
      </div>
    );
  }
  return AreaPage;
}
