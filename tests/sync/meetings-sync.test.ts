/**
 * Meetings through sync: the board receives its HOA's meetings and their record with the values REST
 * answers; residents receive open meetings once the agenda is published (without the minutes' text)
 * and nothing of the record; board-only meetings never. Three board members record at once (offline,
 * then one push each): every row arrives once, and the same vote recorded twice keeps the later write.
 * A refused push comes back as a notice.
 */
import { meetingViewOfApi } from '../../client/features/meetings/use-meeting-entity';
import { isBoardSeat } from '../../client/features/meetings/use-meetings';
import { MEMBER_SPACE, type SyncedMember } from '../../sync/areas/members';
import { afterEach, describe, expect, it } from 'vitest';
import { MEETING_MESSAGES } from '../../schema/meetings';
import { syncedShape } from '../../schema/rest-shape';
import { ATTENDANCE_SPACE, MEETING_ITEM_SPACE, MEETING_SPACE, MOTION_SPACE, VOTE_SPACE, type SyncedAttendance, type SyncedMeeting, type SyncedMeetingItem, type SyncedMotion, type SyncedVote } from '../../sync/areas/meetings';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const MEETINGS = `${MEETING_SPACE}/`;
const ITEMS = `${MEETING_ITEM_SPACE}/`;
const meetingArgs = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: 'Special Board Meeting',
  date: '2026-05-07',
  time: '18:00',
  place: 'Clubhouse',
  access: 'open',
  items: [
    { id: `${id}-i1`, title: 'Pool fence' },
    { id: `${id}-i2`, title: 'Budget' },
  ],
  ...over,
});

describe('meetings pulled and pushed', () => {
  it('the board gets its HOA’s meetings and record as REST answers them; residents only published open meetings, without the record', async () => {
    t = await createTestApp();
    const [ben, rita, cedar] = await Promise.all([DEMO.maple.board, DEMO.maple.resident, DEMO.cedar.board].map((e) => signedInClient(t!, e)));
    const draft = crypto.randomUUID();
    const closed = crypto.randomUUID();
    await ben.push([ben.mutation('createMeeting', meetingArgs(draft)), ben.mutation('createMeeting', meetingArgs(closed, { access: 'board', title: 'Executive session', items: [{ id: `${closed}-i1`, title: 'Legal' }] })), ben.mutation('publishMeetingAgenda', { id: closed })]);
    for (const c of [ben, rita, cedar]) await c.pull();

    // The demo: an adjourned and a scheduled meeting per HOA, both open.
    const boardSees = ben.values<SyncedMeeting>(MEETINGS);
    expect(boardSees.map((m) => m.status).sort()).toEqual(['adjourned', 'draft', 'scheduled', 'scheduled']);
    expect(rita.values<SyncedMeeting>(MEETINGS).map((m) => m.status).sort()).toEqual(['adjourned', 'scheduled']);
    expect(rita.values<SyncedMeeting>(MEETINGS).every((m) => m.minutes === null)).toBe(true);
    expect(rita.keys(`${ATTENDANCE_SPACE}/`)).toEqual([]);
    expect(rita.keys(`${MOTION_SPACE}/`)).toEqual([]);
    expect(rita.keys(`${VOTE_SPACE}/`)).toEqual([]);
    expect(rita.values<SyncedMeetingItem>(ITEMS).some((i) => i.meetingId === draft || i.meetingId === closed)).toBe(false);
    expect(cedar.keys(MEETINGS).some((k) => ben.keys(MEETINGS).includes(k))).toBe(false);

    const past = boardSees.find((m) => m.status === 'adjourned')!;
    expect(past.minutes).toContain('Attendance');
    const rest = (await call(t, 'GET', `/api/meetings/${past.id}`, { token: ben.token })).json;
    const items = ben.values<SyncedMeetingItem>(ITEMS).filter((i) => i.meetingId === past.id).sort((a, b) => a.position - b.position);
    expect(items).toEqual(syncedShape(rest.items));
    const motions = ben.values<SyncedMotion>(`${MOTION_SPACE}/`).filter((m) => m.meetingId === past.id);
    expect(motions.map((m) => m.outcome).sort()).toEqual(rest.motions.map((m: { outcome: string }) => m.outcome).sort());
    // The meeting screen's REST read (before the cache opens) shows what the cache then shows: the meeting, its agenda, its record.
    const view = meetingViewOfApi(rest);
    expect(view.meeting).toEqual(past);
    expect(view.items).toEqual(items);
    expect(view.record.motions).toEqual(motions.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)));
    const votes = ben.values<SyncedVote>(`${VOTE_SPACE}/`).filter((v) => v.meetingId === past.id);
    for (const m of motions) expect(view.record.votesOf(m.id).map((v) => [v.userId, v.vote]).sort()).toEqual(votes.filter((v) => v.motionId === m.id).map((v) => [v.userId, v.vote]).sort());
    const present = ben.values<SyncedAttendance>(`${ATTENDANCE_SPACE}/`).filter((a) => a.meetingId === past.id && a.present);
    expect([...view.record.present].sort()).toEqual(present.map((a) => a.userId).sort());
    expect(view.record.present.size).toBeGreaterThan(0);
    const seats = ben.values<SyncedMember>(`${MEMBER_SPACE}/`).filter(isBoardSeat);
    expect(view.record.seats.map((s) => s.id).sort()).toEqual(seats.map((m) => m.id).sort());

    // Publishing the draft sends it and its items to the residents.
    await ben.push([ben.mutation('publishMeetingAgenda', { id: draft })]);
    await rita.pull();
    expect(rita.keys(MEETINGS)).toContain(`${MEETINGS}${draft}`);
    expect(rita.values<SyncedMeetingItem>(ITEMS).filter((i) => i.meetingId === draft).map((i) => i.title)).toEqual(['Pool fence', 'Budget']);
  });

  it('three board members record at once: each row arrives once, the later vote stays; a refused push becomes a notice', async () => {
    t = await createTestApp();
    const [ben, olivia, tom] = await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, 'tom.becker@maplegrove.test'].map((e) => signedInClient(t!, e)));
    const id = crypto.randomUUID();
    await ben.push([ben.mutation('createMeeting', meetingArgs(id)), ben.mutation('publishMeetingAgenda', { id }), ben.mutation('startMeeting', { id })]);
    const ids = [ben, olivia, tom].map((c) => c.userId);
    const [benId, oliviaId, tomId] = ids;
    const m1 = crypto.randomUUID();
    const m2 = crypto.randomUUID();
    // Each device's queue, sent when it is back online.
    await ben.push([...ids.map((u) => ben.mutation('setMeetingAttendance', { meetingId: id, userId: u, present: true })), ben.mutation('castMeetingVote', { motionId: m1, userId: tomId, vote: 'no' })]);
    await olivia.push([
      olivia.mutation('recordMotion', { id: m1, meetingId: id, item_id: `${id}-i1`, text: 'Replace the pool fence', moved_by: oliviaId, seconded_by: benId, apply_to_link: false }),
      olivia.mutation('castMeetingVote', { motionId: m1, userId: oliviaId, vote: 'yes' }),
    ]);
    await tom.push([
      tom.mutation('recordMotion', { id: m2, meetingId: id, item_id: `${id}-i2`, text: 'Adopt the budget', moved_by: tomId, seconded_by: oliviaId, apply_to_link: false }),
      tom.mutation('castMeetingVote', { motionId: m1, userId: tomId, vote: 'no' }),
      tom.mutation('castMeetingVote', { motionId: m1, userId: tomId, vote: 'yes' }),
      tom.mutation('castMeetingVote', { motionId: m2, userId: tomId, vote: 'yes' }),
    ]);
    await ben.push([ben.mutation('castMeetingVote', { motionId: m1, userId: benId, vote: 'abstain' }), ben.mutation('closeMotion', { id: m1 })]);
    for (const c of [ben, olivia, tom]) await c.pull();

    expect(tom.keys(`${ATTENDANCE_SPACE}/`).filter((k) => k.includes(id))).toHaveLength(3);
    const votes = tom.values<SyncedVote>(`${VOTE_SPACE}/`).filter((v) => v.meetingId === id);
    expect(votes.filter((v) => v.motionId === m1).map((v) => [v.userId, v.vote]).sort()).toEqual([[benId, 'abstain'], [oliviaId, 'yes'], [tomId, 'yes']].sort());
    expect(tom.values<SyncedMotion>(`${MOTION_SPACE}/`).filter((m) => m.meetingId === id).map((m) => [m.text, m.outcome]).sort()).toEqual([
      ['Adopt the budget', null],
      ['Replace the pool fence', 'carried'],
    ]);
    // The vote Ben's device sent before the motion existed on the server came back as a notice.
    expect(ben.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: MEETING_MESSAGES.motionNotFound })]);

    // A resident's push is refused before its arguments are read.
    const rita = await signedInClient(t, DEMO.maple.resident);
    await rita.push([rita.mutation('startMeeting', { id })]);
    await rita.pull();
    expect(rita.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: MEETING_MESSAGES.boardOnly })]);
  });
});
