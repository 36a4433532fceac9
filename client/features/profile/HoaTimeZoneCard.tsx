/**
 * The HOA's time zone on /profile: due dates are calendar days of this zone. The
 * superadmin changes it; the board sees it. The signed-in record carries it (`hoa_time_zone`), so once
 * saved every screen's "today" follows at once.
 */
import { useMemo, useState } from 'react';
import { HOA_SETTINGS_MESSAGES, hoaSettingsPolicy, hoaTimeZoneBody, timeZoneChoices, timeZoneLabel } from '../../../schema/hoa-settings';
import { api, ApiError } from '../../lib/api';
import { currentUserAtom, store, updateCurrentUser, useCurrentUser } from '../../lib/session';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useTimedMessage } from '../../lib/use-nav-banner';
import { Alert, Button, Card, CardBody, CardHeader, Field, LoadingText, Select } from '../../ui';

const DESCRIPTION = "Due dates end at midnight in this zone, whatever a reader's own time zone.";

/** Every zone this browser knows (older browsers list none: the US zones and the current one remain). */
const supportedZones = () => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

export function HoaTimeZoneCard() {
  const user = useCurrentUser();
  if (!user || !hoaSettingsPolicy.maySeeTimeZone(user.role)) return null;
  const zone = user.hoa_time_zone;
  return (
    <Card>
      <CardHeader title="HOA time zone" description={DESCRIPTION} />
      <CardBody>
        {!zone ? (
          <LoadingText label="Loading time zone..." className="py-2" />
        ) : hoaSettingsPolicy.mayChangeTimeZone(user.role) ? (
          <TimeZoneForm zone={zone} />
        ) : (
          <p className="text-sm font-medium text-neutral-900">{timeZoneLabel(zone)}</p>
        )}
      </CardBody>
    </Card>
  );
}

function TimeZoneForm({ zone }: { zone: string }) {
  // Until another zone is picked the control shows the HOA's (also after a save, which changes it).
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? zone;
  const [success, setSuccess] = useTimedMessage();
  // The US zones first, by their everyday names, then every other zone.
  const options = useMemo(() => {
    const choices = timeZoneChoices(supportedZones(), zone);
    return [...choices.us, ...choices.other].map((z) => ({ value: z, label: timeZoneLabel(z) }));
  }, [zone]);
  const { errors, error, busy, onSubmit } = useFormSubmit(
    hoaTimeZoneBody,
    { time_zone: value },
    async (data) => {
      setSuccess(null);
      const saved = await api<{ time_zone: string }>('/api/hoa/time-zone', { method: 'PUT', body: data });
      const current = store.get(currentUserAtom);
      if (current) updateCurrentUser({ ...current, hoa_time_zone: saved.time_zone });
      setPicked(null);
      setSuccess(HOA_SETTINGS_MESSAGES.timeZoneSaved);
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? (err.serverMessage ?? HOA_SETTINGS_MESSAGES.timeZoneFailed) : HOA_SETTINGS_MESSAGES.timeZoneFailed),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Field label="Time zone" error={errors.time_zone}>
        <Select name="time_zone" options={options} value={value} onChange={setPicked} invalid={!!errors.time_zone} />
      </Field>
      <Button type="submit" busy={busy} busyText="Saving..." disabled={value === zone}>
        Save Time Zone
      </Button>
    </form>
  );
}
