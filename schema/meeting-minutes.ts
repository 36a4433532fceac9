/**
 * Draft Minutes: the minutes' first text, written from the meeting's record (attendance and quorum,
 * each agenda item with its notes, each motion with mover and seconder, the count and each member's
 * vote, the outcome). The screen puts it into the editor, where the board edits it before saving.
 */
import { meetingPolicy, meetingWhen, MOTION_OUTCOME_LABELS, quorumLabel, tallyLabel, tallyVotes, VOTE_LABELS, type MotionOutcome, type Vote } from './meetings';

export interface MinutesRecord {
  meeting: { title: string; date: number; time: string; place: string | null; videoLink: string | null };
  /** Every board seat, with whether the member was marked present. */
  seats: { id: string; name: string; present: boolean }[];
  items: { id: string; title: string; description: string | null; notes: string }[];
  motions: { id: string; itemId: string; text: string; movedBy: string; secondedBy: string; outcome: MotionOutcome | null; votes: { userId: string; vote: Vote }[] }[];
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');

export function draftMinutesHtml(r: MinutesRecord): string {
  const nameOf = new Map(r.seats.map((s) => [s.id, s.name]));
  const name = (id: string) => escape(nameOf.get(id) ?? 'Unknown member');
  const present = r.seats.filter((s) => s.present);
  const absent = r.seats.filter((s) => !s.present);
  const quorum = meetingPolicy.quorum(r.seats.length, present.length);
  const where = [r.meeting.place, r.meeting.videoLink].filter(Boolean).join(' · ');
  const out = [
    `<h2>Minutes: ${escape(r.meeting.title)}</h2>`,
    `<p>${escape(meetingWhen(r.meeting))}${where ? ` · ${escape(where)}` : ''}</p>`,
    '<h3>Attendance</h3>',
    `<p><strong>Present:</strong> ${present.map((s) => escape(s.name)).join(', ') || 'None'}</p>`,
    `<p><strong>Absent:</strong> ${absent.map((s) => escape(s.name)).join(', ') || 'None'}</p>`,
    `<p>${escape(quorumLabel(quorum))}</p>`,
  ];
  r.items.forEach((item, i) => {
    out.push(`<h3>${i + 1}. ${escape(item.title)}</h3>`);
    if (item.description) out.push(paragraphs(item.description));
    if (item.notes.trim()) out.push(`<p><strong>Notes</strong></p>${paragraphs(item.notes)}`);
    for (const m of r.motions.filter((m) => m.itemId === item.id)) {
      const outcome = m.outcome ?? meetingPolicy.outcomeOf(m.votes);
      out.push(`<p><strong>Motion:</strong> ${escape(m.text)}</p>`);
      out.push(`<p>Moved by ${name(m.movedBy)}, seconded by ${name(m.secondedBy)}. ${escape(tallyLabel(tallyVotes(m.votes)))}. <strong>${MOTION_OUTCOME_LABELS[outcome]}</strong>.</p>`);
      if (m.votes.length) out.push(`<ul>${m.votes.map((v) => `<li>${name(v.userId)}: ${VOTE_LABELS[v.vote]}</li>`).join('')}</ul>`);
    }
  });
  return out.join('');
}
