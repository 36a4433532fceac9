/** One violation for the detail and messages screens: the cached row (it opens offline), REST while the cache lacks it. */
import { VIOLATION_MESSAGES } from '../../../schema/violations';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { Crumb, UnavailableWords } from '../../ui';
import { fetchViolation, violationOfApi } from './violations-api';
import { useViolation } from './use-violations';

/** On a load error: "Back to Violations" (to /compliance) and "Try Again". */
export const VIOLATION_UNAVAILABLE: UnavailableWords = {
  loading: 'Loading violation...',
  failed: VIOLATION_MESSAGES.loadOneFailed,
  offline: 'This violation is not available offline.',
  back: { href: '/compliance', label: VIOLATION_MESSAGES.backToViolations },
};

export const FALLBACK_TITLE = 'Violation';

/** Compliance > title (> Messages). */
export const violationCrumbs = (title: string, id?: string): Crumb[] =>
  id ? [{ label: 'Compliance', href: '/compliance' }, { label: title, href: `/compliance/${id}` }, { label: 'Messages' }] : [{ label: 'Compliance', href: '/compliance' }, { label: title }];

export function useViolationEntity(id: string) {
  const { violation, loading } = useViolation(id);
  return useSyncedEntity({ id, cached: { data: violation, loading }, fetch: fetchViolation, fromRemote: violationOfApi, version: violation?.version });
}
