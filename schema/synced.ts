/** Pieces several synced values share: the schemas of a person and of an address line as the values show them. */
import { z } from 'zod';
import { lazy } from './lazy';
import { USER_STATUSES } from './roles';

/** A person a value names, with their email. */
export const syncedPersonSchema = lazy(() => z.object({ id: z.string(), name: z.string(), email: z.string() }));
export type SyncedPerson = z.output<typeof syncedPersonSchema>;

/** Who made or did something, by name only. */
export const syncedNamedSchema = lazy(() => z.object({ id: z.string(), name: z.string() }));

/** Someone who lives at an address, with their status (the directory lists the invited and inactive too). */
export const syncedResidentSchema = lazy(() => syncedNamedSchema.extend({ status: z.enum(USER_STATUSES) }));
export type SyncedResident = z.output<typeof syncedResidentSchema>;

/** An address line (a member's, or a record's resident's when it was filed). */
export const syncedAddressSchema = lazy(() => z.object({ id: z.string(), street: z.string(), unitNumber: z.string().nullable() }));
