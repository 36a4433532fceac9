/**
 * The fields shared by the create and edit screens (community §2, §4, §5): Title, Message (rich text),
 * an optional attachment, Category, Audience and, for a custom audience, the recipient picker.
 * The page decides what submitting means; this form validates, uploads a newly chosen file and hands
 * over the values.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_CATEGORY_LABELS,
  AUDIENCE_LABELS,
  AUDIENCE_TYPES,
  type AnnouncementCategory,
  type AnnouncementForm as AnnouncementFormData,
  type AudienceType,
} from '../../../schema/announcements';
import { useSyncStatus } from '../../lib/replicache';
import { Alert, Button, ButtonLink, Card, CardBody, Field, Input, Select } from '../../ui';
import { MailIcon } from '../../ui/icons';
import { AttachmentDropZone } from './AttachmentDropZone';
import { validateAnnouncementForm, type AnnouncementFormValues } from './form-values';
import { RecipientPicker, useRecipientOptions } from './RecipientPicker';
import { RichTextEditor } from './RichTextEditor';
import { uploadAttachment } from './upload';

export function AnnouncementForm({
  initial,
  onSubmit,
  submitLabel,
  busyText,
  cancelHref,
  /** Create clears the chosen recipients on any audience change; edit only when leaving custom (§4). */
  clearRecipientsOn,
}: {
  initial: AnnouncementFormValues;
  /** Receives the checked wire values (trimmed, attachment uploaded); throws Error with the text to show. */
  onSubmit: (values: AnnouncementFormData) => Promise<void>;
  submitLabel: string;
  busyText: string;
  cancelHref: string;
  clearRecipientsOn: 'any-change' | 'leaving-custom';
}) {
  const { online } = useSyncStatus();
  const [values, setValues] = useState<AnnouncementFormValues>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recipients = useRecipientOptions(values.audienceType === 'custom');
  const messageLabelId = useId();
  const messageErrorId = useId();

  const set = <K extends keyof AnnouncementFormValues>(key: K, value: AnnouncementFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // Functional: the editor calls this from a callback made at mount, so `errors` here may be stale.
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  function changeAudience(next: AudienceType) {
    setValues((v) => {
      const clear = clearRecipientsOn === 'any-change' ? next !== v.audienceType : v.audienceType === 'custom' && next !== 'custom';
      return { ...v, audienceType: next, customRecipients: clear ? [] : v.customRecipients };
    });
    setErrors(({ customRecipients: _, ...rest }) => rest);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const checked = validateAnnouncementForm(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    try {
      let data = checked.data;
      if (file) {
        const attachment = await uploadAttachment(file);
        // Uploaded once: a failure after this point must not upload it again.
        setFile(null);
        setValues((v) => ({ ...v, attachment }));
        const withFile = validateAnnouncementForm(values, attachment);
        if (!withFile.ok) throw new Error(Object.values(withFile.errors)[0]);
        data = withFile.data;
      }
      await onSubmit(data);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Card>
        <CardBody className="space-y-5 py-5">
          <Field label="Title" required error={errors.title}>
            <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" />
          </Field>

          <div className="space-y-1.5">
            <p id={messageLabelId} className="block text-sm font-medium text-neutral-800">
              Message{' '}
              <span className="text-danger-600" aria-hidden="true">
                *
              </span>
            </p>
            <RichTextEditor
              value={values.message}
              onChange={(html) => set('message', html)}
              labelId={messageLabelId}
              errorId={errors.message ? messageErrorId : undefined}
              invalid={!!errors.message}
              disabled={busy}
            />
            {errors.message && (
              <p id={messageErrorId} role="alert" className="text-sm text-danger-700">
                {errors.message}
              </p>
            )}
          </div>

          <AttachmentDropZone
            file={file}
            existing={values.attachment}
            onSelect={setFile}
            onRemove={() => {
              setFile(null);
              set('attachment', null);
            }}
            offline={!online}
            disabled={busy}
          />
          {file && !online && <p className="-mt-3 text-sm text-warning-800">The chosen file is uploaded when you save, which needs a connection.</p>}

          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Category">
              <Select name="category" value={values.category} onChange={(e) => set('category', e.target.value as AnnouncementCategory)} disabled={busy}>
                {ANNOUNCEMENT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {ANNOUNCEMENT_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Audience">
              <Select name="audience" value={values.audienceType} onChange={(e) => changeAudience(e.target.value as AudienceType)} disabled={busy}>
                {AUDIENCE_TYPES.map((a) => (
                  <option key={a} value={a}>
                    {AUDIENCE_LABELS[a]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>

          {values.audienceType === 'custom' && (
            <RecipientPicker options={recipients} selected={values.customRecipients} onChange={(ids) => set('customRecipients', ids)} error={errors.customRecipients} disabled={busy} />
          )}
          {/* Next to the buttons, where the eye is after pressing one. */}
          {formError && <Alert tone="error">{formError}</Alert>}
        </CardBody>
        <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
          <ButtonLink href={cancelHref} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" busy={busy} busyText={busyText}>
            {submitLabel}
          </Button>
        </div>
      </Card>
    </form>
  );
}

/** The info card beside the form (community §2). */
export function NotifyInfoCard() {
  return (
    <Card>
      <CardBody className="flex gap-3 text-sm text-neutral-700">
        <MailIcon className="mt-0.5 size-5 shrink-0 text-accent-700" />
        <div className="space-y-1">
          <p className="font-medium text-neutral-900">How recipients are notified</p>
          <p>Recipients receive an email notification and can view the announcement in the app.</p>
        </div>
      </CardBody>
    </Card>
  );
}
