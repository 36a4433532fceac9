/**
 * The board's review settings on /applications: how many days the board has to decide (new
 * applications take it) and what happens at the deadline. Saved through a mutator (offline too).
 */
import { useEffect, useState } from 'react';
import { APPLICATION_MESSAGES, DEADLINE_RULE_LABELS, DEADLINE_RULES, REVIEW_DAYS_MAX, settingsSchema, type DeadlineRule } from '../../../schema/applications';
import { useReplicache } from '../../lib/replicache';
import { Alert, Button, Card, CardBody, Field, Input, Select } from '../../ui';
import { useApplicationSettings } from './use-applications';
import { loadZod } from '../../lib/deferred-zod';

export function ReviewSettingsCard({ hoaId }: { hoaId: string }) {
  const rep = useReplicache();
  const settings = useApplicationSettings();
  const [days, setDays] = useState(String(settings.reviewDays));
  const [rule, setRule] = useState<DeadlineRule>(settings.deadlineRule);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    setDays(String(settings.reviewDays));
    setRule(settings.deadlineRule);
  }, [settings.reviewDays, settings.deadlineRule]);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    await loadZod();
    const parsed = settingsSchema.safeParse({ review_days: days, deadline_rule: rule });
    if (!parsed.success) return setSaid({ tone: 'error', text: parsed.error.issues[0]?.message ?? APPLICATION_MESSAGES.reviewDaysInvalid });
    await rep?.mutate.setApplicationSettings({ hoaId, ...parsed.data });
    setSaid({ tone: 'success', text: APPLICATION_MESSAGES.settingsSaved });
  }

  return (
    <Card>
      <CardBody className="py-4">
        <form onSubmit={save} noValidate aria-label="Review settings" className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end [&>*]:min-w-0">
          <Field label="Review days">
            <Input name="review_days" type="number" inputMode="numeric" min={1} max={REVIEW_DAYS_MAX} value={days} onChange={(e) => setDays(e.target.value)} />
          </Field>
          <Field label="At the deadline">
            <Select name="deadline_rule" options={DEADLINE_RULES.map((r) => ({ value: r, label: DEADLINE_RULE_LABELS[r] }))} value={rule} onChange={setRule} />
          </Field>
          <Button type="submit" variant="secondary">
            Save Settings
          </Button>
        </form>
        {said && (
          <div className="mt-3">
            <Alert tone={said.tone} onDismiss={() => setSaid(null)}>
              {said.text}
            </Alert>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
