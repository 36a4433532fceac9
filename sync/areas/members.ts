/**
 * Members, shared half: the HOA's people as the board's /users screen lists them and the pickers
 * choose from them (a violation's resident, a due's recipients, a custom audience, a request's
 * assignee), kept in the cache so both work offline from the first sign-in. The roles that pick
 * (`userPolicy.mayPick`) receive every member not deleted (invited and inactive ones too: the pickers
 * keep the active ones, `peoplePolicy.isPickable`); a resident receives their own row, no one else's.
 * Written by REST only (the management screens): no mutators.
 */
import { z } from 'zod';
import { lazy } from '../../schema/lazy';
import { ROLES, USER_STATUSES } from '../../schema/roles';
import { syncedAddressSchema } from '../../schema/synced';
import { defineSyncedArea, keyOf } from '../area';

export const MEMBER_SPACE = 'member';
export const memberKey = (id: string) => keyOf(MEMBER_SPACE, id);

/** An active member of the HOA as the pickers show them. */
export const syncedMemberSchema = lazy(() => z.object({
  id: z.string(),
  name: z.string(),
  /** As the board sees it (a held invitation's address without its mark). */
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  /** Pickers offer the active ones only (`peoplePolicy.isPickable`). */
  status: z.enum(USER_STATUSES),
  /** The member's address, for the violation's address line. */
  address: syncedAddressSchema.nullable(),
  /** Owner or renter by their address's property type; null without an address. */
  residency: z.enum(['owner', 'renter']).nullable(),
  /** When the current invitation was sent (ms); `invitationState` reads it. */
  invitedAt: z.number().nullable(),
  /**
   * The day (UTC midnight, `formatDay`) of the last sign-in: a day, not the time, so only the first
   * sign-in of a day reaches the board's devices.
   */
  lastLoginDay: z.number().nullable(),
  /** A password is set: with status active, an Active User (someone who can sign in). */
  hasPassword: z.boolean(),
  version: z.number(),
}));
export type SyncedMember = z.output<typeof syncedMemberSchema>;

export const membersSync = defineSyncedArea({ spaces: [MEMBER_SPACE] });
