/**
 * The decision letter. Once the application is decided, the board sees a letter generated from the
 * outcome, the reasons and the conditions (schema/applications.ts `decisionLetterHtml`), edits it and
 * sends it: mailed to the resident and kept on the application. A sent letter shows to the board and
 * the resident alike, with Print Letter (the page prints only the letter).
 */
import { useState } from 'react';
import { APPLICATION_MESSAGES, decisionLetterHtml } from '../../../schema/applications';
import { isRichTextEmpty } from '../../../schema/rich-text';
import type { SyncedApplication } from '../../../sync/areas/applications';
import { formatAddress, formatDateTime } from '../../lib/format';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, Card, CardBody, CardHeader } from '../../ui';
import { RichText } from '../../ui/RichText';
import { RichTextField } from '../../ui/RichTextField';
import { actingUser } from '../threads';

export function draftLetter(a: SyncedApplication, hoaName: string, today: number) {
  const approving = a.reviews.filter((r) => r.decision !== 'deny' && r.conditions);
  const denying = a.reviews.filter((r) => r.decision === 'deny' && r.reasons);
  return decisionLetterHtml({
    hoaName,
    residentName: a.resident.name || 'Resident',
    title: a.title,
    address: formatAddress(a.address && { street: a.address.street, unit_number: a.address.unitNumber }) ?? null,
    status: a.status,
    deadline: a.deadline,
    conditions: approving.map((r) => r.conditions!),
    reasons: denying.map((r) => r.reasons!),
    date: today,
  });
}

export function SentLetter({ letter }: { letter: NonNullable<SyncedApplication['letter']> }) {
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardHeader
        title="Decision Letter"
        description={`Sent ${formatDateTime(letter.sentAt)} by ${letter.sentBy.name}`}
        actions={
          <Button variant="secondary" size="sm" className="print:hidden" onClick={() => window.print()}>
            Print Letter
          </Button>
        }
      />
      <CardBody>
        <RichText html={letter.html} className="break-words text-neutral-800" />
      </CardBody>
    </Card>
  );
}

export function LetterEditor({ application }: { application: SyncedApplication }) {
  const me = useCurrentUser();
  const rep = useReplicache();
  const [html, setHtml] = useState(() => draftLetter(application, me?.hoa_name ?? 'the HOA', Date.now()));
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (isRichTextEmpty(html)) return setError(APPLICATION_MESSAGES.letterRequired);
    setError(null);
    await rep?.mutate.sendApplicationLetter({ applicationId: application.id, letter: html, shown: { by: me ? actingUser(me) : undefined } });
  }

  return (
    <Card className="print:hidden">
      <CardHeader title="Decision Letter" description="Generated from the outcome, the reasons and the conditions. Edit it before sending: the resident receives it by email and on this page." />
      <CardBody className="space-y-4">
        <RichTextField label="Letter" required value={html} onChange={setHtml} error={error} />
        <Button onClick={() => void send()} className="w-full sm:w-auto">
          Send Decision Letter
        </Button>
      </CardBody>
    </Card>
  );
}
