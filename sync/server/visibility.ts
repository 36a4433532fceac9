/**
 * What a user may see: one function per synced area, used by the sync pull AND by the REST list
 * endpoints, so the two transports never disagree. Each returns a WHERE condition on the area's
 * table that includes the tenant scope. Later areas add theirs here (requests and violations:
 * residents their own; invoices: residents their own; dues: residents those assigned to them;
 * board and superadmin: all of their HOA's).
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PUBLISHED_ANNOUNCEMENT_STATUSES } from '../../schema/announcements';
import { isPrivileged } from '../../schema/roles';
import { announcementReads, announcementRecipients, announcements, syncNotices } from '../../schema/tables';
import { inHoa, type Actor } from '../../worker/domain/actor';

export type Viewer = Pick<Actor, 'userId' | 'hoaId' | 'role'>;

/**
 * Board and superadmin: every announcement of their HOA, drafts included.
 * Residents: published ones (not draft, not yet-to-be-sent scheduled) addressed to everyone,
 * to residents, or to a custom audience that names them.
 */
export function visibleAnnouncements(viewer: Viewer): SQL {
  const base = inHoa(viewer, announcements.hoaId, isNull(announcements.deletedAt));
  if (isPrivileged(viewer.role)) return base;
  const namedInCustom = sql`EXISTS (SELECT 1 FROM ${announcementRecipients} WHERE ${announcementRecipients.announcementId} = ${announcements.id} AND ${announcementRecipients.userId} = ${viewer.userId})`;
  return and(
    base,
    inArray(announcements.status, [...PUBLISHED_ANNOUNCEMENT_STATUSES]),
    or(inArray(announcements.audienceType, ['all', 'residents']), and(eq(announcements.audienceType, 'custom'), namedInCustom)),
  )!;
}

/** Read markers: a user sees only their own. */
export function visibleAnnouncementReads(viewer: Viewer): SQL {
  return inHoa(viewer, announcementReads.hoaId, eq(announcementReads.userId, viewer.userId));
}

/** Rejected-mutation notices: their user's, until dismissed. */
export function visibleNotices(viewer: Viewer): SQL {
  return inHoa(viewer, syncNotices.hoaId, eq(syncNotices.userId, viewer.userId), isNull(syncNotices.dismissedAt));
}
