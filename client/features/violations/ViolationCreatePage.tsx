/**
 * /compliance/create (board and superadmin): the resident (active users), category,
 * title, rich-text message, due date (the calendar starts at today) and an optional photo or document.
 * The violation is written through the `issueViolation` mutator with a client-made id, so the board can
 * issue it on an inspection walk with no signal (the residents are the synced members, there from the
 * first sign-in); its photos (up to five) are kept on the device and upload when online, and the
 * violation is sent once they are stored (client/lib/photo-queue). Cancel and success go to
 * /violations, success with the spec's message.
 */
import { useLocation } from 'wouter';
import { dayInputValue } from '../../../schema/days';
import { fileExtension } from '../../../schema/uploads';
import {
  DEFAULT_VIOLATION_CATEGORY,
  VIOLATION_CATEGORIES,
  VIOLATION_MESSAGES,
  VIOLATION_PHOTOS_MAX,
  violationFormSchema,
  violationPolicy,
  type ViolationCategory,
} from '../../../schema/violations';
import { hoaToday } from '../../lib/hoa-day';
import { useCurrentUser } from '../../lib/session';
import { useActiveUsers } from '../../lib/use-active-users';
import { withBanner } from '../../lib/use-nav-banner';
import { markAttached } from '../../lib/photo-queue/queue';
import { QueuedPhotosField, type FormPhoto } from '../photos/QueuedPhotosField';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input, optionsOf, Select } from '../../ui';
import { RichTextField } from '../../ui/RichTextField';
import { actingUser } from '../threads';
import { useRoundPrefill } from '../inspections/use-round-prefill';
import { lazy } from '../../../schema/lazy';

interface ViolationFormValues {
  userId: string;
  category: ViolationCategory;
  title: string;
  message: string;
  dueDate: string;
  photos: FormPhoto[];
}

const EMPTY: ViolationFormValues = { userId: '', category: DEFAULT_VIOLATION_CATEGORY, title: '', message: '', dueDate: '', photos: [] };
const FIELDS: FieldMap<ViolationFormValues> = { user_id: 'userId', category: 'category', title: 'title', message: 'message', due_date: 'dueDate', photos: 'photos' };
const toWire = (v: ViolationFormValues) => ({ user_id: v.userId, category: v.category, title: v.title, message: v.message, due_date: v.dueDate, photos: v.photos.map((p) => p.s3Key) });

/** The shared schema, and "not before today" by the HOA's calendar (the server checks the same day). */
const formSchema = lazy(() =>
  violationFormSchema.superRefine((v, ctx) => {
    if (!violationPolicy.isDueDateAllowed(v.due_date, hoaToday())) ctx.addIssue({ code: 'custom', path: ['due_date'], message: VIOLATION_MESSAGES.dueDatePast });
  }),
);

export function ViolationCreatePage() {
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  const users = useActiveUsers();
  const round = useRoundPrefill();
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: round.initial(EMPTY),
    schema: formSchema,
    toInput: toWire,
    fieldOf: FIELDS,
    mutate: async (rep, data) => {
      const resident = users.users.find((u) => u._id === data.user_id);
      await rep.mutate.issueViolation({
        id: round.violationId,
        ...data,
        // The mutator takes the wire's day, as REST does.
        due_date: dayInputValue(data.due_date),
        shown: {
          by: me ? actingUser(me) : undefined,
          resident: resident && { name: resident.name, email: resident.email },
          address: resident?.address ? { id: resident.address._id, street: resident.address.street, unitNumber: resident.address.unit_number } : null,
          photos: values.photos.map((p) => ({ filename: p.fileName, fileSize: p.fileSize, fileType: fileExtension(p.fileName) })),
        },
      });
      // The change now refers to them: the device keeps them until the server has both.
      await markAttached(values.photos.map((p) => p.uploadId));
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
            <QueuedPhotosField feature="violations" photos={values.photos} onChange={(photos) => set('photos', photos)} max={VIOLATION_PHOTOS_MAX} error={errors.photos} disabled={busy} />
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
