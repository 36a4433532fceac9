/** "Check a receipt": a code in, the choice recorded under it out (or "No ballot has this code"). Online: it asks the server. */
import { useState, type FormEvent } from 'react';
import { normalizeReceipt, VOTE_MESSAGES } from '../../../schema/votes';
import { api, errorMessage } from '../../lib/api';
import { Alert, Button, Card, CardBody, CardHeader, Field, Input } from '../../ui';

interface Receipt {
  code: string;
  choices: string[];
  counted: boolean;
}

export function ReceiptCheck({ voteId }: { voteId: string }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ receipt: Receipt } | { error: string } | null>(null);

  async function check(e: FormEvent) {
    e.preventDefault();
    const typed = normalizeReceipt(code);
    if (!typed) return;
    setBusy(true);
    try {
      setResult({ receipt: await api<Receipt>(`/api/votes/${encodeURIComponent(voteId)}/receipts/${encodeURIComponent(typed)}`) });
    } catch (err) {
      setResult({ error: errorMessage(err, VOTE_MESSAGES.noReceipt) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Check a receipt" description="Enter a receipt code to see the choice recorded under it." />
      <CardBody className="space-y-3">
        <form onSubmit={check} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field label="Receipt code" className="flex-1">
            <Input name="receipt" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono uppercase" />
          </Field>
          <Button type="submit" variant="secondary" busy={busy} busyText="Checking...">
            Check
          </Button>
        </form>
        {result && 'receipt' in result && (
          <Alert tone={result.receipt.counted ? 'success' : 'warning'}>
            <span className="font-mono">{result.receipt.code}</span>: {result.receipt.choices.join(', ')}
            {!result.receipt.counted && <span className="block">{VOTE_MESSAGES.receiptReplaced}</span>}
          </Alert>
        )}
        {result && 'error' in result && <Alert tone="error">{result.error}</Alert>}
      </CardBody>
    </Card>
  );
}
