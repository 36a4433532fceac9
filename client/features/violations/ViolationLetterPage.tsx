/**
 * /violations/{id}/letters/{letterId}: a stage's letter as the resident receives it, laid out for
 * paper. "Printable PDF" is the browser's Print → Save as PDF of this page: the print stylesheet
 * leaves only the letter. Read from the local cache (it opens offline); its photos need the network unless kept on this device.
 */
import { useParams } from 'wouter';
import { fineDue } from '../../../schema/violation-fines';
import { formatUsd } from '../../../schema/money';
import { VIOLATION_STAGE_LABELS } from '../../../schema/violations';
import { formatAddress, formatLongDate } from '../../lib/format';
import { Button, ButtonLink, PageHeader, Unavailable } from '../../ui';
import { RichText } from '../../ui/RichText';
import { LetterPhotos } from './ViolationPhotos';
import { FALLBACK_TITLE, VIOLATION_UNAVAILABLE, violationCrumbs, useViolationEntity } from './use-violation-entity';

/** Only the letter goes to paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .violation-letter, .violation-letter * { visibility: visible; }
  .violation-letter { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; padding: 0; }
  @page { margin: 2cm; }
}`;

export function ViolationLetterPage() {
  const { id = '', letterId = '' } = useParams<{ id: string; letterId: string }>();
  const loaded = useViolationEntity(id);
  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={VIOLATION_UNAVAILABLE} title={FALLBACK_TITLE} breadcrumb={violationCrumbs(FALLBACK_TITLE)} onRetry={() => window.location.reload()} />;
  }
  const v = loaded.entity;
  const letter = v.letters.find((l) => l.id === letterId);
  const title = v.title || FALLBACK_TITLE;
  const crumbs = [{ label: 'Compliance', href: '/compliance' }, { label: title, href: `/compliance/${v.id}` }, { label: 'Letter' }];
  if (!letter) {
    return (
      <div className="space-y-4">
        <PageHeader title="Letter not found" breadcrumb={crumbs} />
        <ButtonLink href={`/compliance/${v.id}`} variant="secondary">
          Back to Violation
        </ButtonLink>
      </div>
    );
  }
  const stage = VIOLATION_STAGE_LABELS[letter.stage];
  const address = formatAddress(v.address && { street: v.address.street, unit_number: v.address.unitNumber });
  const fineTotal = v.letters.filter((l) => l.sentAt <= letter.sentAt).reduce((sum, l) => sum + l.fineCents, 0);
  const repeats = letter.stage === 'fined' && v.schedule.repeatDays > 0 && fineDue(v.schedule, fineTotal) > 0;

  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={`${stage} letter`}
        breadcrumb={crumbs}
        actions={
          <Button onClick={() => window.print()} variant="secondary">
            Print or Save as PDF
          </Button>
        }
      />
      <article className="violation-letter mx-auto max-w-3xl space-y-5 rounded-xl border border-neutral-200 bg-white p-6 text-neutral-900 shadow-sm sm:p-10" aria-label={`${stage} letter`}>
        <header className="border-b border-neutral-200 pb-4">
          <p className="text-xl font-semibold">{v.hoaName || 'Homeowners Association'}</p>
          <p className="text-sm text-neutral-600">{formatLongDate(letter.sentAt)}</p>
        </header>
        <div className="text-sm">
          <p className="font-medium">{v.resident.name || 'Resident'}</p>
          {address && <p>{address}</p>}
        </div>
        <h2 className="text-lg font-semibold">
          {stage}: {title}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-neutral-600">Rule</dt>
          <dd>{v.category}</dd>
          <dt className="font-medium text-neutral-600">Reported</dt>
          <dd>{formatLongDate(v.createdAt)}</dd>
          {letter.cureBy != null && (
            <>
              <dt className="font-medium text-neutral-600">Please cure by</dt>
              <dd className="font-semibold">{formatLongDate(letter.cureBy)}</dd>
            </>
          )}
          {letter.fineCents > 0 && (
            <>
              <dt className="font-medium text-neutral-600">Fine</dt>
              <dd>
                {formatUsd(letter.fineCents)} posted to your account ({formatUsd(fineTotal)} in all on this violation)
              </dd>
            </>
          )}
        </dl>
        <RichText html={v.message} className="break-words" />
        <LetterPhotos violation={v} />
        {repeats && <p className="text-sm">Until the violation is cured, a fine of {formatUsd(fineDue(v.schedule, fineTotal))} is posted every {v.schedule.repeatDays} days.</p>}
        <p className="border-t border-neutral-200 pt-4 text-sm text-neutral-700">
          You have the right to a hearing before the board. To ask for one, open this violation in the resident portal and choose Request a Hearing, or reply in writing to the board.
        </p>
      </article>
    </div>
  );
}
