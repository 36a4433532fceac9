/**
 * The thread kit, shared half: a record's message thread and its activity history, as request
 * comments and violation messages both have them. One rule each for who is
 * staff, which name a reader sees, which entries a resident may see, and the synced and REST shapes.
 * The server half is worker/domain/threads/ (tables: schema/tables/threads.ts).
 */
import { z } from 'zod';
import { richTextField } from './rich-text';
import { isPrivileged, ROLES, type Role } from './roles';
import { restAnswer, valueOfRest, type RestRule } from './rest-shape';
import { syncedAttachmentSchema } from './uploads';
import { lazy } from './lazy';

/** What residents see instead of a staff member's name. */
export const STAFF_LABEL = 'HOA Staff';
/** The actor of what a job does on nobody's behalf (an application's review deadline), and its name in a history. */
export const AUTOMATIC_ACTOR_ID = 'automatic';
export const AUTOMATIC_ACTOR_NAME = 'Automatic';

export const THREAD_MESSAGES = {
  empty: 'Message cannot be empty',
  // Beyond the spec's texts: it shows no limit; this one only keeps abusive payloads out.
  tooLong: 'Message is too long',
  internalBoardOnly: 'Only board members can post internal messages',
  idTaken: 'A message with this id already exists',
} as const;

export const THREAD_MESSAGE_MAX = 50_000;

/** A thread message body: rich text with visible text (an empty paragraph is empty), sanitised on the server. */
export const threadMessageField = lazy(() => richTextField({ required: THREAD_MESSAGES.empty, tooLong: THREAD_MESSAGES.tooLong }, THREAD_MESSAGE_MAX));

export const threadPolicy = {
  /** Staff: an author with a board-level role when they wrote (kept with the message, so it stays true later). */
  isStaff: (role: Role) => isPrivileged(role),
  /** Who reads staff names, internal messages and internal history: board and superadmin. */
  seesInternal: (role: Role) => isPrivileged(role),
  /** Messages hidden from residents (not public, internal) are written by staff only. */
  mayPostInternal: (role: Role) => isPrivileged(role),
};

/**
 * Who wrote or did something, as the reader may see them: the server resolves it per reader
 * (worker/domain/threads/values.ts). Readers who do not see internal rows (residents) get a staff
 * member as "HOA Staff" without id; `isStaff` gives board readers the Staff badge.
 */
export const syncedThreadPersonSchema = lazy(() => z.object({
  id: z.string().nullable(),
  name: z.string(),
  isStaff: z.boolean(),
}));
export type SyncedThreadPerson = z.output<typeof syncedThreadPersonSchema>;

/** One message of a thread (times in milliseconds since the epoch). Residents never receive one that is not public. */
export const syncedThreadMessageSchema = lazy(() => z.object({
  id: z.string(),
  author: syncedThreadPersonSchema,
  /** Sanitised rich text. */
  message: z.string(),
  isPublic: z.boolean(),
  /** A file sent with the message (violations' messages take one); null when none. Optimistic values may leave it out. */
  attachment: syncedAttachmentSchema.nullable().optional(),
  createdAt: z.number(),
}));
export type SyncedThreadMessage = z.output<typeof syncedThreadMessageSchema>;

/** One line of Activity History: what happened, who did it, when. Residents receive public entries only. */
export const syncedHistoryEntrySchema = lazy(() => z.object({
  id: z.string(),
  action: z.string(),
  user: syncedThreadPersonSchema,
  at: z.number(),
}));
export type SyncedHistoryEntry = z.output<typeof syncedHistoryEntrySchema>;

/**
 * The signed-in user as the screens know them, sent with a mutation so its optimistic value can show
 * the author at once (also offline). The server never reads it: the author is the token's user.
 */
export const actingUserSchema = lazy(() => z.object({ id: z.string().max(64), name: z.string().max(200), email: z.string().max(320).optional(), role: z.enum(ROLES) }));
export type ActingUser = z.output<typeof actingUserSchema>;

/** The author of an optimistic message or history entry: the acting user, or a blank until the server answers. */
export function optimisticPerson(user: ActingUser | undefined): SyncedThreadPerson {
  return user ? { id: user.id, name: user.name, isStaff: threadPolicy.isStaff(user.role) } : { id: null, name: '', isStaff: false };
}

/** A history line the acting user made now (the server's line replaces it with the next pull). */
export function optimisticHistoryEntry(action: string, by: ActingUser | undefined, at: number): SyncedHistoryEntry {
  return { id: crypto.randomUUID(), action, user: optimisticPerson(by), at };
}

// ------------------------------------------------------------------ REST shapes

export interface ApiThreadPerson {
  _id: string | null;
  name: string;
  is_staff: boolean;
}

/** `comments[]` of a request (user_id, message, created_at, is_public). */
export interface ApiThreadMessage {
  _id: string;
  user_id: ApiThreadPerson;
  message: string;
  is_public: boolean;
  created_at: string;
}

/** `history[]` (action, user_id name, timestamp). */
export interface ApiHistoryEntry {
  _id: string;
  action: string;
  user_id: ApiThreadPerson;
  timestamp: string;
}

const apiPerson = (p: SyncedThreadPerson): ApiThreadPerson => ({ _id: p.id, name: p.name, is_staff: p.isStaff });

export const toApiThreadMessage = (m: SyncedThreadMessage): ApiThreadMessage => ({
  _id: m.id,
  user_id: apiPerson(m.author),
  message: m.message,
  is_public: m.isPublic,
  created_at: new Date(m.createdAt).toISOString(),
});

/** A history line's REST names (rest-shape.ts): the spec's `user_id` and `timestamp`. */
const HISTORY_REST = { times: ['at'], names: { user: 'user_id', at: 'timestamp' } } as const satisfies RestRule<SyncedHistoryEntry>;

export const toApiHistoryEntry = (h: SyncedHistoryEntry): ApiHistoryEntry => restAnswer(h, HISTORY_REST);

const syncedPerson = (p: ApiThreadPerson): SyncedThreadPerson => ({ id: p._id, name: p.name, isStaff: p.is_staff });

/** The REST shapes back in the cache's (a detail screen shows a REST answer until the cache has the row). */
export const fromApiThreadMessage = (m: ApiThreadMessage): SyncedThreadMessage => ({
  id: m._id,
  author: syncedPerson(m.user_id),
  message: m.message,
  isPublic: m.is_public,
  createdAt: Date.parse(m.created_at),
});

export const fromApiHistoryEntry = (h: ApiHistoryEntry): SyncedHistoryEntry => valueOfRest(syncedHistoryEntrySchema, h, HISTORY_REST);
