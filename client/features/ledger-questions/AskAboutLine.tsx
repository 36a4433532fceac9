/**
 * Ask about a line of one's statement: one quiet link-styled control per line ("Ask About This Line")
 * and a dialog with the choice the line takes (a waiver of a late fee, a dispute of a charge, fee or
 * fine) that opens a thread with the board. Written through the askAboutLine mutator (also offline).
 * Shows nothing for lines that take no question or are not the viewer's; a line with an open question
 * links to it instead (the statement looks each line's up once: useOpenQuestionsByLine). The controls'
 * names say which line (descriptions repeat month after month).
 */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LEDGER_QUESTION_KIND_LABELS, LEDGER_QUESTION_MESSAGES, askFields, ledgerQuestionPolicy, plainToRichText, type LedgerQuestionKind } from '../../../schema/ledger-questions';
import { formatDay, formatUsd } from '../../../schema/money';
import type { SyncedLedgerLine } from '../../../sync/areas/ledger';
import type { SyncedLedgerQuestion } from '../../../sync/areas/ledger-questions';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, Button, Dialog, Field, optionsOf, Select, Textarea } from '../../ui';
import { actingUser } from '../threads';
import { loadZod } from '../../lib/deferred-zod';

export function AskAboutLine({ line, openQuestion }: { line: SyncedLedgerLine; openQuestion: SyncedLedgerQuestion | undefined }) {
  const me = useCurrentUser();
  const kinds = ledgerQuestionPolicy.kindsFor(line.kind);
  const [open, setOpen] = useState(false);
  // The dialog is built on the first click: a statement paints hundreds of lines, and a closed
  // dialog per line was most of its first render.
  const [opened, setOpened] = useState(false);

  if (!me || me.id !== line.resident.id || kinds.length === 0) return null;
  const which = `${line.description} of ${formatDay(line.occurredAt)}`;
  if (openQuestion) {
    return (
      <Link href={`/questions/${openQuestion.id}`} className="text-sm text-accent-700 underline-offset-4 hover:underline" aria-label={`View Question: ${which}`}>
        View Question
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="quiet"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label={`Ask About This Line: ${which}`}
        aria-haspopup="dialog"
      >
        Ask About This Line
      </Button>
      {opened && <AskDialog line={line} kinds={kinds} which={which} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

function AskDialog({ line, kinds, which, open, onClose }: { line: SyncedLedgerLine; kinds: readonly LedgerQuestionKind[]; which: string; open: boolean; onClose: () => void }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<LedgerQuestionKind>(kinds[0] ?? 'dispute');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const message = plainToRichText(text);
    await loadZod();
    const checked = askFields.message.safeParse(message);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? LEDGER_QUESTION_MESSAGES.askFailed);
    if (!rep || !me) return setError(LEDGER_QUESTION_MESSAGES.askFailed);
    setBusy(true);
    try {
      const id = crypto.randomUUID();
      await rep.mutate.askAboutLine({ id, messageId: crypto.randomUUID(), line_id: line.id, kind, message: checked.data, shown: { by: actingUser(me) } });
      onClose();
      navigate(`/questions/${id}`);
    } catch {
      setError(LEDGER_QUESTION_MESSAGES.askFailed);
    } finally {
      setBusy(false);
    }
  }

  // The dialog says what the question will be when the line takes one kind only.
  const title = kinds.length === 1 ? (kinds[0] === 'waiver' ? 'Ask for a Waiver' : 'Dispute This Line') : 'Ask About This Line';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={`${which} · ${formatUsd(line.amountCents)}. The board reads your message and answers here and by email.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={busy} busyText="Sending...">
            Send to the Board
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {kinds.length > 1 && (
          <Field label="What are you asking?" required>
            <Select options={optionsOf(kinds, LEDGER_QUESTION_KIND_LABELS)} value={kind} onChange={setKind} />
          </Field>
        )}
        <Field label="Message" required error={error ?? undefined}>
          <Textarea
            rows={4}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            invalid={!!error}
          />
        </Field>
        {error === LEDGER_QUESTION_MESSAGES.askFailed && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
