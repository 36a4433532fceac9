/**
 * Members, shared half: the people the board picks from (a violation's resident, a due's recipients,
 * a custom audience, a request's assignee), kept in the cache so every picker works offline from the
 * first sign-in. Only what the pickers show: no phone, no invited, inactive or deleted accounts, and
 * only to the roles that pick (`userPolicy.mayPick`); a resident receives their own row, no one else's.
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
  role: z.enum(ROLES),
  /** Always `active`: the others are not synced. */
  status: z.enum(USER_STATUSES),
  /** The member's address, for the violation's address line. */
  address: syncedAddressSchema.nullable(),
  version: z.number(),
}));
export type SyncedMember = z.output<typeof syncedMemberSchema>;

export const membersSync = defineSyncedArea({ spaces: [MEMBER_SPACE] });
