/**
 * The minutes of an adjourned meeting (board): Draft Minutes writes them from the record into the
 * editor, the board edits and saves them (a mutator); once a later meeting's motion approved them,
 * Publish Minutes files them in the document vault, Public or Board Only.
 */
import { useState } from 'react';
import { draftMinutesHtml } from '../../../schema/meeting-minutes';
import { MEETING_MESSAGES, meetingPolicy, MINUTES_VISIBILITY, MINUTES_VISIBILITY_LABELS, type MinutesVisibility } from '../../../schema/meetings';
import type { SyncedMeeting, SyncedMeetingItem } from '../../../sync/areas/meetings';
import { useReplicache } from '../../lib/replicache';
import { Alert, Button, ButtonLink, Card, CardBody, CardHeader, Field, optionsOf, Select } from '../../ui';
import { RichText } from '../../ui/RichText';
import { RichTextField } from '../../ui/RichTextField';
import { MinutesBadge } from './badges';
import type { MeetingRecord } from './use-meetings';

const VISIBILITY_OPTIONS = optionsOf(MINUTES_VISIBILITY, MINUTES_VISIBILITY_LABELS);

/** `ready`: the meeting is in the cache, which saving and publishing write through (a moment after a page loads here). */
export function MinutesCard({ meeting, items, record, ready }: { meeting: SyncedMeeting; items: SyncedMeetingItem[]; record: MeetingRecord; ready: boolean }) {
  const rep = useReplicache();
  const [html, setHtml] = useState(meeting.minutes ?? '');
  const [saved, setSaved] = useState(false);
  const [visibility, setVisibility] = useState<MinutesVisibility>('public');
  const editable = meetingPolicy.mayDraftMinutes(meeting);

  const draft = () => {
    const text = draftMinutesHtml({
      meeting,
      seats: record.seats.map((s) => ({ id: s.id, name: s.name, present: !!s.present })),
      items,
      motions: record.motions.map((m) => ({ id: m.id, itemId: m.itemId, text: m.text, movedBy: m.movedBy.id, secondedBy: m.secondedBy.id, outcome: m.outcome, votes: record.votesOf(m.id) })),
    });
    setHtml(text);
    setSaved(false);
  };
  const save = async () => {
    await rep?.mutate.saveMeetingMinutes({ id: meeting.id, minutes: html });
    setSaved(true);
  };

  return (
    <Card>
      <CardHeader title="Minutes" actions={<MinutesBadge status={meeting.minutesStatus} />} />
      <CardBody className="space-y-4 pb-5">
        {editable ? (
          <>
            <p className="text-sm text-neutral-600">Draft the minutes from the record, edit them, and save. A motion at a later meeting approves them.</p>
            <Button variant="secondary" onClick={draft}>
              Draft Minutes
            </Button>
            <RichTextField
              label="Minutes text"
              value={html}
              onChange={(v) => {
                setHtml(v);
                setSaved(false);
              }}
            />
            <div className="flex flex-wrap items-center justify-end gap-3">
              {saved && <span className="text-sm text-success-700">Minutes saved</span>}
              <Button onClick={() => void save()} disabled={!html || !ready}>
                Save Minutes
              </Button>
            </div>
          </>
        ) : meeting.minutes ? (
          <RichText html={meeting.minutes} className="text-sm text-neutral-800" />
        ) : (
          <p className="text-sm text-neutral-600">{MEETING_MESSAGES.minutesLocked}</p>
        )}
        {meetingPolicy.mayPublishMinutes(meeting) && (
          <div className="flex flex-wrap items-end gap-3 border-t border-neutral-200 pt-4">
            <Field label="Publish as" className="min-w-44">
              <Select options={VISIBILITY_OPTIONS} value={visibility} onChange={setVisibility} />
            </Field>
            <Button disabled={!ready} onClick={() => rep?.mutate.publishMeetingMinutes({ id: meeting.id, visibility })}>
              Publish Minutes
            </Button>
          </div>
        )}
        {meeting.minutesStatus === 'published' && (
          <Alert tone="success">
            {MEETING_MESSAGES.minutesPublished}.{' '}
            <ButtonLink href="/documents" variant="secondary" size="sm">
              Open Documents
            </ButtonLink>
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
