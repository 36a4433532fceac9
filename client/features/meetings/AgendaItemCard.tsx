/**
 * One agenda item on the meeting screen: its title, description and linked item; at the table, its
 * notes (saved as the board member types, through a mutator) and its motions with Record Motion.
 */
import { useEffect, useRef, useState } from 'react';
import { MEETING_LINK_KINDS, meetingPolicy, type MeetingLinkKind } from '../../../schema/meetings';
import type { SyncedMeetingItem } from '../../../sync/areas/meetings';
import { useReplicache } from '../../lib/replicache';
import { Button, Card, Field, Textarea } from '../../ui';
import { MotionCard } from './MotionCard';
import { MotionForm } from './MotionForm';
import type { MeetingRecord } from './use-meetings';

const SAVE_AFTER_MS = 500;

function NotesField({ item, disabled }: { item: SyncedMeetingItem; disabled: boolean }) {
  const rep = useReplicache();
  const [notes, setNotes] = useState(item.notes);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const save = (text: string) => {
    clearTimeout(timer.current);
    if (text !== item.notes) void rep?.mutate.saveMeetingNotes({ itemId: item.id, notes: text });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Field label={`Notes on ${item.title}`}>
      <Textarea
        value={notes}
        disabled={disabled}
        onChange={(e) => {
          const text = e.target.value;
          setNotes(text);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => save(text), SAVE_AFTER_MS);
        }}
        onBlur={() => save(notes)}
      />
    </Field>
  );
}

export function AgendaItemCard({ item, index, record, recording, board }: { item: SyncedMeetingItem; index: number; record: MeetingRecord | null; recording: boolean; board: boolean }) {
  const [adding, setAdding] = useState(false);
  const linkKind = item.linkKind as MeetingLinkKind | null;
  const motions = record?.motions.filter((m) => m.itemId === item.id) ?? [];
  const present = record?.seats.filter(meetingPolicy.mayTakePart) ?? [];
  return (
    <Card className="space-y-4 p-4 sm:p-5" aria-label={`Agenda item ${index + 1}: ${item.title}`} role="region">
      <div className="space-y-1">
        <h3 className="font-semibold text-neutral-900">
          {index + 1}. {item.title}
        </h3>
        {item.description && <p className="text-sm whitespace-pre-line text-neutral-700">{item.description}</p>}
        {linkKind && (
          <p className="text-sm text-neutral-600">
            {MEETING_LINK_KINDS[linkKind].label}: {item.linkLabel ?? 'linked item'}
          </p>
        )}
      </div>
      {board && recording && <NotesField item={item} disabled={false} />}
      {board && !recording && item.notes && (
        <div>
          <p className="text-sm font-medium text-neutral-800">Notes</p>
          <p className="text-sm whitespace-pre-line text-neutral-700">{item.notes}</p>
        </div>
      )}
      {record && motions.map((m) => <MotionCard key={m.id} motion={m} votes={record.votesOf(m.id)} voters={present} editable={recording} linkKind={linkKind} />)}
      {record && recording &&
        (adding ? (
          <MotionForm meetingId={item.meetingId} itemId={item.id} present={present} names={record.names} linkKind={linkKind} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)} aria-label={`Record Motion on ${item.title}`}>
            Record Motion
          </Button>
        ))}
    </Card>
  );
}
