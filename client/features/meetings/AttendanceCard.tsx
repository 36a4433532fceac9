/** Attendance at the table: each board seat present or absent (one row per member), and the quorum. */
import { meetingPolicy, quorumLabel } from '../../../schema/meetings';
import { useReplicache } from '../../lib/replicache';
import { Card, CardHeader, cx } from '../../ui';
import type { Seat } from './use-meetings';

const choice = (on: boolean) =>
  cx('rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset', on ? 'bg-accent-700 text-white ring-accent-700' : 'bg-white text-neutral-700 ring-neutral-300 hover:bg-neutral-50');

export function AttendanceCard({ meetingId, seats, editable }: { meetingId: string; seats: Seat[]; editable: boolean }) {
  const rep = useReplicache();
  const quorum = meetingPolicy.quorum(seats.length, seats.filter((s) => s.present).length);
  const mark = (userId: string, present: boolean) => rep?.mutate.setMeetingAttendance({ meetingId, userId, present });
  return (
    <Card>
      <CardHeader title="Attendance" description={<span className={quorum.reached ? 'text-success-700' : 'text-neutral-600'}>{quorumLabel(quorum)}</span>} />
      <ul className="divide-y divide-neutral-200">
        {seats.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
            <span className="font-medium text-neutral-900">{s.name}</span>
            {editable ? (
              <div role="group" aria-label={`Attendance of ${s.name}`} className="flex gap-2">
                <button type="button" aria-pressed={s.present === true} className={choice(s.present === true)} onClick={() => mark(s.id, true)}>
                  Present
                </button>
                <button type="button" aria-pressed={s.present === false} className={choice(s.present === false)} onClick={() => mark(s.id, false)}>
                  Absent
                </button>
              </div>
            ) : (
              <span className="text-sm text-neutral-600">{s.present ? 'Present' : s.present === false ? 'Absent' : 'Not recorded'}</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export { choice as choiceClasses };
