/**
 * Meetings domain. One layer for both transports: the REST routes and the sync push call these functions.
 *
 * - sync.ts      who sees what, the cache values a pull sends, the writers
 * - rows.ts      the role rule, one visible meeting, its agenda, the board seats
 * - meetings.ts  schedule, edit a draft, Publish Agenda (the mails), Start, Adjourn
 * - record.ts    attendance, notes, motions, votes, Close motion (and what a carried one does)
 * - links.ts     what an agenda item may link, per kind: found in the HOA, acted on
 * - minutes.ts   save, approve, publish into the document vault
 * - read.ts      the REST answers, built from the values the pull sends
 */
export { visibleMeetings } from './sync';
export { getVisibleMeeting, type MeetingRow } from './rows';
export { createMeeting, moveMeeting, publishAgenda, updateMeeting } from './meetings';
export { castVote, closeMotion, recordMotion, saveNotes, setAttendance } from './record';
export { approveMinutes, publishMinutes, saveMinutes } from './minutes';
export { getMeeting, listMeetings, type ApiMeeting, type ApiMeetingDetail } from './read';
