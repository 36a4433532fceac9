/**
 * Demo meetings for both HOAs: last month's adjourned board meeting (attendance, two motions with
 * every present member's vote, minutes approved and published: linked to the vault's newest
 * "Meeting Minutes" document, or filed as a PDF when the vault has none) and an open meeting in two weeks whose agenda is published (three items, one linking a
 * seeded request). An HOA with fewer than three board seats gets two more board members first, so
 * the quorum means something.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { draftMinutesHtml } from '../../schema/meeting-minutes';
import { meetingDay, meetingPolicy, MINUTES_CATEGORY, minutesDocumentTitle, type Vote } from '../../schema/meetings';
import { PRIVILEGED_ROLES } from '../../schema/roles';
import { utcToday } from '../../schema/days';
import { documents, meetingAttendance, meetingItems, meetingMotions, meetings, meetingVotes, requests, storageUploads, users } from '../../schema/tables';
import { attendanceIdOf, voteIdOf } from '../../sync/areas/meetings';
import type { Tx } from '../db';
import { minutesLines } from '../domain/meetings/minutes';
import { storageKey } from '../domain/uploads';
import { hashPassword } from '../services/passwords';
import { textPdf } from '../services/pdf';
import { newId } from '../services/tokens';
import { DEMO_PASSWORD, type AreaSeeder, type SeedOptions } from './seed-kit';

const DAY = 86_400_000;
const EXTRA_BOARD = [
  { name: 'Grace Whitfield', local: 'grace.whitfield' },
  { name: 'Daniel Okafor', local: 'daniel.okafor' },
];

async function boardSeats(tx: Tx, hoaId: string, emailDomain: string, opts: SeedOptions) {
  const seats = () =>
    tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.hoaId, hoaId), eq(users.status, 'active'), inArray(users.role, [...PRIVILEGED_ROLES]), isNull(users.deletedAt)))
      .orderBy(users.name);
  const found = await seats();
  if (found.length >= 3) return found;
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.passwordIterations);
  for (const p of EXTRA_BOARD) {
    await tx.insert(users).values({ id: newId(), hoaId, name: p.name, email: `${p.local}@${emailDomain}`, role: 'board', status: 'active', passwordHash, createdAt: opts.now, updatedAt: opts.now });
  }
  return seats();
}

/**
 * The vault's newest "Meeting Minutes" document of the HOA (the documents seed files the demo's
 * minutes): the past meeting's published minutes are that document, so the vault keeps its demo set.
 */
async function filedMinutes(tx: Tx, hoaId: string): Promise<string | null> {
  const [doc] = await tx.select({ id: documents.id }).from(documents).where(and(eq(documents.hoaId, hoaId), eq(documents.category, MINUTES_CATEGORY))).orderBy(desc(documents.createdAt)).limit(1);
  return doc?.id ?? null;
}

/** Files the minutes as Publish Minutes does: a PDF in storage, its upload record, the document. */
async function fileMinutes(tx: Tx, opts: SeedOptions, p: { hoaId: string; chair: string; meeting: { title: string; date: number }; minutes: string; at: number }): Promise<string> {
  const title = minutesDocumentTitle(p.meeting.title, meetingDay(p.meeting));
  const fileName = `Minutes ${p.meeting.title} ${new Date(p.meeting.date).toISOString().slice(0, 10)}.pdf`;
  const bytes = textPdf([title, ...minutesLines(p.minutes)]);
  const s3Key = storageKey(p.hoaId, 'documents', fileName);
  await opts.storage?.put({ key: s3Key, contentType: 'application/pdf', body: bytes });
  await tx.insert(storageUploads).values({ id: newId(), hoaId: p.hoaId, userId: p.chair, feature: 'documents', s3Key, fileName, fileType: 'application/pdf', fileSize: bytes.byteLength, createdAt: p.at, storedAt: p.at, attachedAt: p.at });
  const id = newId();
  await tx.insert(documents).values({ id, hoaId: p.hoaId, title, category: MINUTES_CATEGORY, s3Key, fileName, fileType: 'pdf', fileSize: bytes.byteLength, isPublic: true, notes: '', tags: ['Minutes'], uploadedBy: p.chair, createdAt: p.at, updatedAt: p.at });
  return id;
}

export const seedMeetings: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const boardEmail = Object.keys(hoa.userIds).find((e) => e.startsWith('board@'));
    if (!boardEmail) continue;
    const chair = hoa.userIds[boardEmail];
    const seats = await boardSeats(tx, hoa.id, boardEmail.slice('board@'.length), opts);
    const [request] = await tx.select({ id: requests.id, title: requests.title }).from(requests).where(and(eq(requests.hoaId, hoa.id), eq(requests.status, 'open'))).limit(1);

    // Last month's meeting: everyone but the last seat present.
    const past = { id: newId(), title: 'Monthly Board Meeting', date: utcToday(opts.now - 30 * DAY), time: '19:00', place: 'Clubhouse meeting room', videoLink: null };
    const items = [
      { id: newId(), title: 'Treasurer’s report', description: 'Operating and reserve balances at month end.', notes: 'Operating account at $48,210; reserves at $212,400. Two owners more than 60 days past due.' },
      { id: newId(), title: 'Landscaping contract renewal', description: 'GreenScape proposes a 4% increase for the coming year.', notes: 'Two other bids were 9% and 12% higher. Service has been reliable.' },
      { id: newId(), title: 'Pool opening date', description: null, notes: 'Lifeguard service confirmed for Memorial Day weekend.' },
    ];
    const present = seats.slice(0, Math.max(3, seats.length - 1));
    const votesOf = (pattern: Vote[]) => present.map((s, i) => ({ userId: s.id, vote: pattern[i % pattern.length] }));
    const motions = [
      { id: newId(), itemId: items[1].id, text: 'Renew the GreenScape landscaping contract for one year at the proposed rate.', votes: votesOf(['yes', 'yes', 'no', 'yes']) },
      { id: newId(), itemId: items[2].id, text: 'Open the pool on the Saturday of Memorial Day weekend.', votes: votesOf(['yes', 'abstain', 'yes', 'yes']) },
    ];
    const minutes = draftMinutesHtml({
      meeting: past,
      seats: seats.map((s) => ({ ...s, present: present.includes(s) })),
      items,
      motions: motions.map((m) => ({ ...m, movedBy: present[0].id, secondedBy: present[1].id, outcome: meetingPolicy.outcomeOf(m.votes) })),
    });
    const at = past.date + 19 * 3_600_000;
    const published = at + 20 * DAY;
    const documentId = (await filedMinutes(tx, hoa.id)) ?? (await fileMinutes(tx, opts, { hoaId: hoa.id, chair, meeting: past, minutes, at: published }));
    await tx.insert(meetings).values({ ...past, hoaId: hoa.id, access: 'open', status: 'adjourned', minutesStatus: 'published', minutes, minutesDocumentId: documentId, createdBy: chair, publishedAt: at - 10 * DAY, createdAt: at - 12 * DAY, updatedAt: published });
    await tx.insert(meetingItems).values(items.map((item, position) => ({ ...item, hoaId: hoa.id, meetingId: past.id, position })));
    await tx.insert(meetingAttendance).values(seats.map((s) => ({ id: attendanceIdOf(past.id, s.id), hoaId: hoa.id, meetingId: past.id, userId: s.id, present: present.includes(s), recordedBy: chair, recordedAt: at })));
    for (const m of motions) {
      await tx.insert(meetingMotions).values({ id: m.id, hoaId: hoa.id, meetingId: past.id, itemId: m.itemId, text: m.text, movedBy: present[0].id, secondedBy: present[1].id, outcome: meetingPolicy.outcomeOf(m.votes), closedAt: at + 3_600_000, createdBy: chair, createdAt: at + 1_800_000 });
      await tx.insert(meetingVotes).values(m.votes.map((v) => ({ id: voteIdOf(m.id, v.userId), hoaId: hoa.id, meetingId: past.id, motionId: m.id, userId: v.userId, vote: v.vote, recordedBy: chair, recordedAt: at + 3_000_000 })));
    }

    // In two weeks: the agenda is out.
    const next = { id: newId(), title: 'Quarterly Board Meeting', date: utcToday(opts.now + 14 * DAY), time: '18:30', place: 'Clubhouse meeting room', videoLink: 'https://meet.example.com/hoa-board' };
    await tx.insert(meetings).values({ ...next, hoaId: hoa.id, access: 'open', status: 'scheduled', minutesStatus: 'none', createdBy: chair, publishedAt: opts.now - DAY, createdAt: opts.now - 2 * DAY, updatedAt: opts.now - DAY });
    const agenda = [
      { title: 'Call to order and adoption of the agenda', description: null, linkKind: null, linkId: null, linkLabel: null },
      { title: 'Reserve study results', description: 'Presentation of the updated reserve study and the proposed contribution for next year.', linkKind: null, linkId: null, linkLabel: null },
      request
        ? { title: `Owner request: ${request.title}`, description: 'Review the request and decide on the repair.', linkKind: 'request' as const, linkId: request.id, linkLabel: request.title }
        : { title: 'Owner requests', description: null, linkKind: null, linkId: null, linkLabel: null },
    ];
    await tx.insert(meetingItems).values(agenda.map((item, position) => ({ id: newId(), hoaId: hoa.id, meetingId: next.id, position, ...item })));
  }
};
