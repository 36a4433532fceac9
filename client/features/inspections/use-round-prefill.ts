/**
 * The violation form opened from a round's stop (`?round=<id>&address=<addressId>&user_id=<resident>`):
 * the resident prefilled, and after Create Violation the stop marked done with the new violation
 * (outcome 'violation'), then back to the round. Without the query it changes nothing.
 */
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { actingUser } from '../threads';

export function useRoundPrefill() {
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const rep = useReplicache();
  const me = useCurrentUser();
  const [violationId] = useState(() => crypto.randomUUID());
  const roundId = query.get('round');
  const addressId = query.get('address');
  return {
    /** The id the new violation gets (the stop names it). */
    violationId,
    /** The form's first values, with the query's resident. */
    initial: <V extends { userId: string }>(empty: V): V => ({ ...empty, userId: query.get('user_id') ?? empty.userId }),
    /** After Create Violation: marks the stop and returns to the round; false when the form was not opened from one. */
    returnToRound(): boolean {
      if (!roundId || !addressId) return false;
      void rep?.mutate.markInspectionStop({ roundId, addressId, outcome: 'violation', violationId, shown: { by: me ? actingUser(me) : undefined } });
      navigate(`/inspections/${roundId}`);
      return true;
    },
  };
}
