import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { Alert, ButtonLink, LoadingText, PageHeader } from '../../ui';
import type { Crumb } from '../../ui/PageHeader';

/**
 * What the detail and edit screens show until their announcement is there: "Loading announcement...",
 * or the load error with "Back to Announcements" (community §2).
 */
export function AnnouncementUnavailable(props: { title: string; breadcrumb: Crumb[]; loading: boolean; message: string }) {
  return (
    <div>
      <PageHeader title={props.title} breadcrumb={props.breadcrumb} />
      {props.loading ? (
        <LoadingText label={ANNOUNCEMENT_MESSAGES.loadingOne} />
      ) : (
        <Alert
          tone="error"
          title={ANNOUNCEMENT_MESSAGES.loadOneFailed}
          action={
            <ButtonLink href="/announcements" variant="secondary" size="sm">
              Back to Announcements
            </ButtonLink>
          }
        >
          {props.message}
        </Alert>
      )}
    </div>
  );
}

/** The error text when the announcement could not be loaded: the server's, or why offline fails. */
export const unavailableMessage = (online: boolean, serverError: string | null | undefined) =>
  online ? (serverError ?? ANNOUNCEMENT_MESSAGES.notFound) : 'This announcement is not available offline.';
