/**
 * /applications/create: an architectural application — title, description (rich text), requested
 * start date, photos (kept on the device and uploaded when online: a resident submits from the yard
 * with no signal) and plans (PDF, uploaded when chosen: they need a connection). One mutator,
 * `submitApplication`, files the request of category Modification and the application with the same
 * id; the change waits for its photos (client/lib/photo-queue). Success goes to /applications.
 */
import { useLocation } from 'wouter';
import { APPLICATION_MESSAGES, APPLICATION_PHOTOS_MAX, applicationFormSchema } from '../../../schema/applications';
import { dayInputValue } from '../../../schema/days';
import { fileExtension } from '../../../schema/uploads';
import { hoaToday } from '../../lib/hoa-day';
import { markAttached } from '../../lib/photo-queue/queue';
import { useCurrentUser } from '../../lib/session';
import type { UploadedFile } from '../../lib/upload';
import { withBanner } from '../../lib/use-nav-banner';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input, NoteCard } from '../../ui';
import { RichTextField } from '../../ui/RichTextField';
import { QueuedPhotosField, type FormPhoto } from '../photos/QueuedPhotosField';
import { actingUser } from '../threads';
import { PlansField } from './PlansField';

interface ApplicationFormValues {
  title: string;
  description: string;
  startDate: string;
  photos: FormPhoto[];
  plans: UploadedFile[];
}

const EMPTY: ApplicationFormValues = { title: '', description: '', startDate: '', photos: [], plans: [] };
const FIELDS: FieldMap<ApplicationFormValues> = { title: 'title', description: 'description', start_date: 'startDate', photos: 'photos', plans: 'plans' };
const toWire = (v: ApplicationFormValues) => ({ title: v.title, description: v.description, start_date: v.startDate, photos: v.photos.map((p) => p.s3Key), plans: v.plans.map((p) => p.s3Key) });
const shownOf = (f: { fileName: string; fileSize: number }) => ({ filename: f.fileName, fileSize: f.fileSize, fileType: fileExtension(f.fileName) });

export function ApplicationCreatePage() {
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: EMPTY,
    schema: applicationFormSchema,
    toInput: toWire,
    fieldOf: FIELDS,
    mutate: async (rep, data) => {
      await rep.mutate.submitApplication({
        id: crypto.randomUUID(),
        ...data,
        // The mutator takes the wire's day, as REST does.
        start_date: dayInputValue(data.start_date),
        shown: { by: me ? actingUser(me) : undefined, photos: values.photos.map(shownOf), plans: values.plans.map(shownOf) },
      });
      // The change now refers to them: the device keeps them until the server has both.
      await markAttached(values.photos.map((p) => p.uploadId));
    },
    failureMessage: APPLICATION_MESSAGES.createFailed,
    onSaved: () => navigate('/applications', withBanner(APPLICATION_MESSAGES.created)),
  });

  return (
    <FormScreen
      title="Submit Application"
      breadcrumb={[{ label: 'Architectural Applications', href: '/applications' }, { label: 'Submit Application' }]}
      aside={<WhatHappensCard />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Card>
          <CardBody className="space-y-5 py-5">
            <Field label="Title" required error={errors.title}>
              <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" />
            </Field>
            <RichTextField label="Description" required value={values.description} onChange={(html) => set('description', html)} error={errors.description} disabled={busy} />
            <Field label="Requested start date" required error={errors.startDate}>
              <Input
                name="start_date"
                type="date"
                min={dayInputValue(hoaToday())}
                value={values.startDate}
                onChange={(e) => set('startDate', e.target.value)}
                invalid={!!errors.startDate}
                disabled={busy}
              />
            </Field>
            <QueuedPhotosField feature="applications" photos={values.photos} onChange={(photos) => set('photos', photos)} max={APPLICATION_PHOTOS_MAX} error={errors.photos} disabled={busy} />
            <PlansField plans={values.plans} onChange={(plans) => set('plans', plans)} error={errors.plans} disabled={busy} />
            {formError && <Alert tone="error">{formError}</Alert>}
          </CardBody>
          <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
            <ButtonLink href="/applications" variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" busy={busy} busyText="Submitting...">
              Submit Application
            </Button>
          </div>
        </Card>
      </form>
    </FormScreen>
  );
}

function WhatHappensCard() {
  return (
    <NoteCard title="How review works">
      Each board member reviews your plans. You receive the decision letter by email and on the application&apos;s page, and can talk with the board in its messages.
    </NoteCard>
  );
}
