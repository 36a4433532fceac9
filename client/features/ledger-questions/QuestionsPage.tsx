/**
 * /questions: waiver requests and disputes from the local cache (also offline), newest first. The
 * board sees every resident's; a resident their own. Each opens its thread.
 */
import { LEDGER_QUESTION_KIND_LABELS, LEDGER_QUESTION_MESSAGES, ledgerQuestionPolicy } from '../../../schema/ledger-questions';
import { formatUsd } from '../../../schema/money';
import type { SyncedLedgerQuestion } from '../../../sync/areas/ledger-questions';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { Badge, type Column, EmptyState, ListScreen, titleColumn, ViewLink } from '../../ui';
import { questionStatusBadge, useQuestionList } from './data';

const status = (q: SyncedLedgerQuestion) => {
  const b = questionStatusBadge(q.status);
  return <Badge variant={b.variant}>{b.label}</Badge>;
};
const view = (q: SyncedLedgerQuestion) => <ViewLink href={`/questions/${q.id}`} name={`${LEDGER_QUESTION_KIND_LABELS[q.kind]} about ${q.line.description}`} />;

export function QuestionsPage() {
  const me = useCurrentUser();
  const board = !!me && ledgerQuestionPolicy.seesAll(me.role);
  const list = useQuestionList({ pageSize: 25 });
  const columns: Column<SyncedLedgerQuestion>[] = [
    titleColumn<SyncedLedgerQuestion>({
      main: (q) => (
        <p className="font-medium text-neutral-900">
          {LEDGER_QUESTION_KIND_LABELS[q.kind]}: {q.line.description}
        </p>
      ),
      phone: (q) => (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {status(q)}
          <span>{formatUsd(q.line.amountCents)}</span>
          {board && <span>{q.resident.name}</span>}
          <span>{formatDate(q.createdAt)}</span>
        </div>
      ),
      action: view,
    }),
    ...(board ? [{ header: 'Resident', hideOnPhone: true, className: 'whitespace-nowrap', cell: (q: SyncedLedgerQuestion) => q.resident.name }] : []),
    { header: 'Amount', hideOnPhone: true, className: 'whitespace-nowrap tabular-nums', cell: (q) => formatUsd(q.line.amountCents) },
    { header: 'Status', hideOnPhone: true, cell: status },
    { header: 'Asked', hideOnPhone: true, className: 'whitespace-nowrap', cell: (q) => formatDate(q.createdAt) },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];
  return (
    <ListScreen
      title="Questions"
      subtitle={board ? 'Waiver requests and disputes from residents' : 'Your questions about your statement'}
      tableTitle={board ? 'All Questions' : 'My Questions'}
      columns={columns}
      rowKey={(q) => q.id}
      rows={list}
      empty={<EmptyState title={LEDGER_QUESTION_MESSAGES.empty} description={board ? LEDGER_QUESTION_MESSAGES.emptyBoard : LEDGER_QUESTION_MESSAGES.emptyResident} />}
      exhaustedText="No more questions"
      loadMoreLabel="Load More"
    />
  );
}
