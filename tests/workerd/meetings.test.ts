/**
 * Meetings in workerd: the REST list, one meeting held through a push (scheduled, published,
 * started, attendance, a motion with votes, closed, adjourned, minutes saved) and the synced rows the
 * board pulls; the resident receives the meeting without its record, and the agenda mail is queued.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceKey, attendanceIdOf, meetingKey, motionKey, type SyncedMeeting, type SyncedMotion } from '../../sync/areas/meetings';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';
import { db } from './db';

describe('meetings in workerd', () => {
  let board: Awaited<ReturnType<typeof login>>;
  let owner: Awaited<ReturnType<typeof login>>;
  let resident: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    [board, owner, resident] = await Promise.all([login(DEMO.maple.board), login(DEMO.maple.superadmin), login(DEMO.maple.resident)]);
  });

  it('lists the seeded meetings over REST, takes a meeting in one push, and syncs it', async () => {
    const list = await call('GET', '/api/meetings', { token: resident.token });
    expect(list.status).toBe(200);
    expect(list.json.docs.map((m: { status: string }) => m.status).sort()).toEqual(['adjourned', 'scheduled']);

    const laptop = new SyncTestClient(workerApp, board.token);
    const id = crypto.randomUUID();
    const motion = crypto.randomUUID();
    const [benId, oliviaId] = [board.user._id ?? board.user.id, owner.user._id ?? owner.user.id] as string[];
    const queue = [
      laptop.mutation('createMeeting', { id, title: 'Workerd Board Meeting', date: '2026-06-11', time: '19:00', place: 'Clubhouse', access: 'open', items: [{ id: `${id}-a`, title: 'Budget' }] }),
      laptop.mutation('publishMeetingAgenda', { id }),
      laptop.mutation('startMeeting', { id }),
      laptop.mutation('setMeetingAttendance', { meetingId: id, userId: benId, present: true }),
      laptop.mutation('setMeetingAttendance', { meetingId: id, userId: oliviaId, present: true }),
      laptop.mutation('recordMotion', { id: motion, meetingId: id, item_id: `${id}-a`, text: 'Adopt the budget', moved_by: benId, seconded_by: oliviaId, apply_to_link: false }),
      laptop.mutation('castMeetingVote', { motionId: motion, userId: benId, vote: 'yes' }),
      laptop.mutation('castMeetingVote', { motionId: motion, userId: oliviaId, vote: 'abstain' }),
      laptop.mutation('closeMotion', { id: motion }),
      laptop.mutation('adjournMeeting', { id }),
      laptop.mutation('saveMeetingMinutes', { id, minutes: '<p>The budget was adopted.</p>' }),
    ];
    // A push stops at its cap and says so; the app's pusher sends the rest at once, as here.
    for (let round = 0; round < 4 && laptop.lastMutationID < queue.length; round++) {
      expect((await laptop.push(queue.filter((m) => m.id > laptop.lastMutationID))).status).toBe(200);
      await laptop.pull();
    }
    expect(laptop.lastMutationID).toBe(11);
    expect(laptop.values('notice/')).toEqual([]);
    expect(laptop.data.get(meetingKey(id)) as SyncedMeeting).toMatchObject({ status: 'adjourned', minutesStatus: 'draft', minutes: '<p>The budget was adopted.</p>' });
    expect(laptop.data.get(motionKey(motion)) as SyncedMotion).toMatchObject({ outcome: 'carried', movedBy: { name: 'Ben Board' } });
    expect(laptop.data.get(attendanceKey(attendanceIdOf(id, oliviaId)))).toMatchObject({ present: true });

    const phone = new SyncTestClient(workerApp, resident.token);
    await phone.pull();
    expect(phone.data.get(meetingKey(id)) as SyncedMeeting).toMatchObject({ status: 'adjourned', minutes: null });
    expect(phone.keys('meetingMotion/')).toEqual([]);
    const mails = await db.execute({ sql: "SELECT count(*) AS n FROM email_outbox WHERE ref = ? AND template = 'meeting-agenda' AND to_email = ?", args: [`meeting:${id}`, DEMO.maple.resident] });
    expect(Number(mails.rows[0].n)).toBe(1);
  });
});
