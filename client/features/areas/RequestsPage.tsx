import { useHasRole } from '../../lib/session';
import { PageHeader } from '../../ui';
import { ComingSoon } from './AreaPage';

/** /requests: the subtitle depends on the role (community §2). */
export function RequestsPage() {
  const privileged = useHasRole('board');
  return (
    <div>
      <PageHeader title="Requests" subtitle={privileged ? 'Manage requests from residents' : 'View and manage your requests to the HOA'} />
      <ComingSoon />
    </div>
  );
}
