import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ActivityAction, ActivityEntity, ActivityKind, ActivityValues } from '../activity';
import { ACTIVITY_KINDS } from '../activity';
import { hoaId, id, ms } from './columns';

/**
 * The activity trail: one row per change the board or the superadmin made (and a member's own
 * activation), written in the transaction of the change. Append-only: the migration's triggers refuse
 * every UPDATE, and every DELETE but the retention job's of rows older than seven years. The actor's
 * name is kept as it was then; `subject_user_id` is the account a people entry is about (the member's
 * own trail reads it).
 */
export const activity = sqliteTable(
  'activity',
  {
    id: id(),
    hoaId: hoaId(),
    at: ms('at').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<ActivityAction>().notNull(),
    kind: text('kind', { enum: ACTIVITY_KINDS }).$type<ActivityKind>().notNull(),
    summary: text('summary').notNull(),
    entityKind: text('entity_kind').$type<ActivityEntity>().notNull(),
    entityId: text('entity_id'),
    subjectUserId: text('subject_user_id'),
    before: text('before', { mode: 'json' }).$type<ActivityValues>(),
    after: text('after', { mode: 'json' }).$type<ActivityValues>(),
    /** "Chrome on Android": from the request's User-Agent. */
    device: text('device'),
    /** The Replicache client group of a sync push. */
    clientGroupId: text('client_group_id'),
  },
  (t) => [
    index('activity_newest').on(t.hoaId, t.at, t.id),
    index('activity_kind').on(t.hoaId, t.kind, t.at),
    index('activity_subject').on(t.hoaId, t.subjectUserId, t.at),
    index('activity_at').on(t.at),
    // The actor filter's choices: each actor once, without sorting the HOA's whole trail.
    index('activity_actor').on(t.hoaId, t.actorId),
  ],
);
