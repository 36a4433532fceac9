/**
 * Who pays the card and bank fees of residents' online payments, on /profile beside the time zone: the
 * superadmin chooses (absorbed by the HOA, or passed on and shown to residents before they pay); the
 * board sees the choice. Read from and saved to the server (it needs the network).
 */
import { useEffect, useState } from 'react';
import { HOA_SETTINGS_MESSAGES, hoaSettingsPolicy, PROCESSING_FEE_LABELS, processingFeesBody, type ApiProcessingFees } from '../../../schema/hoa-settings';
import { PROCESSING_FEE_MODES, type ProcessingFeeMode } from '../../../schema/ledger';
import { api, ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useTimedMessage } from '../../lib/use-nav-banner';
import { Alert, Button, Card, CardBody, CardHeader, Field, LoadingForm, Select } from '../../ui';

const DESCRIPTION = 'Card payments cost 2.9% + 30¢ and bank payments 0.8% (at most $5.00). Passed on, residents see the exact fee for each method before they pay.';
const OPTIONS = PROCESSING_FEE_MODES.map((m) => ({ value: m, label: PROCESSING_FEE_LABELS[m] }));

export function ProcessingFeesCard() {
  const user = useCurrentUser();
  const [mode, setMode] = useState<ProcessingFeeMode | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = !!user && hoaSettingsPolicy.maySeeProcessingFeesCard(user.role);
  useEffect(() => {
    if (!shown) return;
    api<ApiProcessingFees>('/api/hoa/processing-fees').then((r) => setMode(r.processing_fees), () => setFailed(true));
  }, [shown]);
  if (!shown) return null;
  // While the mode loads, the card is laid out with the first choice.
  const modeShown = mode ?? PROCESSING_FEE_MODES[0];
  return (
    <Card>
      <CardHeader title="Processing fees" description={DESCRIPTION} />
      <CardBody>
        {failed ? (
          <Alert tone="error">{HOA_SETTINGS_MESSAGES.feesLoadFailed}</Alert>
        ) : (
          <LoadingForm loading={!mode} label="Loading processing fees...">
            {hoaSettingsPolicy.mayChangeProcessingFees(user.role) ? (
              <FeesForm mode={modeShown} onSaved={setMode} />
            ) : (
              <p className="text-sm font-medium text-neutral-900">{PROCESSING_FEE_LABELS[modeShown]}</p>
            )}
          </LoadingForm>
        )}
      </CardBody>
    </Card>
  );
}

function FeesForm({ mode, onSaved }: { mode: ProcessingFeeMode; onSaved: (m: ProcessingFeeMode) => void }) {
  const [picked, setPicked] = useState<ProcessingFeeMode | null>(null);
  const value = picked ?? mode;
  const [success, setSuccess] = useTimedMessage();
  const { errors, error, busy, onSubmit } = useFormSubmit(
    processingFeesBody,
    { processing_fees: value },
    async (data) => {
      setSuccess(null);
      const saved = await api<ApiProcessingFees>('/api/hoa/processing-fees', { method: 'PUT', body: data });
      onSaved(saved.processing_fees);
      setPicked(null);
      setSuccess(HOA_SETTINGS_MESSAGES.feesSaved);
    },
    (err) => (err instanceof ApiError && err.kind === 'http' ? (err.serverMessage ?? HOA_SETTINGS_MESSAGES.feesFailed) : HOA_SETTINGS_MESSAGES.feesFailed),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Field label="Who pays processing fees" error={errors.processing_fees}>
        <Select name="processing_fees" options={OPTIONS} value={value} onChange={setPicked} invalid={!!errors.processing_fees} />
      </Field>
      <Button type="submit" busy={busy} busyText="Saving..." disabled={value === mode}>
        Save Processing Fees
      </Button>
    </form>
  );
}
