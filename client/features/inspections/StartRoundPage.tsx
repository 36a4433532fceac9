/**
 * /inspections/new (board and superadmin): the round's title and day (today by default). Written
 * through the `startInspectionRound` mutator with a client-made id, offline too; the round screen
 * opens at once, its addresses arrive from the server (the directory is not in the cache).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { dayInputValue } from '../../../schema/days';
import { roundFormSchema } from '../../../schema/inspections';
import { hoaToday } from '../../lib/hoa-day';
import { useCurrentUser } from '../../lib/session';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input } from '../../ui';
import { actingUser } from '../threads';

interface RoundFormValues {
  title: string;
  date: string;
}
const FIELDS: FieldMap<RoundFormValues> = { title: 'title', date: 'date' };

export function StartRoundPage() {
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  const [id] = useState(() => crypto.randomUUID());
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: { title: '', date: dayInputValue(hoaToday()) },
    schema: roundFormSchema,
    toInput: (v) => v,
    fieldOf: FIELDS,
    mutate: (rep, data) => rep.mutate.startInspectionRound({ id, title: data.title, date: dayInputValue(data.date), shown: { by: me ? actingUser(me) : undefined } }),
    failureMessage: 'Failed to start the round',
    onSaved: () => navigate(`/inspections/${id}`),
  });

  return (
    <FormScreen title="Start Round" breadcrumb={[{ label: 'Inspection Rounds', href: '/inspections' }, { label: 'Start Round' }]}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Card>
          <CardBody className="space-y-5 py-5">
            <Field label="Title" required error={errors.title}>
              <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" placeholder="e.g. Monthly walk-through" />
            </Field>
            <Field label="Date" required error={errors.date}>
              <Input name="date" type="date" value={values.date} onChange={(e) => set('date', e.target.value)} invalid={!!errors.date} disabled={busy} />
            </Field>
            <p className="text-sm text-neutral-600">Every address of the community becomes a stop, in walking order: by street, then house number.</p>
            {formError && <Alert tone="error">{formError}</Alert>}
          </CardBody>
          <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
            <ButtonLink href="/inspections" variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" busy={busy} busyText="Starting...">
              Start Round
            </Button>
          </div>
        </Card>
      </form>
    </FormScreen>
  );
}
