/**
 * The Details card's rows: Sent At and Total Recipients for everyone; Created By,
 * Created At and Audience for board and superadmin. The Audience reads as the form's labels.
 */
import { AUDIENCE_LABELS } from '../../../schema/announcements';
import { formatDateTime } from '../../lib/format';
import type { DetailItems } from '../../ui';
import { recipientsText } from './announcements-api';
import type { AnnouncementView } from './use-announcements';

export function announcementDetails(
  a: AnnouncementView,
  {
    privileged,
    sendPending,
    myName,
  }: {
    privileged: boolean;
    /** The server does not have the send yet: the cache's send time is only this device's guess. */
    sendPending: boolean;
    /** The author of a draft made here, before the server names them. */
    myName: string | undefined;
  },
): DetailItems {
  // A draft made offline has not had its audience resolved by the server yet (custom lists are known).
  const recipientsKnown = a.version > 0 || a.audienceType === 'custom';
  const createdBy = a.createdBy?.name ?? (a.version === 0 ? (myName ?? 'Unknown') : 'Unknown');
  return [
    a.sentAt != null && !sendPending && { label: 'Sent At', value: formatDateTime(a.sentAt) },
    recipientsKnown && { label: 'Total Recipients', value: recipientsText(a.totalRecipients) },
    privileged && { label: 'Created By', value: createdBy },
    privileged && { label: 'Created At', value: formatDateTime(a.createdAt) },
    privileged && {
      label: 'Audience',
      value: (
        <>
          {AUDIENCE_LABELS[a.audienceType]}
          {a.audienceType === 'custom' && <span className="block text-neutral-600">Specific recipients selected ({a.customRecipients.length})</span>}
        </>
      ),
    },
  ];
}
