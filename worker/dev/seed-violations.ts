/**
 * Demo violations for both HOAs: every category and status, some overdue (open, due date past), threads
 * with board messages, resident answers and an internal note, resolved ones with their resolution card,
 * Activity History that matches what happened, and photo and PDF attachments (on the violation and on a
 * message) stored in the local S3 when the seed is given storage (`npm start`).
 */
import { eq } from 'drizzle-orm';
import { utcToday } from '../../schema/days';
import { users, violationHistory, violationMessages, violations } from '../../schema/tables';
import { threadPolicy } from '../../schema/threads';
import { VIOLATION_HISTORY, type ViolationCategory, type ViolationStatus } from '../../schema/violations';
import type { Role } from '../../schema/roles';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';
import { seedAttachment, type DemoFile } from './seed-files';

type Event = { day: number; by: string } & ({ status: ViolationStatus; notes?: string } | { message: string; internal?: boolean; file?: DemoFile });

interface DemoViolation {
  title: string;
  message: string;
  category: ViolationCategory;
  to: string;
  by: string;
  /** Days relative to the seed time (negative: in the past). */
  day: number;
  dueDay: number;
  file?: DemoFile;
  events?: Event[];
}

const MAPLE_BOARD = 'board@maplegrove.test';
const MAPLE_OWNER = 'owner@maplegrove.test';
const RITA = 'resident@maplegrove.test';
const RAY = 'resident2@maplegrove.test';
// Neighbours (worker/dev/seed-users.ts) whose cases went through letters, fines and hearings
// (worker/dev/seed-fines.ts): not the demo residents the stories sign in as.
const MARCUS = 'marcus.lee@maplegrove.test';
const PRIYA = 'priya.shah@maplegrove.test';
const HANNAH = 'hannah.wright@maplegrove.test';
const KENJI = 'kenji.sato@maplegrove.test';
const JULIA = 'julia.fischer@maplegrove.test';
const VICTOR = 'victor.mendes@cedarpark.test';
const ALICE = 'alice.turner@cedarpark.test';
const RUTH = 'ruth.dalton@cedarpark.test';
const CEDAR_BOARD = 'board@cedarpark.test';
const CEDAR_OWNER = 'owner@cedarpark.test';
const CHRIS = 'resident@cedarpark.test';

const DEMO_VIOLATIONS: Record<string, DemoViolation[]> = {
  'Maple Grove HOA': [
    {
      title: 'Trash bins left at the curb',
      message: '<p>Trash and recycling bins have stayed at the curb since pickup day. Please store them <strong>out of sight from the street</strong> within 24 hours of pickup.</p>',
      category: 'Trash',
      to: RITA,
      by: MAPLE_BOARD,
      day: -12,
      dueDay: -5,
      file: { name: 'trash-bins.png' },
      events: [{ day: -11, by: RITA, message: '<p>Sorry about that, I was travelling. I will move them this weekend.</p>' }],
    },
    {
      title: 'Overgrown front lawn',
      message: '<p>The front lawn is well above the <em>6 inch</em> limit of the landscaping guidelines. Please mow and edge it.</p>',
      category: 'Lawn Maintenance',
      to: RAY,
      by: MAPLE_OWNER,
      day: -20,
      dueDay: -6,
      events: [
        { day: -14, by: RAY, message: '<p>My mower broke. I have booked GreenCut Landscaping; their quote is attached.</p>', file: { name: 'greencut-quote.pdf', pdfLines: ['GreenCut Landscaping - quote', '200 Birch Court, Unit 2A', 'Mow, edge and trim: $85', 'Scheduled: next Friday'] } },
        { day: -13, by: MAPLE_OWNER, status: 'under_review' },
        { day: -13, by: MAPLE_BOARD, message: '<p>I will drive by on Friday to check before we close it.</p>', internal: true },
        { day: -13, by: MAPLE_OWNER, message: '<p>Thanks for the update. We will check again after Friday.</p>' },
      ],
    },
    {
      title: 'Boat parked in the driveway',
      message: '<p>A boat on its trailer has been parked in the driveway for over two weeks. Recreational vehicles may be parked for <strong>72 hours</strong> at most.</p>',
      category: 'Parking',
      to: RITA,
      by: MAPLE_BOARD,
      day: -30,
      dueDay: -16,
      events: [
        { day: -28, by: RITA, message: '<p>The storage place has a spot for it from the 15th. Can it stay until then?</p>' },
        { day: -27, by: MAPLE_BOARD, message: '<p>Yes, that works. Please let us know once it is moved.</p>' },
        { day: -17, by: RITA, message: '<p>The boat is at Lakeside Storage now.</p>' },
        { day: -17, by: MAPLE_BOARD, status: 'resolved', notes: 'Boat moved to Lakeside Storage; driveway checked on a walk-through.' },
      ],
    },
    {
      title: 'Loud music after 10 pm',
      message: '<p>Neighbors reported loud music from the backyard after 10 pm on two weekends. Quiet hours are <strong>10 pm to 7 am</strong>.</p>',
      category: 'Noise',
      to: RAY,
      by: MAPLE_BOARD,
      day: -3,
      dueDay: 7,
    },
    {
      title: 'Shed built without approval',
      message: '<p>A shed was built in the backyard without an architectural review. Please submit a modification request with the plans, or remove the shed.</p>',
      category: 'Architectural',
      to: RITA,
      by: MAPLE_OWNER,
      day: -40,
      dueDay: -20,
      file: { name: 'shed-photo.png' },
      events: [
        { day: -35, by: MAPLE_OWNER, message: '<p>This is a reminder that the review is still outstanding.</p>' },
        { day: -19, by: MAPLE_OWNER, message: '<p>No answer after two notices: escalating to the full board for the next meeting.</p>', internal: true },
        { day: -19, by: MAPLE_OWNER, status: 'escalated' },
      ],
    },
    {
      title: 'Dog off leash on the common green',
      message: '<p>A dog from this address was seen off leash on the common green. Dogs must be <strong>leashed</strong> in common areas.</p>',
      category: 'Pet',
      to: RAY,
      by: MAPLE_BOARD,
      day: -25,
      dueDay: -18,
      events: [
        { day: -24, by: RAY, message: '<p>That was my neighbour\'s dog, not mine. I do not have a dog.</p>' },
        { day: -23, by: MAPLE_BOARD, message: '<p>You are right, we mixed up the addresses. Sorry for the trouble.</p>' },
        { day: -23, by: MAPLE_BOARD, status: 'dismissed' },
      ],
    },
    {
      title: 'Holiday lights still up',
      message: '<p>Holiday decorations should come down within <em>30 days</em> after the holiday.</p>',
      category: 'Other',
      to: RITA,
      by: MAPLE_BOARD,
      day: -1,
      dueDay: 14,
    },
    {
      title: 'Dead shrubs along the front walk',
      message: '<p>The shrubs along the front walk have died back. Please remove or replace them.</p>',
      category: 'Lawn Maintenance',
      to: MARCUS,
      by: MAPLE_BOARD,
      day: -9,
      dueDay: 5,
    },
    {
      title: 'Yard waste piled by the driveway',
      message: '<p>Bags of yard waste have been piled beside the driveway for weeks. Yard waste goes out on <strong>Wednesday</strong> pickups only.</p>',
      category: 'Lawn Maintenance',
      to: PRIYA,
      by: MAPLE_BOARD,
      day: -30,
      dueDay: -16,
      events: [{ day: -20, by: PRIYA, message: '<p>The city skipped our street twice. I have asked for a special pickup.</p>' }],
    },
    {
      title: 'Front lawn gone to seed',
      message: '<p>The front lawn has not been mowed this season and has gone to seed. Lawns must be kept below <em>6 inches</em>.</p>',
      category: 'Lawn Maintenance',
      to: HANNAH,
      by: MAPLE_BOARD,
      day: -38,
      dueDay: -24,
    },
    {
      title: 'Hedge blocking the sidewalk',
      message: '<p>The hedge at the corner has grown over half of the sidewalk. Please trim it back to the property line.</p>',
      category: 'Lawn Maintenance',
      to: KENJI,
      by: MAPLE_OWNER,
      day: -40,
      dueDay: -26,
    },
    {
      title: 'Tree limbs over the neighbor’s roof',
      message: '<p>Limbs of the oak in the side yard hang over the neighbor’s roof. Please have them cut back.</p>',
      category: 'Lawn Maintenance',
      to: JULIA,
      by: MAPLE_BOARD,
      day: -43,
      dueDay: -29,
      events: [
        { day: -3, by: JULIA, message: '<p>The tree service came this morning; the limbs are gone.</p>' },
        { day: -1, by: MAPLE_BOARD, status: 'resolved', notes: 'Limbs cut back; checked from the street.' },
      ],
    },
  ],
  'Cedar Park HOA': [
    {
      title: 'Trailer parked on the street',
      message: '<p>A utility trailer has been parked on Juniper Street for a week. Trailers must be kept in a garage or driveway.</p>',
      category: 'Parking',
      to: CHRIS,
      by: CEDAR_BOARD,
      day: -8,
      dueDay: -2,
      file: { name: 'trailer.png' },
    },
    {
      title: 'Fence painted an unapproved color',
      message: '<p>The front fence was painted bright blue. Fence colors must come from the approved palette.</p>',
      category: 'Architectural',
      to: CHRIS,
      by: CEDAR_OWNER,
      day: -15,
      dueDay: 10,
      events: [
        { day: -14, by: CHRIS, message: '<p>I thought blue was on the palette. Could you send me the list?</p>' },
        { day: -13, by: CEDAR_OWNER, message: '<p>Here is the approved palette. <strong>Harbor Gray</strong> is the closest color.</p>', file: { name: 'approved-palette.pdf', pdfLines: ['Cedar Park HOA - approved exterior palette', 'Harbor Gray', 'Sandstone', 'Forest Green', 'White'] } },
        { day: -13, by: CEDAR_OWNER, status: 'under_review' },
      ],
    },
    {
      title: 'Weeds in the flower beds',
      message: '<p>The flower beds along the front walk are full of weeds.</p>',
      category: 'Lawn Maintenance',
      to: CHRIS,
      by: CEDAR_BOARD,
      day: -30,
      dueDay: -20,
      events: [{ day: -22, by: CEDAR_BOARD, status: 'resolved', notes: 'Beds weeded and mulched; checked on the monthly walk.' }],
    },
    {
      title: 'Barking dog left outside',
      message: '<p>A dog has been left outside barking for hours during the day.</p>',
      category: 'Pet',
      to: CHRIS,
      by: CEDAR_BOARD,
      day: -18,
      dueDay: -11,
      events: [
        { day: -12, by: CEDAR_BOARD, message: '<p>Second complaint this week; refer to the city if it continues.</p>', internal: true },
        { day: -12, by: CEDAR_BOARD, status: 'escalated' },
      ],
    },
    {
      title: 'Bulk trash on the lawn',
      message: '<p>An old sofa has been left on the front lawn. Bulk items go out on the first Monday of the month.</p>',
      category: 'Trash',
      to: CHRIS,
      by: CEDAR_OWNER,
      day: -6,
      dueDay: 3,
      events: [{ day: -5, by: CEDAR_OWNER, status: 'dismissed' }],
    },
    {
      title: 'Leaf blower before 8 am',
      message: '<p>Power tools are allowed from 8 am on weekdays.</p>',
      category: 'Noise',
      to: CHRIS,
      by: CEDAR_BOARD,
      day: -2,
      dueDay: 5,
    },
    {
      title: 'Boat trailer in the driveway',
      message: '<p>A boat trailer has been kept in the driveway for over a month. Trailers may stay <strong>72 hours</strong> at most.</p>',
      category: 'Parking',
      to: VICTOR,
      by: CEDAR_BOARD,
      day: -24,
      dueDay: -17,
    },
    {
      title: 'Work van parked on the street overnight',
      message: '<p>A commercial van is parked on the street overnight. Commercial vehicles must be kept in a garage.</p>',
      category: 'Parking',
      to: ALICE,
      by: CEDAR_BOARD,
      day: -10,
      dueDay: -3,
    },
    {
      title: 'RV parked on the street',
      message: '<p>A motor home has been parked on Cedar Park Drive for two weeks. RVs may be parked on the street for loading only.</p>',
      category: 'Parking',
      to: RUTH,
      by: CEDAR_OWNER,
      day: -40,
      dueDay: -33,
      events: [{ day: -12, by: CEDAR_OWNER, status: 'resolved', notes: 'RV moved to a storage lot.' }],
    },
  ],
};

const DAY = 86_400_000;

interface Person {
  id: string;
  name: string;
  role: Role;
  addressId: string | null;
}

export const seedViolations: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const members = await tx.select({ id: users.id, email: users.email, name: users.name, role: users.role, addressId: users.addressId }).from(users).where(eq(users.hoaId, hoa.id));
    const people = new Map<string, Person>(members.map((m) => [m.email, m]));
    const file = (by: Person, f: DemoFile | undefined, time: number) =>
      f && opts.storage ? seedAttachment(tx, opts.storage, { hoaId: hoa.id, userId: by.id, feature: 'violations', time }, f) : Promise.resolve({});
    for (const demo of DEMO_VIOLATIONS[hoa.name] ?? []) {
      const id = newId();
      const createdAt = Math.round(opts.now + demo.day * DAY);
      const issuer = people.get(demo.by)!;
      const resident = people.get(demo.to)!;
      const state = { status: 'open' as ViolationStatus, resolvedBy: null as string | null, resolvedAt: null as number | null, resolutionNotes: null as string | null, updatedAt: createdAt };
      const history: (typeof violationHistory.$inferInsert)[] = [];
      const messages: (typeof violationMessages.$inferInsert)[] = [];
      const line = (by: Person, action: string, at: number, isPublic = true) =>
        history.push({ id: newId(), hoaId: hoa.id, parentId: id, userId: by.id, isStaff: threadPolicy.isStaff(by.role), action, isPublic, at });
      line(issuer, VIOLATION_HISTORY.issued, createdAt);
      for (const [i, e] of (demo.events ?? []).entries()) {
        // Events of one day keep their order: a minute apart.
        const at = Math.round(opts.now + e.day * DAY) + i * 60_000;
        const by = people.get(e.by)!;
        state.updatedAt = at;
        if ('status' in e) {
          line(by, VIOLATION_HISTORY.statusChanged(state.status, e.status), at);
          state.status = e.status;
          if (e.status === 'resolved') Object.assign(state, { resolvedBy: by.id, resolvedAt: at, resolutionNotes: e.notes ?? null });
          if (e.notes) line(by, VIOLATION_HISTORY.notesAdded, at);
        } else {
          const isPublic = !e.internal;
          messages.push({ id: newId(), hoaId: hoa.id, parentId: id, authorId: by.id, isStaff: threadPolicy.isStaff(by.role), message: e.message, isPublic, ...(await file(by, e.file, at)), createdAt: at });
          line(by, isPublic ? VIOLATION_HISTORY.messageAdded : VIOLATION_HISTORY.internalNoteAdded, at, isPublic);
        }
      }
      await tx.insert(violations).values({
        id,
        hoaId: hoa.id,
        userId: resident.id,
        addressId: resident.addressId,
        issuedBy: issuer.id,
        category: demo.category,
        title: demo.title,
        message: demo.message,
        dueDate: utcToday(opts.now + demo.dueDay * DAY),
        ...(await file(issuer, demo.file, createdAt)),
        ...state,
        createdAt,
        version: 1,
      });
      if (messages.length) await tx.insert(violationMessages).values(messages);
      await tx.insert(violationHistory).values(history);
    }
  }
};
