import { useMemo } from 'react';
import type { MutatorArgs, MutatorName } from '../../../sync/mutators';
import { useQueuedChanges } from '../../lib/replicache';

/**
 * The ids of this device's changes of one kind the server does not have yet (messages written
 * offline, a request filed offline), so the screen can mark them as queued or sending.
 */
export function useQueuedIds<N extends MutatorName>(name: N, idOf: (args: MutatorArgs<N>) => string): ReadonlySet<string> {
  const queued = useQueuedChanges();
  // `idOf` reads a field of the arguments; the queue is what changes.
  return useMemo(() => new Set(queued.filter((c) => c.name === name).map((c) => idOf(c.args as MutatorArgs<N>))), [queued, name]);
}
