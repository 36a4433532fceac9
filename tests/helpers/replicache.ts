import { Replicache, type WriteTransaction } from 'replicache';
import { afterEach } from 'vitest';
import { clientMutators } from '../../sync/mutators';

/**
 * In-memory Replicaches with the shared client mutators, plus `put` to place server data in the
 * cache; every one opened in a test is closed after it.
 */
export function localCaches() {
  const open: Replicache<any>[] = [];
  afterEach(async () => {
    for (const rep of open.splice(0)) await rep.close();
  });
  return function localCache() {
    const rep = new Replicache({
      name: `test-${crypto.randomUUID()}`,
      kvStore: 'mem',
      pullInterval: null,
      mutators: {
        ...clientMutators,
        async put(tx: WriteTransaction, { key, value }: { key: string; value: any }) {
          await tx.set(key, value);
        },
      },
    });
    open.push(rep);
    return rep;
  };
}
