/**
 * The fields shared by the create and edit screens: Title, Message (rich text), an optional
 * attachment, Category, Audience and, for a custom audience, the recipient picker; Pin to the top.
 * The form cycle is the kit's (useSyncedForm): the shared schema's checks, then the chosen file is
 * uploaded once, then the page's mutator runs.
 */
import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_CATEGORY_LABELS,
  announcementFormSchema,
  AUDIENCE_LABELS,
  AUDIENCE_TYPES,
  type AnnouncementForm as AnnouncementFormData,
  type AudienceType,
} from '../../../schema/announcements';
import type { HoaReplicache } from '../../lib/replicache';
import { useActiveUsers } from '../../lib/use-active-users';
import { useFormAttachment } from '../../lib/use-form-attachment';
import { useSyncedForm } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, Input, optionsOf, Select, UserPicker } from '../../ui';
import { RichTextField } from '../../ui/RichTextField';
import { MailIcon } from '../../ui/icons';
import { ANNOUNCEMENT_FIELDS, toWire, type AnnouncementFormValues } from './form-values';

export function AnnouncementForm({
  initial,
  save,
  failureMessage,
  onSaved,
  submitLabel,
  busyText,
  cancelHref,
  /** Create clears the chosen recipients on any audience change; edit only when leaving custom. */
  clearRecipientsOn,
}: {
  initial: AnnouncementFormValues;
  /** The page's mutator call with the checked wire values (trimmed, attachment uploaded). */
  save: (rep: HoaReplicache, data: AnnouncementFormData) => Promise<void>;
  failureMessage: string;
  onSaved: () => void;
  submitLabel: string;
  busyText: string;
  cancelHref: string;
  clearRecipientsOn: 'any-change' | 'leaving-custom';
}) {
  const attachment = useFormAttachment('announcements');
  const { values, set, update, errors, formError, busy, onSubmit } = useSyncedForm({
    initial,
    schema: announcementFormSchema,
    toInput: toWire,
    fieldOf: ANNOUNCEMENT_FIELDS,
    before: attachment.upload,
    mutate: save,
    failureMessage,
    onSaved,
  });
  const users = useActiveUsers();

  function changeAudience(next: AudienceType) {
    update((v) => {
      const clear = clearRecipientsOn === 'any-change' ? next !== v.audienceType : v.audienceType === 'custom' && next !== 'custom';
      return { ...v, audienceType: next, customRecipients: clear ? [] : v.customRecipients };
    }, ['audienceType', 'customRecipients']);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Card>
        <CardBody className="space-y-5 py-5">
          <Field label="Title" required error={errors.title}>
            <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" />
          </Field>

          <RichTextField label="Message" required value={values.message} onChange={(html) => set('message', html)} error={errors.message} disabled={busy} />

          {attachment.zone({ values, update, errors, busy })}

          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Category">
              <Select name="category" options={optionsOf(ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_CATEGORY_LABELS)} value={values.category} onChange={(c) => set('category', c)} disabled={busy} />
            </Field>
            <Field label="Audience">
              <Select name="audience" options={optionsOf(AUDIENCE_TYPES, AUDIENCE_LABELS)} value={values.audienceType} onChange={changeAudience} disabled={busy} />
            </Field>
          </div>

          {values.audienceType === 'custom' && (
            <UserPicker users={users} selected={values.customRecipients} onChange={(ids) => set('customRecipients', ids)} required error={errors.customRecipients} disabled={busy} />
          )}

          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" name="pinned" checked={values.pinned} onChange={(e) => set('pinned', e.target.checked)} disabled={busy} className="mt-0.5 size-4 accent-accent-700" />
            <span>
              <span className="font-medium text-neutral-900">Pin to the top</span>
              <span className="block text-neutral-600">Everyone sees it first on Announcements.</span>
            </span>
          </label>
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

/** The info card beside the form. */
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
