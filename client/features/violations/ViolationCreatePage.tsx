/**
 * /compliance/create (board and superadmin): the resident (active users), category,
 * title, rich-text message, due date (the calendar starts at today) and an optional photo or document.
 * The violation is written through the `issueViolation` mutator with a client-made id, so the board can
 * issue it on an inspection walk with no signal (the residents are the synced members, there from the
 * first sign-in); the photo needs a connection (the drop zone says so offline). Cancel and success go to
 * /violations, success with the spec's message.
 */
import { useLocation } from 'wouter';
import { dayInputValue } from '../../../schema/days';
import {
  DEFAULT_VIOLATION_CATEGORY,
  VIOLATION_CATEGORIES,
  VIOLATION_MESSAGES,
  violationFormSchema,
  violationPolicy,
  type ViolationCategory,
} from '../../../schema/violations';
import { hoaToday } from '../../lib/hoa-day';
import { useCurrentUser } from '../../lib/session';
import { type UploadedFile } from '../../lib/upload';
import { useActiveUsers } from '../../lib/use-active-users';
import { withBanner } from '../../lib/use-nav-banner';
import { useFormAttachment } from '../../lib/use-form-attachment';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input, optionsOf, Select } from '../../ui';
import { RichTextField } from '../../ui/RichTextField';
import { actingUser } from '../threads';
import { useRoundPrefill } from '../inspections/use-round-prefill';

interface ViolationFormValues {
  userId: string;
  category: ViolationCategory;
  title: string;
  message: string;
  dueDate: string;
  attachment: UploadedFile | null;
  file: File | null;
}

const EMPTY: ViolationFormValues = { userId: '', category: DEFAULT_VIOLATION_CATEGORY, title: '', message: '', dueDate: '', attachment: null, file: null };
const FIELDS: FieldMap<ViolationFormValues> = { user_id: 'userId', category: 'category', title: 'title', message: 'message', due_date: 'dueDate', photo_url: 'attachment' };
const toWire = (v: ViolationFormValues) => ({ user_id: v.userId, category: v.category, title: v.title, message: v.message, due_date: v.dueDate, photo_url: v.attachment?.s3Key ?? null });

/** The shared schema, and "not before today" by the HOA's calendar (the server checks the same day). */
const formSchema = violationFormSchema.superRefine((v, ctx) => {
  if (!violationPolicy.isDueDateAllowed(v.due_date, hoaToday())) ctx.addIssue({ code: 'custom', path: ['due_date'], message: VIOLATION_MESSAGES.dueDatePast });
});

export function ViolationCreatePage() {
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  const users = useActiveUsers();
  const attachment = useFormAttachment('violations', VIOLATION_MESSAGES.uploadFailed);
  const round = useRoundPrefill();
  const { values, set, update, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: round.initial(EMPTY),
    schema: formSchema,
    toInput: toWire,
    fieldOf: FIELDS,
    before: attachment.upload,
    mutate: (rep, data) => {
      const file = data.photo_url ? attachment.uploaded.current : null;
      const resident = users.users.find((u) => u._id === data.user_id);
      return rep.mutate.issueViolation({
        id: round.violationId,
        ...data,
        // The mutator takes the wire's day, as REST does.
        due_date: dayInputValue(data.due_date),
        shown: {
          by: me ? actingUser(me) : undefined,
          resident: resident && { name: resident.name, email: resident.email },
          address: resident?.address ? { id: resident.address._id, street: resident.address.street, unitNumber: resident.address.unit_number } : null,
          attachment: file ? { filename: file.fileName, fileSize: file.fileSize, fileType: file.fileType } : undefined,
        },
      });
    },
    failureMessage: VIOLATION_MESSAGES.createFailed,
    onSaved: () => round.returnToRound() || navigate('/violations', withBanner(VIOLATION_MESSAGES.created)),
  });

  return (
    <FormScreen title="Create Violation" breadcrumb={[{ label: 'Compliance', href: '/compliance' }, { label: 'Create Violation' }]}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Card>
          <CardBody className="space-y-5 py-5">
            <Field label="Resident" required error={errors.userId}>
              <Select
                name="user_id"
                options={users.users.map((u) => ({ value: u._id, label: `${u.name} (${u.email})` }))}
                placeholder={users.loading ? 'Loading residents...' : 'Select a resident'}
                value={values.userId}
                onChange={(id) => set('userId', id)}
                invalid={!!errors.userId}
                disabled={busy || users.loading}
              />
            </Field>
            <Field label="Category" required error={errors.category}>
              <Select name="category" options={optionsOf(VIOLATION_CATEGORIES)} value={values.category} onChange={(c) => set('category', c)} disabled={busy} />
            </Field>
            <Field label="Title" required error={errors.title}>
              <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" />
            </Field>
            <RichTextField label="Message" required value={values.message} onChange={(html) => set('message', html)} error={errors.message} disabled={busy} />
            <Field label="Due Date" required error={errors.dueDate}>
              <Input
                name="due_date"
                type="date"
                min={dayInputValue(hoaToday())}
                value={values.dueDate}
                onChange={(e) => set('dueDate', e.target.value)}
                invalid={!!errors.dueDate}
                disabled={busy}
              />
            </Field>
            {attachment.zone({ values, update, errors, busy })}
            {formError && <Alert tone="error">{formError}</Alert>}
          </CardBody>
          <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
            <ButtonLink href="/violations" variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" busy={busy} busyText="Creating...">
              Create Violation
            </Button>
          </div>
        </Card>
      </form>
    </FormScreen>
  );
}
