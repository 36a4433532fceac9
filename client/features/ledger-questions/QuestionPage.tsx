/**
 * /questions/{id}: a waiver request or dispute — the line it is about, its thread (from the local
 * cache, written through addLedgerQuestionMessage, so it works offline) and its Activity History. The
 * board answers it once, granted or declined with a reason; that needs the network (granting a waiver
 * writes the ledger).
 */
import { useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { LEDGER_QUESTION_KIND_LABELS, LEDGER_QUESTION_MESSAGES, LEDGER_QUESTION_REASON_MAX, answerFields, ledgerQuestionPolicy, type LedgerQuestionAnswer } from '../../../schema/ledger-questions';
import { LEDGER_KIND_LABELS } from '../../../schema/ledger';
import { formatDay, formatUsd } from '../../../schema/money';
import { api } from '../../lib/api';
import { useOnline, useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, Badge, Button, ButtonLink, Card, CardBody, CardHeader, Unavailable, useToast, type UnavailableWords } from '../../ui';
import { ActivityHistory, actingUser, useQueuedIds } from '../threads';
import { MessageList } from '../threads/MessageList';
import { MessagesScreen } from '../threads/MessagesScreen';
import { questionStatusBadge, useQuestionEntity } from './data';
import { ReasonDialog } from './ReasonDialog';

const WORDS: UnavailableWords = {
  loading: 'Loading question...',
  failed: LEDGER_QUESTION_MESSAGES.loadFailed,
  offline: 'This question is not available offline.',
  back: { href: '/questions', label: 'Back to Questions' },
};
const crumbs = (title: string) => [{ label: 'Questions', href: '/questions' }, { label: title }];

export function QuestionPage() {
  const { id = '' } = useParams<{ id: string }>();
  const rep = useReplicache();
  const me = useCurrentUser();
  const online = useOnline();
  const toast = useToast();
  const loaded = useQuestionEntity(id);
  const written = useQueuedIds('addLedgerQuestionMessage', (args) => args.id);
  // A question asked offline: its first message waits with it.
  const askedHere = useQueuedIds('askAboutLine', (args) => args.id);
  const firstMessages = useQueuedIds('askAboutLine', (args) => args.messageId);
  const queued = useMemo(() => new Set([...written, ...firstMessages]), [written, firstMessages]);
  const [answering, setAnswering] = useState<LedgerQuestionAnswer | null>(null);

  if (loaded.unavailable || !me) {
    return <Unavailable state={loaded.unavailable ?? { kind: 'loading' }} words={WORDS} title="Question" breadcrumb={crumbs('Question')} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  }
  const q = loaded.entity;
  const title = `${LEDGER_QUESTION_KIND_LABELS[q.kind]}: ${q.line.description}`;
  const badge = questionStatusBadge(q.status);
  const mayAnswer = ledgerQuestionPolicy.mayAnswer(me.role) && ledgerQuestionPolicy.isOpen(q);
  const waives = q.kind === 'waiver' && q.line.kind === 'late_fee';

  const summary = (
    <>
      {askedHere.has(q.id) && !online && (
        <Alert tone="info" className="mb-4">
          {LEDGER_QUESTION_MESSAGES.askedOffline}
        </Alert>
      )}
      <Card>
        <CardHeader title="About this line" />
        <CardBody className="space-y-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-neutral-600">Line</dt>
            <dd>{q.line.description}</dd>
            <dt className="text-neutral-600">Type</dt>
            <dd>{LEDGER_KIND_LABELS[q.line.kind]}</dd>
            <dt className="text-neutral-600">Amount</dt>
            <dd className="tabular-nums">{formatUsd(q.line.amountCents)}</dd>
            <dt className="text-neutral-600">Date</dt>
            <dd>{formatDay(q.line.occurredAt)}</dd>
            <dt className="text-neutral-600">Resident</dt>
            <dd>{q.resident.name}</dd>
          </dl>
          {q.line.invoiceId && (
            <ButtonLink href={`/invoices/${q.line.invoiceId}`} variant="secondary">
              View Invoice
            </ButtonLink>
          )}
          {mayAnswer && (
            <div className="flex flex-col gap-2 border-t border-neutral-200 pt-3 sm:flex-row">
              {!online && <Alert tone="info">Answering needs a connection.</Alert>}
              <Button onClick={() => setAnswering('granted')} disabled={!online}>
                {waives ? 'Grant and Waive Fee' : 'Grant'}
              </Button>
              <Button variant="secondary" onClick={() => setAnswering('declined')} disabled={!online}>
                Decline
              </Button>
            </div>
          )}
        </CardBody>
      </Card>
    </>
  );

  return (
    <>
      <MessagesScreen
        title={title}
        breadcrumb={crumbs(title)}
        badges={<Badge variant={badge.variant}>{badge.label}</Badge>}
        words={{ back: 'Back to Questions', backHref: '/questions' }}
        notice={summary}
        messages={<MessageList messages={q.messages} viewer={{ id: me.id, role: me.role }} queuedIds={queued} />}
        composer={{
          failureText: LEDGER_QUESTION_MESSAGES.sendMessageFailed,
          onSend: async ({ message }) => {
            if (!rep) throw new Error(LEDGER_QUESTION_MESSAGES.sendMessageFailed);
            await rep.mutate.addLedgerQuestionMessage({ id: crypto.randomUUID(), questionId: q.id, message, shown: { by: actingUser(me) } });
          },
        }}
      />
      <div className="mx-auto mt-6 max-w-3xl">
        <ActivityHistory entries={q.history} viewerRole={me.role} />
      </div>
      <ReasonDialog
        open={answering !== null}
        onClose={() => setAnswering(null)}
        title={answering === 'granted' ? (waives ? 'Grant and Waive the Late Fee' : 'Grant') : 'Decline'}
        description={answering === 'granted' && waives ? `The late fee of ${formatUsd(q.line.amountCents)} comes off ${q.resident.name}’s invoice.` : `${q.resident.name} is mailed your answer and reason.`}
        action={answering === 'granted' ? 'Grant' : 'Decline'}
        max={LEDGER_QUESTION_REASON_MAX}
        schema={answerFields.reason}
        onSubmit={async (reason) => {
          await api(`/api/ledger-questions/${encodeURIComponent(q.id)}/status`, { method: 'PUT', body: { status: answering, reason } });
          await loaded.remote.reload().catch(() => {});
          toast.success(answering === 'granted' ? 'Question granted.' : 'Question declined.', 3000);
        }}
      />
    </>
  );
}
