/** Who an announcement addresses: active members of the HOA. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES, audienceRoles, type AudienceType } from '../../../schema/announcements';
import { ROLES } from '../../../schema/roles';
import { announcementRecipients, users } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import { invalidField } from '../errors';
import { chunks } from '../../services/chunks';
import { activeMembers } from '../members';

export interface Member {
  id: string;
  name: string;
  email: string;
}

export { activeMembers };

/** The active members an audience addresses now. */
export async function resolveAudience(db: DbOrTx, hoaId: string, audience: AudienceType, customIds: string[]): Promise<Member[]> {
  const pick = { id: users.id, name: users.name, email: users.email };
  if (audience === 'custom') {
    const found: Member[] = [];
    for (const ids of chunks(customIds)) found.push(...(await db.select(pick).from(users).where(activeMembers(hoaId, inArray(users.id, ids)))));
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }
  const roles = audienceRoles(audience);
  // Every role: no filter to add.
  const roleFilter = roles.length < ROLES.length ? inArray(users.role, roles) : undefined;
  return db.select(pick).from(users).where(activeMembers(hoaId, roleFilter)).orderBy(asc(users.name));
}

/** Custom recipients must all be active members of the actor's HOA; anything else is a 400 on the field. */
export async function assertActiveRecipients(db: DbOrTx, hoaId: string, ids: string[]): Promise<Member[]> {
  if (ids.length === 0) throw invalidField('custom_recipients', ANNOUNCEMENT_MESSAGES.recipientsRequired);
  const found = await resolveAudience(db, hoaId, 'custom', ids);
  if (found.length !== ids.length) throw invalidField('custom_recipients', ANNOUNCEMENT_MESSAGES.recipientNotFound);
  return found;
}

/** The custom recipient ids of each of `ids`. */
export async function customRecipientIds(db: DbOrTx, hoaId: string, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ announcementId: announcementRecipients.announcementId, userId: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(and(eq(announcementRecipients.hoaId, hoaId), inArray(announcementRecipients.announcementId, part)));
    for (const r of rows) out.set(r.announcementId, [...(out.get(r.announcementId) ?? []), r.userId]);
  }
  return out;
}
