/**
 * `recordActivity`: one row of the trail, written in the transaction of the change it records (a
 * change that rolls back leaves none). The domain functions call it, so REST and the sync push record
 * alike. Who is the actor (their name as it is now, kept); when is the clock's; the device is the
 * actor's (the request's User-Agent and, for a push, its client group).
 */
import { and, eq } from 'drizzle-orm';
import { activityKindOf, type ActivityAction, type ActivityEntity, type ActivityValues } from '../../../schema/activity';
import { activity, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { shownName } from '../users';
import { deviceLabel } from './device';

export interface ActivityEntry {
  action: ActivityAction;
  summary: string;
  entity: ActivityEntity;
  entityId: string | null;
  /** The account a people entry is about (its member reads it under their own account). */
  subjectUserId?: string | null;
  /** The changed fields only, before and after. */
  before?: ActivityValues | null;
  after?: ActivityValues | null;
}

/** A member's shown name (the actor's as the trail keeps it). */
export async function memberName(tx: Tx, actor: Pick<Actor, 'userId' | 'hoaId'>): Promise<string> {
  const [me] = await tx.select({ name: users.name, email: users.email }).from(users).where(and(eq(users.id, actor.userId), eq(users.hoaId, actor.hoaId))).limit(1);
  return me ? shownName(me) : 'Unknown user';
}

/** Where and by whom an entry was made, beside what it says. */
export interface ActivityOrigin {
  hoaId: string;
  at: number;
  actorId: string | null;
  actorName: string;
  device: string | null;
  clientGroupId: string | null;
}

/** The stored row of an entry (the seed writes its demo trail with it too). */
export function activityRow(origin: ActivityOrigin, entry: ActivityEntry): typeof activity.$inferInsert {
  return {
    id: newId(),
    ...origin,
    action: entry.action,
    kind: activityKindOf(entry.action),
    summary: entry.summary,
    entityKind: entry.entity,
    entityId: entry.entityId,
    subjectUserId: entry.subjectUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

export async function recordActivity(deps: Pick<AppDeps, 'clock'>, tx: Tx, actor: Pick<Actor, 'userId' | 'hoaId' | 'device'>, entry: ActivityEntry): Promise<void> {
  const origin = { hoaId: actor.hoaId, at: deps.clock(), actorId: actor.userId, actorName: await memberName(tx, actor), device: deviceLabel(actor.device?.userAgent), clientGroupId: actor.device?.clientGroupId ?? null };
  await tx.insert(activity).values(activityRow(origin, entry));
}
