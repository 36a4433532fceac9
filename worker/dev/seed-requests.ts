/**
 * Demo requests for both HOAs: every status and category, filed by residents (one by a board
 * member), with threads (staff answers, resident replies, an internal note), Activity History that
 * matches what happened, assignees, deadlines, resolution notes, and PDF and image attachments
 * stored in the local S3 when the seed is given storage (`npm start`).
 */
import { eq } from 'drizzle-orm';
import { REQUEST_HISTORY, type RequestCategory, type RequestStatus } from '../../schema/requests';
import { requestComments, requestHistory, requests, users } from '../../schema/tables';
import { threadPolicy } from '../../schema/threads';
import type { Role } from '../../schema/roles';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';
import { seedAttachment, type DemoFile } from './seed-files';

type Event = { day: number; by: string } & ({ status: RequestStatus } | { message: string; internal?: boolean } | { assign: string } | { deadlineDay: number } | { notes: string });

interface DemoRequest {
  title: string;
  description: string;
  category: RequestCategory;
  by: string;
  /** Days relative to the seed time (negative: in the past). */
  day: number;
  file?: DemoFile;
  events?: Event[];
}

const DEMO_REQUESTS: Record<string, DemoRequest[]> = {
  'Maple Grove HOA': [
    {
      title: 'Leaking roof over the garage',
      description: '<p>Water drips from the garage ceiling after every rain. The stain is growing near the <strong>north wall</strong>.</p>',
      category: 'Maintenance',
      by: 'resident@maplegrove.test',
      day: -9,
      file: { name: 'roof-inspection.pdf', pdfLines: ['Roof inspection', '103 Maple Grove Lane, garage', 'Observed: water stain about 40 cm wide near the north wall', 'Cause: two cracked shingles above the gutter line', 'Recommendation: replace shingles and reseal flashing'] },
      events: [
        { day: -8, by: 'board@maplegrove.test', assign: 'board@maplegrove.test' },
        { day: -8, by: 'board@maplegrove.test', status: 'in_progress' },
        { day: -8, by: 'board@maplegrove.test', message: '<p>Thanks for the report. A roofer is booked for <strong>Thursday morning</strong>.</p>' },
        { day: -7, by: 'owner@maplegrove.test', message: '<p>Quote from Apex Roofing: $1,850, within the maintenance budget.</p>', internal: true },
        { day: -7, by: 'resident@maplegrove.test', message: '<p>Thank you! I will leave the side gate open.</p>' },
        { day: -7, by: 'board@maplegrove.test', deadlineDay: 5 },
      ],
    },
    {
      title: 'Add a backyard fence',
      description: '<p>I would like to put up a wooden fence along the back of the lot.</p><ul><li>Cedar boards</li><li>About 40 m long</li></ul>',
      category: 'Modification',
      by: 'resident2@maplegrove.test',
      day: -6,
      events: [
        { day: -5, by: 'owner@maplegrove.test', status: 'awaiting_info' },
        { day: -5, by: 'owner@maplegrove.test', message: '<p>Please send the fence <em>height</em> and a sketch of where it runs. The guidelines allow up to 1.8 m.</p>' },
      ],
    },
    {
      title: 'Streetlight out on Birch Court',
      description: '<p>The streetlight in front of 200 Birch Court has been dark for a week. The corner is hard to see at night.</p>',
      category: 'Maintenance',
      by: 'resident2@maplegrove.test',
      day: -2,
      file: { name: 'streetlight.png' },
    },
    {
      title: 'Pool hours during the holidays',
      description: '<p>Will the pool keep its usual hours over the holidays?</p>',
      category: 'Inquiry',
      by: 'resident@maplegrove.test',
      day: -15,
      events: [
        { day: -14, by: 'board@maplegrove.test', message: '<p>Yes: <strong>10 am to 8 pm</strong> every day, holidays included.</p>' },
        { day: -14, by: 'board@maplegrove.test', notes: 'Answered: the pool is open 10 am to 8 pm on holidays.' },
        { day: -14, by: 'board@maplegrove.test', status: 'resolved' },
      ],
    },
    {
      title: 'Repaint the front door',
      description: '<p>I would like to repaint my front door in <em>Sage Green</em> from the approved palette.</p>',
      category: 'Modification',
      by: 'resident@maplegrove.test',
      day: -30,
      events: [
        { day: -28, by: 'owner@maplegrove.test', status: 'in_progress' },
        { day: -25, by: 'owner@maplegrove.test', notes: 'Approved: Sage Green is on the approved palette. No further review needed.' },
        { day: -25, by: 'owner@maplegrove.test', status: 'closed' },
      ],
    },
    {
      title: "Neighbor's dog barking at night",
      description: '<p>A dog on Birch Court barks for hours after midnight.</p>',
      category: 'Other',
      by: 'resident2@maplegrove.test',
      day: -20,
      events: [
        { day: -19, by: 'board@maplegrove.test', message: "<p>We are sorry to hear that. Night-time noise from pets is handled by the city's animal services (311).</p>" },
        { day: -19, by: 'board@maplegrove.test', notes: "Outside the HOA's rules: referred to the city's animal services." },
        { day: -19, by: 'board@maplegrove.test', status: 'rejected' },
      ],
    },
    {
      title: 'How do I reserve the clubhouse?',
      description: '<p>I would like to book the clubhouse for a birthday party next month. What is the process?</p>',
      category: 'Inquiry',
      by: 'resident@maplegrove.test',
      day: -0.2,
    },
    {
      title: 'Cracked sidewalk near 15 Willow Way',
      description: '<p>A slab of the sidewalk has lifted about 3 cm. Someone could trip.</p>',
      category: 'Maintenance',
      by: 'board@maplegrove.test',
      day: -4,
      events: [
        { day: -4, by: 'board@maplegrove.test', assign: 'owner@maplegrove.test' },
        { day: -3, by: 'owner@maplegrove.test', status: 'in_progress' },
        { day: -3, by: 'owner@maplegrove.test', deadlineDay: 10 },
      ],
    },
  ],
  'Cedar Park HOA': [
    {
      title: 'Broken sprinkler head',
      description: '<p>The sprinkler by the mailbox sprays onto the street.</p>',
      category: 'Maintenance',
      by: 'resident@cedarpark.test',
      day: -1,
      file: { name: 'sprinkler.png' },
    },
    {
      title: 'Install solar panels',
      description: '<p>I plan to install solar panels on the south side of the roof.</p>',
      category: 'Modification',
      by: 'resident@cedarpark.test',
      day: -10,
      file: { name: 'solar-plan.pdf', pdfLines: ['Solar installation plan', '7 Juniper Street, Unit 12', '12 panels, south-facing roof', 'Installer: Bright Sun Co.'] },
      events: [
        { day: -9, by: 'board@cedarpark.test', status: 'awaiting_info' },
        { day: -9, by: 'board@cedarpark.test', message: '<p>Could you share the installer\'s <strong>permit number</strong>?</p>' },
      ],
    },
    {
      title: 'Which day is trash pickup?',
      description: '<p>I just moved in. Which day is trash pickup?</p>',
      category: 'Inquiry',
      by: 'resident@cedarpark.test',
      day: -12,
      events: [
        { day: -12, by: 'board@cedarpark.test', message: '<p>Trash goes out on <strong>Tuesdays</strong>, recycling every other Friday.</p>' },
        { day: -12, by: 'board@cedarpark.test', notes: 'Answered: Tuesday trash, alternate Friday recycling.' },
        { day: -12, by: 'board@cedarpark.test', status: 'resolved' },
      ],
    },
    {
      title: 'Gate code not working',
      description: '<p>The gate code from the welcome letter does not open the east gate.</p>',
      category: 'Other',
      by: 'resident@cedarpark.test',
      day: -25,
      events: [
        { day: -24, by: 'owner@cedarpark.test', message: '<p>The code was changed last month; we sent you the new one by email.</p>' },
        { day: -24, by: 'owner@cedarpark.test', status: 'closed' },
      ],
    },
    {
      title: 'Pothole on Juniper Street',
      description: '<p>There is a deep pothole in front of number 7.</p>',
      category: 'Maintenance',
      by: 'resident@cedarpark.test',
      day: -5,
      events: [
        { day: -5, by: 'board@cedarpark.test', assign: 'board@cedarpark.test' },
        { day: -4, by: 'board@cedarpark.test', status: 'in_progress' },
      ],
    },
    {
      title: 'Paint the garage door purple',
      description: '<p>Could I paint my garage door purple?</p>',
      category: 'Modification',
      by: 'resident@cedarpark.test',
      day: -18,
      events: [
        { day: -17, by: 'board@cedarpark.test', notes: 'Purple is not in the approved exterior palette.' },
        { day: -17, by: 'board@cedarpark.test', status: 'rejected' },
      ],
    },
  ],
};

const DAY = 86_400_000;
/** A day as its UTC midnight, like the deadlines the API stores. */
const utcDay = (ms: number) => Math.floor(ms / DAY) * DAY;

interface Person {
  id: string;
  name: string;
  role: Role;
}

export const seedRequests: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const members = await tx.select({ id: users.id, email: users.email, name: users.name, role: users.role, addressId: users.addressId }).from(users).where(eq(users.hoaId, hoa.id));
    const people = new Map<string, Person & { addressId: string | null }>(members.map((m) => [m.email, m]));
    for (const demo of DEMO_REQUESTS[hoa.name] ?? []) {
      const id = newId();
      const createdAt = Math.round(opts.now + demo.day * DAY);
      const filer = people.get(demo.by)!;
      const state = { status: 'open' as RequestStatus, assignedTo: null as string | null, resolutionDeadline: null as number | null, resolutionNotes: null as string | null, updatedAt: createdAt };
      const history: (typeof requestHistory.$inferInsert)[] = [];
      const comments: (typeof requestComments.$inferInsert)[] = [];
      const line = (by: Person, action: string, at: number, isPublic = true) =>
        history.push({ id: newId(), hoaId: hoa.id, parentId: id, userId: by.id, isStaff: threadPolicy.isStaff(by.role), action, isPublic, at });
      line(filer, REQUEST_HISTORY.created, createdAt);
      const attachment = demo.file && opts.storage ? await seedAttachment(tx, opts.storage, { hoaId: hoa.id, userId: filer.id, feature: 'requests', time: createdAt }, demo.file) : {};
      for (const [i, e] of (demo.events ?? []).entries()) {
        // Events of one day keep their order: a minute apart.
        const at = Math.round(opts.now + e.day * DAY) + i * 60_000;
        const by = people.get(e.by)!;
        state.updatedAt = at;
        if ('status' in e) {
          line(by, REQUEST_HISTORY.statusChanged(state.status, e.status), at);
          state.status = e.status;
        } else if ('message' in e) {
          comments.push({ id: newId(), hoaId: hoa.id, parentId: id, authorId: by.id, isStaff: threadPolicy.isStaff(by.role), message: e.message, isPublic: !e.internal, createdAt: at });
          line(by, e.internal ? REQUEST_HISTORY.internalNoteAdded : REQUEST_HISTORY.messageAdded, at, !e.internal);
        } else if ('assign' in e) {
          const assignee = people.get(e.assign)!;
          state.assignedTo = assignee.id;
          line(by, REQUEST_HISTORY.assigned(assignee.name), at, false);
        } else if ('deadlineDay' in e) {
          state.resolutionDeadline = utcDay(opts.now + e.deadlineDay * DAY);
          line(by, REQUEST_HISTORY.deadlineSet(state.resolutionDeadline), at);
        } else {
          state.resolutionNotes = e.notes;
          line(by, REQUEST_HISTORY.notesUpdated, at);
        }
      }
      await tx.insert(requests).values({
        id,
        hoaId: hoa.id,
        userId: filer.id,
        addressId: filer.addressId,
        title: demo.title,
        description: demo.description,
        category: demo.category,
        ...attachment,
        ...state,
        createdAt,
        version: 1,
      });
      if (comments.length) await tx.insert(requestComments).values(comments);
      await tx.insert(requestHistory).values(history);
    }
  }
};
