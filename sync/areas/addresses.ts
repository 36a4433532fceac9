/**
 * The address directory, shared half: the HOA's live addresses with their residents, in the
 * cache of board members and superadmins (residents receive none): the /addresses screen lists them
 * (offline too) and a round started offline has its stops at once (sync/areas/inspections.ts). Written by REST only (the address screens, the bulk add):
 * no mutators.
 */
import { z } from 'zod';
import { lazy } from '../../schema/lazy';
import { syncedResidentSchema } from '../../schema/synced';
import { defineSyncedArea, keyOf, prefixOf } from '../area';

export const DIRECTORY_SPACE = 'address';
export const directoryKey = (id: string) => keyOf(DIRECTORY_SPACE, id);
export const DIRECTORY_PREFIX = prefixOf(DIRECTORY_SPACE);

/** One live address of the directory. */
export const syncedDirectoryAddressSchema = lazy(() =>
  z.object({
    id: z.string(),
    street: z.string(),
    unitNumber: z.string().nullable(),
    /** The address as the screens show it ("street, Unit unit"). */
    line: z.string(),
    /**
     * Everyone who lives there and is not deleted, invited and inactive too (the REST directory's
     * residents), by name then id: Vacant, Occupied and Delete Address count them all.
     */
    residents: z.array(syncedResidentSchema),
    /** Which of them are board members (the Board badge). */
    boardIds: z.array(z.string()),
    isRented: z.boolean(),
    notes: z.string().nullable(),
    version: z.number(),
  }),
);
export type SyncedDirectoryAddress = z.output<typeof syncedDirectoryAddressSchema>;

export const addressesSync = defineSyncedArea({ spaces: [DIRECTORY_SPACE] });
