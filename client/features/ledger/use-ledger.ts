/** The ledger from the local cache (readable offline): one resident's lines, one line. */
import type { ReadonlyJSONValue } from 'replicache';
import { useCacheFill } from '../../lib/replicache';
import { ledgerKey, LEDGER_SPACE, type SyncedLedgerLine } from '../../../sync/areas/ledger';
import { memberKey, type SyncedMember } from '../../../sync/areas/members';
import { prefixOf } from '../../../sync/keys';
import { api } from '../../lib/api';
import { useSubscribe, useSyncedValue, type Subscribed } from '../../lib/use-synced-list';
import { valueOfRest } from '../../../schema/rest-shape';
import { LEDGER_REST, syncedLedgerLineSchema } from '../../../sync/areas/ledger';

/**
 * A resident's lines. The board's cache holds every line of the HOA, so the lines are picked inside
 * the query: the screen renders again only when this resident's lines change.
 */
export function useResidentLines(userId: string): Subscribed<SyncedLedgerLine[]> {
  const result = useSubscribe(
    async (tx) => {
      const all = (await tx.scan({ prefix: prefixOf(LEDGER_SPACE) }).values().toArray()) as unknown as SyncedLedgerLine[];
      return all.filter((l) => l.resident.id === userId) as unknown as ReadonlyJSONValue;
    },
    [],
    [userId],
  );
  return result as unknown as Subscribed<SyncedLedgerLine[]>;
}

/**
 * 'loading' until the cache answered and a pull filled it (a cache no pull filled reads as no lines,
 * which would say "paid up" while an invoice is open), 'failed' when its first pull got no answer;
 * 'ready' otherwise, also offline from a cache filled before.
 */
export type StatementState = 'loading' | 'ready' | 'failed';

export function useStatementLines(userId: string): { lines: SyncedLedgerLine[]; state: StatementState } {
  const fill = useCacheFill();
  const { data, loading } = useResidentLines(userId);
  return { lines: data, state: loading || fill === 'unknown' ? 'loading' : fill === 'filled' ? 'ready' : 'failed' };
}

export const useLedgerLine = (id: string) => useSyncedValue<SyncedLedgerLine>(ledgerKey(id));
/** The member whose statement the board opens (the board's cache holds the HOA's active members). */
export const useMember = (id: string) => useSyncedValue<SyncedMember>(memberKey(id));

export type ApiLedgerLine = Record<string, unknown>;
export const fetchLedgerLine = (id: string) => api<ApiLedgerLine>(`/api/ledger/lines/${encodeURIComponent(id)}`);
/** The REST shape as the cache's (only until the cache has the line). */
export const ledgerLineOfApi = (l: ApiLedgerLine): SyncedLedgerLine => valueOfRest(syncedLedgerLineSchema, l, LEDGER_REST);
