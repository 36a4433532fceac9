import { threadPolicy, type SyncedThreadPerson } from '../../../schema/threads';
import type { Role } from '../../../schema/roles';
import { Badge } from '../../ui';

/**
 * Who wrote or did something, as the server resolved it for this reader: board readers
 * get the real name and a Staff badge; residents get staff as "HOA Staff" (already in `name`).
 */
export function PersonName({ person, viewerRole, fallback = 'Unknown User' }: { person: SyncedThreadPerson; viewerRole: Role; fallback?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-neutral-900">{person.name || fallback}</span>
      {person.isStaff && threadPolicy.seesInternal(viewerRole) && <Badge variant="default">Staff</Badge>}
    </span>
  );
}
