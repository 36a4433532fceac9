/**
 * The resident directory, shared half: the members who chose to be listed, as every member of the HOA
 * receives them while the HOA has the directory on (docs/decisions/240-resident-directory.md). Only
 * active members; an email or phone only when its owner shares it (null otherwise, never sent).
 * Written by REST only (the profile's card): no mutators.
 */
import { z } from 'zod';
import { lazy } from '../../schema/lazy';
import type { RestAnswer, RestRule } from '../../schema/rest-shape';
import { syncedAddressSchema } from '../../schema/synced';
import { defineSyncedArea, keyOf, prefixOf } from '../area';

export const DIRECTORY_ENTRY_SPACE = 'directoryEntry';
export const directoryEntryKey = (userId: string) => keyOf(DIRECTORY_ENTRY_SPACE, userId);
export const DIRECTORY_ENTRY_PREFIX = prefixOf(DIRECTORY_ENTRY_SPACE);

/** One listed member; `id` is their user id. */
export const syncedDirectoryEntrySchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    address: syncedAddressSchema.nullable(),
    /** Null unless shared. */
    email: z.string().nullable(),
    /** Null unless shared (or shared with none on file). */
    phone: z.string().nullable(),
    version: z.number(),
  }),
);
export type SyncedDirectoryEntry = z.output<typeof syncedDirectoryEntrySchema>;

export const directorySync = defineSyncedArea({ spaces: [DIRECTORY_ENTRY_SPACE] });

/** `GET /api/directory`'s rows: the generic rename (`_id`, `unit_number`), nothing of its own. */
export const DIRECTORY_ENTRY_REST = {} as const satisfies RestRule<SyncedDirectoryEntry>;
export type ApiDirectoryEntry = RestAnswer<SyncedDirectoryEntry, typeof DIRECTORY_ENTRY_REST>;
