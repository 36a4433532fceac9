/**
 * /meetings/:id, the meeting screen, used at the table on a laptop or a phone, offline too: when and
 * where, the status, the agenda; for the board the actions of the moment (Edit, Publish Agenda, Start
 * Meeting, Adjourn), attendance with the quorum, each item's notes and motions with their votes and
 * live outcome, and the minutes once adjourned. Everything from the cache, every change a mutator;
 * over REST while the cache has not received the meeting (then the record is shown, not yet edited).
 */
import { useParams } from 'wouter';
import { MEETING_ACCESS_LABELS, meetingPolicy, meetingWhen } from '../../../schema/meetings';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, ButtonLink, Card, CardBody, PageHeader, Unavailable } from '../../ui';
import { AgendaItemCard } from './AgendaItemCard';
import { AttendanceCard } from './AttendanceCard';
import { MeetingStatusBadge, MinutesBadge } from './badges';
import { MinutesCard } from './MinutesCard';
import { MEETING_UNAVAILABLE, useMeetingEntity } from './use-meeting-entity';

const crumbs = (title: string) => [{ label: 'Meetings', href: '/meetings' }, { label: title }];

export function MeetingPage() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useMeetingEntity(id);
  const me = useCurrentUser();
  const rep = useReplicache();

  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={MEETING_UNAVAILABLE} title="Meeting" breadcrumb={crumbs('Meeting')} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  }
  const { meeting, items, record } = loaded.entity;
  const board = !!me && meetingPolicy.mayManage(me.role);
  const can = meetingPolicy.actionsFor(meeting, me?.role ?? 'resident');
  // Changes are mutators on the cached meeting: until the cache has it (a moment after a page loads
  // here), the actions wait and the record is shown, not edited.
  const ready = loaded.inCache;
  const recording = can.record && ready;
  const showRecord = board && (meeting.status === 'in_progress' || meeting.status === 'adjourned');

  return (
    <div className="space-y-5">
      <PageHeader
        title={meeting.title}
        subtitle={meetingWhen(meeting)}
        breadcrumb={crumbs(meeting.title)}
        badges={
          <>
            <MeetingStatusBadge status={meeting.status} />
            <MinutesBadge status={meeting.minutesStatus} />
          </>
        }
        actions={
          <>
            {can.edit && (
              <ButtonLink href={`/meetings/${meeting.id}/edit`} variant="secondary">
                Edit
              </ButtonLink>
            )}
            {can.publish && <Button disabled={!ready} onClick={() => rep?.mutate.publishMeetingAgenda({ id: meeting.id })}>Publish Agenda</Button>}
            {can.start && <Button disabled={!ready} onClick={() => rep?.mutate.startMeeting({ id: meeting.id })}>Start Meeting</Button>}
            {can.adjourn && (
              <Button variant="secondary" disabled={!ready} onClick={() => rep?.mutate.adjournMeeting({ id: meeting.id })}>
                Adjourn
              </Button>
            )}
          </>
        }
      />

      <Card>
        <CardBody className="grid gap-4 py-5 sm:grid-cols-3">
          <div>
            <p className="text-sm text-neutral-500">Place</p>
            <p className="font-medium text-neutral-900">{meeting.place ?? '—'}</p>
          </div>
          <div className="min-w-0">
            <p className="text-sm text-neutral-500">Video link</p>
            {meeting.videoLink ? (
              <a href={meeting.videoLink} className="block truncate font-medium text-accent-700 underline" target="_blank" rel="noreferrer">
                {meeting.videoLink}
              </a>
            ) : (
              <p className="font-medium text-neutral-900">—</p>
            )}
          </div>
          <div>
            <p className="text-sm text-neutral-500">Meeting</p>
            <p className="font-medium text-neutral-900">{MEETING_ACCESS_LABELS[meeting.access]}</p>
          </div>
        </CardBody>
      </Card>

      {showRecord && <AttendanceCard meetingId={meeting.id} seats={record.seats} editable={recording} />}

      <section aria-label="Agenda" className="space-y-3">
        <h2 className="text-base font-semibold text-neutral-900">Agenda</h2>
        {items.length === 0 && <p className="text-sm text-neutral-600">No agenda items yet.</p>}
        {items.map((item, i) => (
          <AgendaItemCard key={item.id} item={item} index={i} record={showRecord ? record : null} recording={recording} board={board} />
        ))}
      </section>

      {board && meeting.status === 'adjourned' && <MinutesCard meeting={meeting} items={items} record={record} ready={ready} />}
    </div>
  );
}
