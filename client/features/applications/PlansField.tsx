/**
 * The plans of an application (PDF): each uploads when chosen, which needs a connection (the field
 * says so offline, the way the thread does); photos go through the photo queue instead.
 */
import { useState } from 'react';
import { APPLICATION_PLANS_MAX } from '../../../schema/applications';
import { useOnline } from '../../lib/replicache';
import { uploadFile, type UploadedFile } from '../../lib/upload';
import { Alert, buttonClasses, FileSummary } from '../../ui';
import { XIcon } from '../../ui/icons';

export const PLANS_OFFLINE_TEXT = 'Plans (PDF) need a connection. Reconnect to add them; photos are kept on this device until then.';

export function PlansField({ plans, onChange, disabled, error }: { plans: UploadedFile[]; onChange: (plans: UploadedFile[]) => void; disabled?: boolean; error?: string }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const full = plans.length >= APPLICATION_PLANS_MAX;
  const off = disabled || busy || full || !online;

  async function add(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      onChange([...plans, await uploadFile('applications', file)]);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-neutral-800">Plans</legend>
      <p className="text-sm text-neutral-500">Drawings or a site plan as PDF, up to {APPLICATION_PLANS_MAX} files of 10 MB.</p>
      {plans.length > 0 && (
        <ul aria-label="Plans on this form" className="divide-y divide-neutral-200 rounded-md border border-neutral-200">
          {plans.map((p) => (
            <li key={p.s3Key} className="flex items-center justify-between gap-2 px-3 py-2">
              <FileSummary file={p} small />
              <button type="button" className="rounded p-1 text-neutral-500 hover:bg-neutral-100" aria-label={`Remove ${p.fileName}`} onClick={() => onChange(plans.filter((x) => x.s3Key !== p.s3Key))} disabled={disabled}>
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={buttonClasses('secondary', 'md', off ? 'pointer-events-none opacity-60' : 'cursor-pointer')}>
        {busy ? 'Uploading plan…' : 'Add plan (PDF)'}
        <input
          type="file"
          accept=".pdf,application/pdf"
          className="sr-only"
          disabled={off}
          onChange={(e) => {
            void add(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {!online && <p className="text-sm text-neutral-600">{PLANS_OFFLINE_TEXT}</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
