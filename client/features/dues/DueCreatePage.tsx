/**
 * /dues/create (board and superadmin, others go to /dues). The due is written
 * through the createDue mutator with a client-made id, so it works offline; the server issues its
 * invoices when the push arrives on or after the send day. "Due created successfully!", then /dues
 * after 2 seconds.
 */
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  DUE_CREATED_REDIRECT_MS,
  DUE_DESCRIPTION_MAX,
  DUE_FREQUENCIES,
  DUE_FREQUENCY_LABELS,
  DUE_MESSAGES,
  DUE_OFFSET_DEFAULT,
  DUE_OFFSET_MAX,
  DUE_OFFSET_MIN,
  DUE_REASONS,
  DUE_REASON_LABELS,
  DUE_TITLE_MAX,
  dueFormSchema,
  duePolicy,
  type DueFormInput,
  type DueFrequency,
  type DueReason,
} from '../../../schema/dues';
import { GRACE_DAYS_MAX, LATE_FEE_KIND_LABELS, LATE_FEE_KINDS, lateFeeRuleOf, lateFeeText, type LateFeeKind } from '../../../schema/late-fees';
import { addDays, formatDay, isoDay, parseDay } from '../../../schema/money';
import { hoaToday } from '../../lib/hoa-day';
import { useActiveUsers } from '../../lib/use-active-users';
import { useSyncedForm } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input, optionsOf, Select, UserPicker, Textarea } from '../../ui';

interface DueFormValues {
  title: string;
  frequency: DueFrequency;
  recipients: string[];
  sendDate: string;
  amount: string;
  reason: DueReason;
  description: string;
  offset: string;
  lateFeeType: LateFeeKind;
  lateFeeAmount: string;
  graceDays: string;
}

const today = () => isoDay(hoaToday());
const INITIAL = (): DueFormValues => ({ title: '', frequency: 'one_time', recipients: [], sendDate: today(), amount: '', reason: 'dues', description: '', offset: String(DUE_OFFSET_DEFAULT), lateFeeType: 'none', lateFeeAmount: '', graceDays: '0' });
const FIELDS = { title: 'title', frequency: 'frequency', recipients: 'recipients', send_date: 'sendDate', amount: 'amount', reason: 'reason', description: 'description', due_date_offset: 'offset', late_fee_type: 'lateFeeType', late_fee_amount: 'lateFeeAmount', grace_days: 'graceDays' } as const;

/** The form's values as the wire's: amount in dollars, the due date computed as the server does. */
function toWire(v: DueFormValues) {
  const send = parseDay(v.sendDate);
  const offset = Number(v.offset);
  return {
    title: v.title,
    frequency: v.frequency,
    recipients: v.recipients,
    send_date: v.sendDate || undefined,
    due_date: send != null && Number.isInteger(offset) ? new Date(duePolicy.dueDateOf(send, offset)).toISOString() : undefined,
    amount: v.amount.trim() === '' ? undefined : Number(v.amount),
    reason: v.reason,
    description: v.description,
    due_date_offset: v.offset.trim() === '' ? undefined : Number(v.offset),
    late_fee_type: v.lateFeeType,
    late_fee_amount: v.lateFeeType === 'none' || v.lateFeeAmount.trim() === '' ? undefined : Number(v.lateFeeAmount),
    grace_days: v.lateFeeType === 'none' || v.graceDays.trim() === '' ? 0 : Number(v.graceDays),
  };
}

const Counter = ({ value, max }: { value: string; max: number }) => (
  <span className={value.length > max ? 'text-danger-700' : undefined}>
    {value.length}/{max}
  </span>
);

export function DueCreatePage() {
  const [, navigate] = useLocation();
  const [done, setDone] = useState(false);
  const users = useActiveUsers();
  // The values of the submit being saved (the mutator takes the wire values, which passed the checks).
  const wire = useRef<DueFormInput | null>(null);
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: INITIAL(),
    schema: dueFormSchema,
    toInput: toWire,
    fieldOf: FIELDS,
    async before(v) {
      wire.current = toWire(v) as DueFormInput;
      const send = parseDay(v.sendDate);
      if (send != null && !duePolicy.isSendDateAllowed(send, hoaToday())) throw new Error(DUE_MESSAGES.sendDateInPast);
    },
    mutate: (rep, data): Promise<void> => {
      const shown = users.users.filter((u) => data.recipients.includes(u._id)).map((u) => ({ id: u._id, name: u.name, email: u.email }));
      return rep.mutate.createDue({ id: crypto.randomUUID(), ...wire.current!, shown: { recipients: shown } });
    },
    failureMessage: DUE_MESSAGES.createFailed,
    onSaved: () => {
      setDone(true);
      setTimeout(() => navigate('/dues'), DUE_CREATED_REDIRECT_MS);
    },
  });
  const send = parseDay(values.sendDate);
  const offset = Number(values.offset);
  const wireNow = toWire(values);
  const fee = values.lateFeeType === 'none' ? null : lateFeeRuleOf({ late_fee_type: values.lateFeeType, late_fee_amount: wireNow.late_fee_amount, grace_days: Number.isInteger(wireNow.grace_days) ? wireNow.grace_days : 0 });
  const dueDate = send != null && Number.isInteger(offset) && offset >= DUE_OFFSET_MIN && offset <= DUE_OFFSET_MAX ? duePolicy.dueDateOf(send, offset) : null;

  return (
    <FormScreen title="Create Due" breadcrumb={[{ label: 'Dues', href: '/dues' }, { label: 'Create Due' }]}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {done && <Alert tone="success">{DUE_MESSAGES.created}</Alert>}
        <Card>
          <CardBody className="space-y-5 py-5">
            <Field label="Title" required error={errors.title} hint={<Counter value={values.title} max={DUE_TITLE_MAX} />}>
              <Input name="title" value={values.title} maxLength={DUE_TITLE_MAX} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Amount (USD, per recipient)" required error={errors.amount}>
                <Input name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" value={values.amount} onChange={(e) => set('amount', e.target.value)} invalid={!!errors.amount} disabled={busy} />
              </Field>
              <Field label="Frequency" required>
                <Select name="frequency" options={optionsOf(DUE_FREQUENCIES, DUE_FREQUENCY_LABELS)} value={values.frequency} onChange={(f) => set('frequency', f)} disabled={busy} />
              </Field>
              <Field label="Reason" required>
                <Select name="reason" options={optionsOf(DUE_REASONS, DUE_REASON_LABELS)} value={values.reason} onChange={(r) => set('reason', r)} disabled={busy} />
              </Field>
              <Field label="Send Date" required error={errors.sendDate}>
                <Input name="send_date" type="date" min={isoDay(addDays(hoaToday(), -1))} value={values.sendDate} onChange={(e) => set('sendDate', e.target.value)} invalid={!!errors.sendDate} disabled={busy} />
              </Field>
              <Field label="Due Date Offset (days)" required error={errors.offset} hint={dueDate != null ? `Due date: ${formatDay(dueDate)}` : undefined}>
                <Input name="due_date_offset" type="number" min={DUE_OFFSET_MIN} max={DUE_OFFSET_MAX} step="1" value={values.offset} onChange={(e) => set('offset', e.target.value)} invalid={!!errors.offset} disabled={busy} />
              </Field>
            </div>
            <div className="grid gap-5 sm:grid-cols-3">
              <Field label="Late Fee" hint={fee ? lateFeeText(fee) : undefined}>
                <Select name="late_fee_type" options={optionsOf(LATE_FEE_KINDS, LATE_FEE_KIND_LABELS)} value={values.lateFeeType} onChange={(k) => set('lateFeeType', k)} disabled={busy} />
              </Field>
              {values.lateFeeType !== 'none' && (
                <>
                  <Field label={values.lateFeeType === 'fixed' ? 'Late Fee Amount (USD)' : 'Late Fee (% of the invoice)'} required error={errors.lateFeeAmount}>
                    <Input name="late_fee_amount" type="number" inputMode="decimal" min="0.01" step="0.01" value={values.lateFeeAmount} onChange={(e) => set('lateFeeAmount', e.target.value)} invalid={!!errors.lateFeeAmount} disabled={busy} />
                  </Field>
                  <Field label="Grace Days" error={errors.graceDays} hint="Days after the due date before the fee is added">
                    <Input name="grace_days" type="number" min={0} max={GRACE_DAYS_MAX} step="1" value={values.graceDays} onChange={(e) => set('graceDays', e.target.value)} invalid={!!errors.graceDays} disabled={busy} />
                  </Field>
                </>
              )}
            </div>
            <Field label="Description" error={errors.description} hint={<Counter value={values.description} max={DUE_DESCRIPTION_MAX} />}>
              <Textarea name="description" rows={3} maxLength={DUE_DESCRIPTION_MAX} value={values.description} onChange={(e) => set('description', e.target.value)} invalid={!!errors.description} disabled={busy} />
            </Field>
            <UserPicker users={users} selected={values.recipients} onChange={(ids) => set('recipients', ids)} required error={errors.recipients} disabled={busy} />
            {formError && <Alert tone="error">{formError}</Alert>}
          </CardBody>
          <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
            <ButtonLink href="/dues" variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" busy={busy || done} busyText="Creating...">
              Create Due
            </Button>
          </div>
        </Card>
      </form>
    </FormScreen>
  );
}
