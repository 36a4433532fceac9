/**
 * The HOA's resident directory switch on /profile, beside its other settings: the superadmin turns it
 * on or off, the board sees it. Read from and saved to the server (it needs the network).
 */
import { useEffect, useState } from 'react';
import { DIRECTORY_LABELS, DIRECTORY_MESSAGES, directoryPolicy, directorySettingBody, type ApiDirectorySetting } from '../../../schema/directory';
import { api, ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useTimedMessage } from '../../lib/use-nav-banner';
import { Alert, Button, Card, CardBody, CardHeader, LoadingForm, Switch } from '../../ui';

const DESCRIPTION = 'Off, no member sees the directory or can list themselves; their choices are kept for when it is on again.';

/** What the card is laid out as while the setting loads: the directory is on for most HOAs. */
const ON_WHILE_LOADING = true;

export function DirectorySettingCard() {
  const user = useCurrentUser();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = !!user && directoryPolicy.maySeeSettingCard(user.role);
  useEffect(() => {
    if (!shown) return;
    api<ApiDirectorySetting>('/api/directory/settings').then((r) => setEnabled(r.enabled), () => setFailed(true));
  }, [shown]);
  if (!shown) return null;
  const enabledShown = enabled ?? ON_WHILE_LOADING;
  return (
    <Card>
      <CardHeader title="HOA resident directory" description={DESCRIPTION} />
      <CardBody>
        {failed ? (
          <Alert tone="error">{DIRECTORY_MESSAGES.loadFailed}</Alert>
        ) : (
          <LoadingForm loading={enabled === null} label="Loading the directory setting...">
            {directoryPolicy.mayChangeSetting(user.role) ? (
              <SettingForm enabled={enabledShown} onSaved={setEnabled} />
            ) : (
              <p className="text-sm font-medium text-neutral-900">{enabledShown ? 'On: members can list themselves and see the directory' : 'Off'}</p>
            )}
          </LoadingForm>
        )}
      </CardBody>
    </Card>
  );
}

function SettingForm({ enabled, onSaved }: { enabled: boolean; onSaved: (enabled: boolean) => void }) {
  const [picked, setPicked] = useState<boolean | null>(null);
  const value = picked ?? enabled;
  const [success, setSuccess] = useTimedMessage();
  const { error, busy, onSubmit } = useFormSubmit(
    directorySettingBody,
    { enabled: value },
    async (data) => {
      setSuccess(null);
      const saved = await api<ApiDirectorySetting>('/api/directory/settings', { method: 'PUT', body: data });
      onSaved(saved.enabled);
      setPicked(null);
      setSuccess(DIRECTORY_MESSAGES.settingSaved);
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? (err.serverMessage ?? DIRECTORY_MESSAGES.settingFailed) : DIRECTORY_MESSAGES.settingFailed),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Switch label={DIRECTORY_LABELS.hoaSwitch} checked={value} onChange={setPicked} />
      <Button type="submit" busy={busy} busyText="Saving..." disabled={value === enabled}>
        Save Directory Setting
      </Button>
    </form>
  );
}
