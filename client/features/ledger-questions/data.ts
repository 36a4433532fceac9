/** Ledger questions from the local cache (the list, one question), with the REST read while the cache lacks it. */
import { useMemo } from 'react';
import { LEDGER_QUESTION_STATUS_LABELS, ledgerQuestionPolicy, type LedgerQuestionStatus } from '../../../schema/ledger-questions';
import { valueOfRest } from '../../../schema/rest-shape';
import { fromApiHistoryEntry, fromApiThreadMessage, type ApiHistoryEntry, type ApiThreadMessage } from '../../../schema/threads';
import { prefixOf } from '../../../sync/keys';
import { LEDGER_QUESTION_REST, LEDGER_QUESTION_SPACE, ledgerQuestionKey, syncedLedgerQuestionSchema, type SyncedLedgerQuestion } from '../../../sync/areas/ledger-questions';
import { api } from '../../lib/api';
import { defineSyncedList, newestFirst, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { BadgeVariant } from '../../ui';

export const questionList = defineSyncedList({ name: 'ledger-questions', prefix: prefixOf(LEDGER_QUESTION_SPACE), compare: newestFirst((q: SyncedLedgerQuestion) => q.createdAt) });
export const useQuestionList = (options: SyncedListOptions<SyncedLedgerQuestion>) => useSyncedList(questionList, options);

/**
 * Each line's open question (line id → question), from one read of the list: a statement asks once
 * for all its lines rather than each of its hundreds of lines keeping a list of its own.
 */
export function useOpenQuestionsByLine(): ReadonlyMap<string, SyncedLedgerQuestion> {
  const open = useQuestionList({ filter: ledgerQuestionPolicy.isOpen, pageSize: Infinity });
  return useMemo(() => new Map(open.items.map((q) => [q.line.id, q])), [open.items]);
}

interface ApiQuestion {
  line_id: { _id: string; kind: SyncedLedgerQuestion['line']['kind']; amount_cents: number; description: string; occurred_at: string; invoice_id: string | null };
  messages: ApiThreadMessage[];
  history: ApiHistoryEntry[];
}
const fetchQuestion = (id: string) => api<ApiQuestion>(`/api/ledger-questions/${encodeURIComponent(id)}`);
const questionOfApi = (q: ApiQuestion): SyncedLedgerQuestion =>
  valueOfRest(syncedLedgerQuestionSchema, q, LEDGER_QUESTION_REST, {
    line: (l: ApiQuestion['line_id']) => ({ id: l._id, kind: l.kind, amountCents: l.amount_cents, description: l.description, occurredAt: Date.parse(l.occurred_at), invoiceId: l.invoice_id }),
    messages: (messages: ApiThreadMessage[]) => messages.map(fromApiThreadMessage),
    history: (history: ApiHistoryEntry[]) => history.map(fromApiHistoryEntry),
  });

export function useQuestionEntity(id: string) {
  const { data, loading } = useSyncedValue<SyncedLedgerQuestion>(ledgerQuestionKey(id));
  return useSyncedEntity({ id, cached: { data, loading }, fetch: fetchQuestion, fromRemote: questionOfApi, version: data?.version });
}

const STATUS_VARIANT: Record<LedgerQuestionStatus, BadgeVariant> = { open: 'warning', granted: 'success', declined: 'secondary' };
export const questionStatusBadge = (status: LedgerQuestionStatus) => ({ variant: STATUS_VARIANT[status], label: LEDGER_QUESTION_STATUS_LABELS[status] });
