import type { ComponentType } from 'react';
import { PageHeader, type Crumb } from '../../ui';

export interface AreaPageSpec {
  title: string;
  subtitle?: string;
  breadcrumb?: Crumb[];
  /** Drawn in the public frame (signup, reactivation) rather than under the top navigation. */
  bare?: boolean;
}

/** The screen of an area whose issue has not landed yet: its title and the spec's subtitle. */
export function areaPage({ title, subtitle, breadcrumb, bare }: AreaPageSpec): ComponentType {
  function AreaPage() {
    const crumbs = breadcrumb ? [...breadcrumb, { label: title }] : undefined;
    return (
      <div className={bare ? 'mx-auto max-w-2xl pt-6 text-center' : undefined}>
        <PageHeader title={title} subtitle={subtitle} breadcrumb={crumbs} />
      </div>
    );
  }
  return AreaPage;
}
