/** The vote form's fields: question, description, kind, options, who may vote, times, quorum, ballot and results. */
import { DESCRIPTION_MAX, OPTIONS_MAX, OPTIONS_MIN, QUESTION_MAX, VOTE_KIND_LABELS, VOTE_KINDS, type VoteKind } from '../../../schema/votes';
import type { FormErrors } from '../../lib/use-synced-form';
import { Button, charactersLeft, Field, Input, Textarea } from '../../ui';

export interface VoteFormValues {
  question: string;
  description: string;
  kind: VoteKind;
  options: string[];
  max_choices: string;
  include_renters: boolean;
  opens_at: string;
  closes_at: string;
  quorum_percent: string;
  secret: boolean;
  results_live: boolean;
}

interface Props {
  values: VoteFormValues;
  set: <K extends keyof VoteFormValues>(field: K, value: VoteFormValues[K]) => void;
  errors: FormErrors<VoteFormValues>;
  busy: boolean;
  zoneLabel: string;
}

function Check({ name, label, hint, checked, onChange, disabled }: { name: string; label: string; hint: string; checked: boolean; onChange: (v: boolean) => void; disabled: boolean }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} className="mt-0.5 size-4 accent-accent-700" />
      <span>
        <span className="font-medium text-neutral-900">{label}</span>
        <span className="block text-neutral-600">{hint}</span>
      </span>
    </label>
  );
}

const fieldError = (error: string | undefined, id: string) =>
  error ? (
    <p id={id} className="text-sm text-danger-700">
      {error}
    </p>
  ) : null;

export function VoteFields({ values, set, errors, busy, zoneLabel }: Props) {
  const setOption = (i: number, text: string) => set('options', values.options.map((o, j) => (j === i ? text : o)));
  const election = values.kind === 'election';
  return (
    <>
      <Field label="Question" required error={errors.question} hint={charactersLeft(values.question, QUESTION_MAX, QUESTION_MAX - 20)}>
        <Input name="question" value={values.question} onChange={(e) => set('question', e.target.value)} invalid={!!errors.question} disabled={busy} autoComplete="off" placeholder="e.g. Repave the clubhouse parking lot?" />
      </Field>
      <Field label="Description" error={errors.description}>
        <Textarea name="description" value={values.description} onChange={(e) => set('description', e.target.value)} invalid={!!errors.description} disabled={busy} maxLength={DESCRIPTION_MAX} />
      </Field>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-neutral-800">Kind</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {VOTE_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm text-neutral-900">
              <input type="radio" name="kind" value={k} checked={values.kind === k} onChange={() => set('kind', k)} disabled={busy} className="size-4 accent-accent-700" />
              {VOTE_KIND_LABELS[k]} <span className="text-neutral-600">{k === 'poll' ? '(one option)' : '(candidates, choose up to N)'}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2" aria-describedby={errors.options ? 'options-error' : undefined}>
        <legend className="text-sm font-medium text-neutral-800">{election ? 'Candidates' : 'Options'}</legend>
        {values.options.map((o, i) => (
          <div key={i} className="flex gap-2">
            <Input aria-label={`${election ? 'Candidate' : 'Option'} ${i + 1}`} value={o} onChange={(e) => setOption(i, e.target.value)} invalid={!!errors.options && !o.trim()} disabled={busy} autoComplete="off" />
            {values.options.length > OPTIONS_MIN && (
              <Button type="button" variant="secondary" onClick={() => set('options', values.options.filter((_, j) => j !== i))} disabled={busy}>
                Remove<span className="sr-only"> {election ? 'candidate' : 'option'} {i + 1}</span>
              </Button>
            )}
          </div>
        ))}
        {fieldError(errors.options, 'options-error')}
        {values.options.length < OPTIONS_MAX && (
          <Button type="button" variant="secondary" size="sm" onClick={() => set('options', [...values.options, ''])} disabled={busy}>
            Add {election ? 'Candidate' : 'Option'}
          </Button>
        )}
      </fieldset>

      {election && (
        <Field label="Choose up to" required error={errors.max_choices}>
          <div className="w-32">
            <Input name="max_choices" type="number" min={1} max={values.options.length} value={values.max_choices} onChange={(e) => set('max_choices', e.target.value)} invalid={!!errors.max_choices} disabled={busy} />
          </div>
        </Field>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={`Opens at (${zoneLabel})`} required error={errors.opens_at}>
          <Input name="opens_at" type="datetime-local" value={values.opens_at} onChange={(e) => set('opens_at', e.target.value)} invalid={!!errors.opens_at} disabled={busy} />
        </Field>
        <Field label={`Closes at (${zoneLabel})`} required error={errors.closes_at}>
          <Input name="closes_at" type="datetime-local" value={values.closes_at} onChange={(e) => set('closes_at', e.target.value)} invalid={!!errors.closes_at} disabled={busy} />
        </Field>
      </div>

      <Field label="Quorum (percent of eligible addresses)" required error={errors.quorum_percent}>
        <div className="w-32">
          <Input name="quorum_percent" type="number" min={0} max={100} value={values.quorum_percent} onChange={(e) => set('quorum_percent', e.target.value)} invalid={!!errors.quorum_percent} disabled={busy} />
        </div>
      </Field>

      <div className="space-y-3">
        <Check name="include_renters" label="Include renters" hint="Residents of rented addresses may vote too. One ballot per address either way." checked={values.include_renters} onChange={(v) => set('include_renters', v)} disabled={busy} />
        <Check name="secret" label="Secret ballot" hint="Nobody, the board included, sees who chose what: only the counts." checked={values.secret} onChange={(v) => set('secret', v)} disabled={busy} />
        <Check name="results_live" label="Show results live" hint="Counts per option are shown while the vote is open; otherwise when it closes." checked={values.results_live} onChange={(v) => set('results_live', v)} disabled={busy} />
      </div>
    </>
  );
}
