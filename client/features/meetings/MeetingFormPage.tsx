/**
 * /meetings/new and /meetings/:id/edit (board and superadmin): title, day and time, place or video
 * link, open or board-only, and the agenda. Written through the createMeeting / updateMeeting
 * mutators with client-made ids (offline too); a meeting is edited while it is a draft.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { dayInputValue } from '../../../schema/days';
import { MEETING_ACCESS, MEETING_ACCESS_LABELS, MEETING_MESSAGES, meetingFormSchema, meetingPolicy, type MeetingAccess } from '../../../schema/meetings';
import type { SyncedMeeting, SyncedMeetingItem } from '../../../sync/areas/meetings';
import { hoaToday } from '../../lib/hoa-day';
import { useCurrentUser } from '../../lib/session';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, Field, FormScreen, Input, optionsOf, Select, Unavailable } from '../../ui';
import { actingUser } from '../threads';
import { AgendaItemsField, newAgendaItem, type AgendaItemValue } from './AgendaItemsField';
import { MEETING_UNAVAILABLE, useMeetingEntity } from './use-meeting-entity';

interface MeetingFormValues {
  title: string;
  date: string;
  time: string;
  place: string;
  videoLink: string;
  access: MeetingAccess;
  items: AgendaItemValue[];
}
const FIELDS: FieldMap<MeetingFormValues> = { title: 'title', date: 'date', time: 'time', place: 'place', video_link: 'videoLink', access: 'access', items: 'items' };
const ACCESS_OPTIONS = optionsOf(MEETING_ACCESS, MEETING_ACCESS_LABELS);
const crumbsOf = (title: string) => [{ label: 'Meetings', href: '/meetings' }, { label: title }];

const valuesOf = (m: SyncedMeeting, items: SyncedMeetingItem[]): MeetingFormValues => ({
  title: m.title,
  date: dayInputValue(m.date),
  time: m.time,
  place: m.place ?? '',
  videoLink: m.videoLink ?? '',
  access: m.access,
  items: items.map((i) => ({ id: i.id, title: i.title, description: i.description ?? '', linkKind: i.linkKind ?? '', linkId: i.linkId ?? '' })),
});

export function MeetingFormPage() {
  const { id } = useParams<{ id?: string }>();
  const [newId] = useState(() => crypto.randomUUID());
  if (id) return <EditMeeting id={id} />;
  const blank: MeetingFormValues = { title: '', date: dayInputValue(hoaToday()), time: '19:00', place: '', videoLink: '', access: 'open', items: [newAgendaItem()] };
  return <MeetingForm id={newId} initial={blank} crumbs={crumbsOf('Schedule Meeting')} />;
}

function EditMeeting({ id }: { id: string }) {
  const loaded = useMeetingEntity(id);
  const crumbs = crumbsOf('Edit Meeting');
  if (loaded.unavailable) return <Unavailable state={loaded.unavailable} words={MEETING_UNAVAILABLE} title="Edit Meeting" breadcrumb={crumbs} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  const { meeting, items } = loaded.entity;
  if (!meetingPolicy.isEditable(meeting)) return <FormScreen title="Edit Meeting" breadcrumb={crumbs}><Alert tone="info">{MEETING_MESSAGES.notDraft}</Alert></FormScreen>;
  return <MeetingForm id={id} editing initial={valuesOf(meeting, items)} crumbs={crumbs} />;
}

function MeetingForm({ id, editing = false, initial, crumbs }: { id: string; editing?: boolean; initial: MeetingFormValues; crumbs: { label: string; href?: string }[] }) {
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial,
    schema: meetingFormSchema,
    toInput: (v) => ({
      title: v.title,
      date: v.date,
      time: v.time,
      place: v.place,
      video_link: v.videoLink,
      access: v.access,
      items: v.items.map((i) => ({ id: i.id, title: i.title, description: i.description, link_kind: i.linkKind || null, link_id: i.linkId || null })),
    }),
    fieldOf: FIELDS,
    mutate: (rep, data) => {
      const args = { ...data, id, date: dayInputValue(data.date), shown: { by: me ? actingUser(me) : undefined } };
      return editing ? rep.mutate.updateMeeting(args) : rep.mutate.createMeeting(args);
    },
    failureMessage: 'Failed to save the meeting',
    onSaved: () => navigate(`/meetings/${id}`),
  });
  const title = editing ? 'Edit Meeting' : 'Schedule Meeting';

  return (
    <FormScreen title={title} breadcrumb={crumbs}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Card>
          <CardBody className="space-y-5 py-5">
            <Field label="Title" required error={errors.title}>
              <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} invalid={!!errors.title} disabled={busy} autoComplete="off" placeholder="e.g. Quarterly Board Meeting" />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Date" required error={errors.date}>
                <Input name="date" type="date" value={values.date} onChange={(e) => set('date', e.target.value)} invalid={!!errors.date} disabled={busy} />
              </Field>
              <Field label="Time" required error={errors.time}>
                <Input name="time" type="time" value={values.time} onChange={(e) => set('time', e.target.value)} invalid={!!errors.time} disabled={busy} />
              </Field>
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Place" error={errors.place} hint="A place, a video link, or both">
                <Input name="place" value={values.place} onChange={(e) => set('place', e.target.value)} invalid={!!errors.place} disabled={busy} autoComplete="off" placeholder="e.g. Clubhouse" />
              </Field>
              <Field label="Video link" error={errors.videoLink}>
                <Input name="video_link" type="url" value={values.videoLink} onChange={(e) => set('videoLink', e.target.value)} invalid={!!errors.videoLink} disabled={busy} placeholder="https://" />
              </Field>
            </div>
            <Field label="Who may attend" required error={errors.access} hint="Residents see an open meeting once its agenda is published; a board-only meeting never">
              <Select options={ACCESS_OPTIONS} value={values.access} onChange={(v) => set('access', v)} disabled={busy} />
            </Field>
          </CardBody>
        </Card>
        <AgendaItemsField meetingId={id} items={values.items} onChange={(items) => set('items', items)} error={errors.items} disabled={busy} />
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink href={editing ? `/meetings/${id}` : '/meetings'} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" busy={busy} busyText="Saving...">
            {editing ? 'Save Meeting' : 'Save Draft'}
          </Button>
        </div>
      </form>
    </FormScreen>
  );
}
