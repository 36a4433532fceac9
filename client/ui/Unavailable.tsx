import type { Unavailability } from '../lib/use-synced-entity';
import { Alert } from './Alert';
import { Button, ButtonLink } from './Button';
import { LoadingText } from './Loading';
import { PageHeader, type Crumb } from './PageHeader';

/** An area's words for a detail or edit screen whose row is not there. */
export interface UnavailableWords {
  /** "Loading announcement..." */
  loading: string;
  /** The alert's title: "Failed to load announcement". */
  failed: string;
  /** Why it cannot be had offline: "This announcement is not available offline." */
  offline: string;
  /** The way back: `{ href: '/announcements', label: 'Back to Announcements' }`. */
  back: { href: string; label: string };
}

/**
 * What a detail or edit screen shows until its row is there: the loading text, or a red alert with
 * the server's message (or the offline reason) and the way back; "Try Again" where the screen gives
 * `onRetry` (detail-screen load errors offer retry).
 */
export function Unavailable({ state, words, title, breadcrumb, onRetry }: { state: Unavailability; words: UnavailableWords; title: string; breadcrumb: Crumb[]; onRetry?: () => void }) {
  return (
    <div>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {state.kind === 'loading' ? (
        <LoadingText label={words.loading} />
      ) : (
        <Alert
          tone="error"
          title={words.failed}
          action={
            <div className="flex flex-wrap gap-2">
              <ButtonLink href={words.back.href} variant="secondary" size="sm">
                {words.back.label}
              </ButtonLink>
              {onRetry && state.kind === 'failed' && (
                <Button variant="secondary" size="sm" onClick={onRetry}>
                  Try Again
                </Button>
              )}
            </div>
          }
        >
          {state.kind === 'offline' ? words.offline : state.message}
        </Alert>
      )}
    </div>
  );
}
