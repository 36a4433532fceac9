/**
 * /requests/create: Title, Category, rich-text Description and an optional
 * attachment. The request is written through the `createRequest` mutator with a client-made id, so a
 * resident can file it offline; a photo is kept on the device and uploads when online (the request
 * waits for it), other files need a connection (the drop zone says so offline). On success the spec's message, then /requests after 1.5 s.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  DEFAULT_REQUEST_CATEGORY,
  REQUEST_CATEGORIES,
  REQUEST_CREATED_REDIRECT_MS,
  REQUEST_MESSAGES,
  requestFormSchema,
  type RequestCategory,
} from '../../../schema/requests';
import { useCurrentUser } from '../../lib/session';
import { type UploadedFile } from '../../lib/upload';
import { useFormAttachment } from '../../lib/use-form-attachment';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input, NoteCard, optionsOf, Select } from '../../ui';
import { RichTextField } from '../../ui/RichTextField';
import { actingUser } from '../threads';

interface RequestFormValues {
  title: string;
  category: RequestCategory;
  description: string;
  /** The file uploaded at submit time. */
  attachment: UploadedFile | null;
  /** A file chosen on this screen, uploaded once when the form is saved. */
  file: File | null;
}

const EMPTY: RequestFormValues = { title: '', category: DEFAULT_REQUEST_CATEGORY, description: '', attachment: null, file: null };
const FIELDS: FieldMap<RequestFormValues> = { title: 'title', category: 'category', description: 'description', photo_url: 'attachment' };
const toWire = (v: RequestFormValues) => ({ title: v.title, category: v.category, description: v.description, photo_url: v.attachment?.s3Key ?? null });

export function RequestCreatePage() {
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  // A photo of the problem may be taken offline; other files upload on saving.
  const attachment = useFormAttachment('requests', undefined, { queuePhotos: true });
  const [created, setCreated] = useState(false);
  const { values, set, update, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: EMPTY,
    schema: requestFormSchema,
    toInput: toWire,
    fieldOf: FIELDS,
    before: attachment.upload,
    mutate: async (rep, data) => {
      const file = data.photo_url ? attachment.uploaded.current : null;
      await rep.mutate.createRequest({
        id: crypto.randomUUID(),
        ...data,
        shown: { by: me ? actingUser(me) : undefined, attachment: file ? { filename: file.fileName, fileSize: file.fileSize, fileType: file.fileType } : undefined },
      });
      await attachment.taken();
    },
    failureMessage: REQUEST_MESSAGES.createFailed,
    onSaved: () => setCreated(true),
  });

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate('/requests'), REQUEST_CREATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  return (
    <FormScreen title="Create Request" breadcrumb={[{ label: 'Requests', href: '/requests' }, { label: 'Create Request' }]} aside={<NextStepsCard />}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Card>
          <CardBody className="space-y-5 py-5">
            <Field label="Title" required error={errors.title}>
              <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" />
            </Field>
            <Field label="Category" required error={errors.category}>
              <Select name="category" options={optionsOf(REQUEST_CATEGORIES)} value={values.category} onChange={(c) => set('category', c)} disabled={busy} />
            </Field>
            <RichTextField label="Description" required value={values.description} onChange={(html) => set('description', html)} error={errors.description} disabled={busy} />
            {attachment.zone({ values, update, errors, busy })}
            {created && <Alert tone="success">{REQUEST_MESSAGES.created}</Alert>}
            {formError && <Alert tone="error">{formError}</Alert>}
          </CardBody>
          <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
            <ButtonLink href="/requests" variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" busy={busy} busyText={created ? 'Redirecting...' : 'Creating...'}>
              Create Request
            </Button>
          </div>
        </Card>
      </form>
    </FormScreen>
  );
}

/** Beside the form: what happens after filing. */
function NextStepsCard() {
  return <NoteCard title="What happens next">The board is notified by email. Follow the status on the request&apos;s page and talk with the board in its messages.</NoteCard>;
}
