/**
 * /violations/fine-schedule (board): each category's fine schedule — courtesy notice, warning, the
 * fine, how often it repeats until cured, its cap, and the days a letter gives to cure. Amounts are
 * entered in dollars and sent in cents. Settings are read and saved over REST: they need the network.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { dollarsToCents, formatUsd } from '../../../schema/money';
import { FINE_MESSAGES, type ApiFineSchedule } from '../../../schema/violation-fines';
import { api, errorMessage, ApiError } from '../../lib/api';
import { useOnline } from '../../lib/replicache';
import { Alert, Badge, Button, Card, CardBody, CardHeader, Field, Input, LoadingText, PageHeader, useInSlices, useToast } from '../../ui';

const PATH = '/api/violations/fine-schedules';
/**
 * The forms painted with the screen: a phone's screenful. The other five follow in a transition
 * (`useInSlices`): the seven rendered in one task were a phone's longest (docs/decisions/296-wide-tables-paint-at-once.md).
 */
const FIRST_FORMS = 2;
const NONE: ApiFineSchedule[] = [];
const dollars = (cents: number) => (cents / 100).toFixed(2);

interface Draft {
  courtesy_notice: boolean;
  warning: boolean;
  fine: string;
  repeat_days: string;
  cap: string;
  cure_days: string;
}
const draftOf = (s: ApiFineSchedule): Draft => ({
  courtesy_notice: s.courtesy_notice,
  warning: s.warning,
  fine: dollars(s.fine_cents),
  repeat_days: String(s.repeat_days),
  cap: dollars(s.cap_cents),
  cure_days: String(s.cure_days),
});

function ScheduleForm({ schedule, onSaved }: { schedule: ApiFineSchedule; onSaved: (s: ApiFineSchedule) => void }) {
  const online = useOnline();
  const toast = useToast();
  const [d, setD] = useState<Draft>(() => draftOf(schedule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }));
  const id = (k: string) => `${schedule.category.replace(/\W+/g, '-').toLowerCase()}-${k}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    const fine = dollarsToCents(Number(d.fine || 'x'));
    const cap = dollarsToCents(Number(d.cap || 'x'));
    const local: Record<string, string> = {};
    if (fine == null || fine < 0) local.fine_cents = FINE_MESSAGES.amountInvalid;
    if (cap == null || cap < 0) local.cap_cents = FINE_MESSAGES.amountInvalid;
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setErrors({});
    try {
      const body = { category: schedule.category, courtesy_notice: d.courtesy_notice, warning: d.warning, fine_cents: fine, repeat_days: Number(d.repeat_days), cap_cents: cap, cure_days: Number(d.cure_days) };
      const saved = await api<ApiFineSchedule>(PATH, { method: 'PUT', body });
      onSaved(saved);
      toast.success(`${FINE_MESSAGES.saved}: ${schedule.category}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(Object.fromEntries(err.errors.map((f) => [f.path, f.msg])));
      else toast.error(errorMessage(err, FINE_MESSAGES.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={schedule.category} actions={schedule.is_default ? <Badge variant="secondary">Default</Badge> : undefined} />
      <CardBody>
        <form onSubmit={save} className="space-y-4" aria-label={`${schedule.category} fine schedule`}>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" id={id('courtesy')} checked={d.courtesy_notice} onChange={(e) => set('courtesy_notice', e.target.checked)} className="size-4 accent-accent-700" />
              Courtesy notice
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" id={id('warning')} checked={d.warning} onChange={(e) => set('warning', e.target.checked)} className="size-4 accent-accent-700" />
              Warning
            </label>
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Fine ($, 0 for none)" error={errors.fine_cents}>
              <Input type="number" min="0" step="0.01" inputMode="decimal" value={d.fine} onChange={(e) => set('fine', e.target.value)} invalid={!!errors.fine_cents} />
            </Field>
            <Field label="Repeats every (days, 0 for once)" error={errors.repeat_days}>
              <Input type="number" min="0" max="365" step="1" value={d.repeat_days} onChange={(e) => set('repeat_days', e.target.value)} invalid={!!errors.repeat_days} />
            </Field>
            <Field label="Cap ($, 0 for none)" error={errors.cap_cents}>
              <Input type="number" min="0" step="0.01" inputMode="decimal" value={d.cap} onChange={(e) => set('cap', e.target.value)} invalid={!!errors.cap_cents} />
            </Field>
            <Field label="Days to cure" error={errors.cure_days}>
              <Input type="number" min="1" max="365" step="1" value={d.cure_days} onChange={(e) => set('cure_days', e.target.value)} invalid={!!errors.cure_days} />
            </Field>
          </div>
          <Button type="submit" variant="secondary" busy={busy} busyText="Saving..." disabled={!online}>
            Save {schedule.category}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

export function FineSchedulePage() {
  const online = useOnline();
  const [schedules, setSchedules] = useState<ApiFineSchedule[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<ApiFineSchedule[]>(PATH).then(setSchedules, (e) => setError(errorMessage(e, FINE_MESSAGES.loadFailed)));
  }, []);
  const shown = useInSlices(schedules ?? NONE, FIRST_FORMS);
  return (
    <div>
      <PageHeader
        title="Fine Schedule"
        subtitle={`Each category's letters and fine. Until you set one: courtesy notice, warning, then ${formatUsd(5_000)} every 14 days up to ${formatUsd(50_000)}, 14 days to cure.`}
        breadcrumb={[{ label: 'Compliance', href: '/compliance' }, { label: 'Fine Schedule' }]}
      />
      {!online && <Alert tone="info">The fine schedule needs a connection to load and save.</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {!schedules && !error && <LoadingText label="Loading fine schedules..." />}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {shown.map((s) => <ScheduleForm key={s.category} schedule={s} onSaved={(saved) => setSchedules((all) => all?.map((x) => (x.category === saved.category ? saved : x)) ?? null)} />)}
      </div>
    </div>
  );
}
