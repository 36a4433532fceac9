/**
 * The profile's "Resident directory" card: whether the member is listed and which of their email and
 * phone neighbours see (all off until they choose), saved to the server; the way to the directory.
 * While the HOA has the directory off it says so instead.
 */
import { useEffect, useState } from 'react';
import { DIRECTORY_LABELS, DIRECTORY_MESSAGES, directoryPreferencesBody, type ApiDirectoryMe, type DirectoryPreferences } from '../../../schema/directory';
import { api, ApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useTimedMessage } from '../../lib/use-nav-banner';
import { Alert, Button, ButtonLink, Card, CardBody, CardHeader, Checkbox, LoadingForm, Switch } from '../../ui';

/** What the form shows while the member's listing loads (the directory is on for most HOAs). */
const NOT_LISTED: ApiDirectoryMe = { enabled: true, listed: false, share_email: false, share_phone: false };

const DESCRIPTION = 'Neighbours in your HOA see your name and address, and only the contact details you share.';

export function DirectoryCard() {
  const [me, setMe] = useState<ApiDirectoryMe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<ApiDirectoryMe>('/api/directory/me').then(setMe, () => setFailed(true));
  }, []);
  return (
    <Card>
      <CardHeader title="Resident directory" description={DESCRIPTION} />
      <CardBody>
        {failed ? (
          <Alert tone="error">{DIRECTORY_MESSAGES.loadFailed}</Alert>
        ) : me && !me.enabled ? (
          <p className="text-sm text-neutral-700">{DIRECTORY_MESSAGES.turnedOff}</p>
        ) : (
          <LoadingForm loading={!me} label="Loading your directory listing...">
            <ListingForm saved={me ?? NOT_LISTED} onSaved={setMe} />
          </LoadingForm>
        )}
      </CardBody>
    </Card>
  );
}

const same = (a: DirectoryPreferences, b: DirectoryPreferences) => a.listed === b.listed && a.share_email === b.share_email && a.share_phone === b.share_phone;

function ListingForm({ saved, onSaved }: { saved: ApiDirectoryMe; onSaved: (me: ApiDirectoryMe) => void }) {
  const [values, setValues] = useState<DirectoryPreferences>({ listed: saved.listed, share_email: saved.share_email, share_phone: saved.share_phone });
  const [success, setSuccess] = useTimedMessage();
  const set = (change: Partial<DirectoryPreferences>) => setValues((v) => ({ ...v, ...change }));
  const { error, busy, onSubmit } = useFormSubmit(
    directoryPreferencesBody,
    values,
    async (data) => {
      setSuccess(null);
      onSaved(await api<ApiDirectoryMe>('/api/directory/me', { method: 'PUT', body: data }));
      setSuccess(DIRECTORY_MESSAGES.saved);
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? (err.serverMessage ?? DIRECTORY_MESSAGES.saveFailed) : DIRECTORY_MESSAGES.saveFailed),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Switch label={DIRECTORY_LABELS.listMe} checked={values.listed} onChange={(listed) => set({ listed })} />
      <fieldset className="space-y-2" disabled={!values.listed}>
        <legend className="mb-2 text-sm text-neutral-600">What neighbours may see besides your name and address</legend>
        <Checkbox label={DIRECTORY_LABELS.shareEmail} checked={values.share_email} onChange={(share_email) => set({ share_email })} disabled={!values.listed} />
        <Checkbox label={DIRECTORY_LABELS.sharePhone} checked={values.share_phone} onChange={(share_phone) => set({ share_phone })} disabled={!values.listed} />
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy} busyText="Saving..." disabled={same(values, saved)}>
          Save Directory Preferences
        </Button>
        <ButtonLink href="/directory" variant="link">
          Open the directory
        </ButtonLink>
      </div>
    </form>
  );
}
