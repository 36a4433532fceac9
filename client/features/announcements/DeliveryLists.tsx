/**
 * The per-recipient lists of the detail screen (board and superadmin): Failed Email
 * Deliveries with each error, and Intended Recipients with each one's delivery state. Both come from
 * the server (`GET /api/announcements/:id`); the cache holds only counts.
 */
import type { ApiDeliveryStats, ApiRecipient } from '../../../schema/announcements';
import { Badge, Card, CardHeader, PersonList } from '../../ui';
import { recipientsText } from './announcements-api';

export function FailedDeliveries({ stats, online }: { stats: ApiDeliveryStats | null; online: boolean }) {
  return (
    <Card>
      <CardHeader title="Failed Email Deliveries" />
      {stats ? (
        <PersonList
          label="Failed Email Deliveries"
          empty="No failed deliveries"
          people={stats.email_failed.map((f) => ({ ...f, note: f.error ? <span className="text-xs text-danger-700">{f.error}</span> : undefined }))}
        />
      ) : (
        <p className="px-5 py-4 text-sm text-neutral-600">{online ? 'Loading...' : 'The list of failed deliveries needs a connection.'}</p>
      )}
    </Card>
  );
}

/** Each recipient's delivery state once the server's lists are in. */
function deliveryBadge(id: string, stats: ApiDeliveryStats | null) {
  if (!stats) return undefined;
  if (stats.email_failed.some((f) => f._id === id)) return <Badge variant="destructive">Failed</Badge>;
  if (stats.email_delivered.some((d) => d._id === id)) return <Badge variant="success">Delivered</Badge>;
  return <Badge variant="warning">Pending</Badge>;
}

export function IntendedRecipients({ recipients, stats }: { recipients: ApiRecipient[]; stats: ApiDeliveryStats | null }) {
  return (
    <Card>
      <CardHeader title="Intended Recipients" description={recipientsText(recipients.length)} />
      <PersonList label="Intended Recipients" empty="No recipients" people={recipients.map((r) => ({ ...r, note: deliveryBadge(r._id, stats) }))} />
    </Card>
  );
}
