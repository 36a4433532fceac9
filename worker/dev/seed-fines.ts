/**
 * Demo fines, letters and hearings: each HOA's saved fine schedule for one category (not the
 * defaults), and on seeded violations of neighbours (not the demo residents the stories sign in as)
 * and two of Chris's cases the history of their stages: a courtesy notice, a warning, a case fined
 * twice and still repeating, a hearing asked for (pending), a hearing decided with fines reduced (its
 * credit on the statement). The rows are those the domain writes (`fineHistory`), at past times.
 */
import { and, eq } from 'drizzle-orm';
import { utcToday } from '../../schema/days';
import { hoas, ledgerLines, users, violationFineSchedules, violationHearings, violationHistory, violationLetters, violations } from '../../schema/tables';
import { DEFAULT_FINE_SCHEDULE, fineScheduleSchema, toApiFineSchedule, type FineSchedule } from '../../schema/violation-fines';
import type { HearingDecision, ViolationCategory } from '../../schema/violations';
import { fineHistory, type FineStep } from '../domain/violations/fine-history';
import type { AreaSeeder } from './seed-kit';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A case's steps in days before the seed (board steps by the case's issuer, hearing asked by its resident). */
type DemoStep =
  | { advance: number }
  | { repeat: true }
  | { hearing: number; note: string }
  | { schedule: number; for: number }
  | { decide: number; decision: HearingDecision; reason: string; reducedTo?: number };

interface DemoFines {
  schedules: Partial<Record<ViolationCategory, FineSchedule>>;
  /** Seeded violations (worker/dev/seed-violations.ts) by title. */
  cases: Record<string, DemoStep[]>;
}

const DEMO_FINES: Record<string, DemoFines> = {
  'Maple Grove HOA': {
    // Landscaping: courtesy notice, warning, then $75 every 14 days up to $300; 10 days to cure.
    schedules: { 'Lawn Maintenance': { courtesyNotice: true, warning: true, fineCents: 7_500, repeatDays: 14, capCents: 30_000, cureDays: 10 } },
    cases: {
      'Dead shrubs along the front walk': [{ advance: -8 }],
      'Yard waste piled by the driveway': [{ advance: -29 }, { advance: -17 }],
      'Front lawn gone to seed': [{ advance: -37 }, { advance: -26 }, { advance: -15 }, { repeat: true }],
      'Hedge blocking the sidewalk': [
        { advance: -39 },
        { advance: -28 },
        { advance: -12 },
        { hearing: -9, note: 'The hedge was trimmed two days after the warning; the photo in the fine letter was taken before that.' },
        { schedule: -7, for: 5 },
      ],
      'Tree limbs over the neighbor’s roof': [
        { advance: -42 },
        { advance: -31 },
        { advance: -20 },
        { repeat: true },
        { hearing: -5, note: 'The tree service was booked after the warning but could only come this month. I have the booking email.' },
        { decide: -2, decision: 'reduced', reason: 'Work was booked before the first fine; the second fine is credited.', reducedTo: 7_500 },
      ],
    },
  },
  'Cedar Park HOA': {
    // Parking: no courtesy notice, a warning, then $100 every 7 days up to $400; 7 days to cure.
    schedules: { Parking: { courtesyNotice: false, warning: true, fineCents: 10_000, repeatDays: 7, capCents: 40_000, cureDays: 7 } },
    cases: {
      'Leaf blower before 8 am': [{ advance: -1 }],
      'Trailer parked on the street': [{ advance: -7 }],
      'Boat trailer in the driveway': [{ advance: -23 }, { advance: -20 }, { repeat: true }, { repeat: true }],
      'Work van parked on the street overnight': [{ advance: -9 }, { advance: -6 }, { hearing: -4, note: 'The van is my employer’s and is only here on call weeks. Can it stay on those nights?' }],
      'RV parked on the street': [
        { advance: -39 },
        { advance: -31 },
        { repeat: true },
        { hearing: -23, note: 'We were loading for a trip that was delayed by a repair. It is leaving this week.' },
        { schedule: -22, for: -16 },
        { decide: -16, decision: 'reduced', reason: 'Delayed repair confirmed by the shop’s invoice; fines reduced to one week.', reducedTo: 10_000 },
      ],
    },
  },
};

export const seedFines: AreaSeeder = async (tx, platform, opts) => {
  // Board steps at 10 am Central on their day; a hearing at 6:30 pm.
  const at = (day: number) => utcToday(opts.now) + day * DAY + 15 * HOUR;
  for (const hoa of platform.hoas) {
    const plan = DEMO_FINES[hoa.name];
    if (!plan) continue;
    const updatedAt = opts.now - 60 * DAY;
    for (const [category, schedule] of Object.entries(plan.schedules) as [ViolationCategory, FineSchedule][]) {
      // A schedule the board could have saved.
      fineScheduleSchema.parse(toApiFineSchedule(category, schedule, false));
      await tx.insert(violationFineSchedules).values({ hoaId: hoa.id, category, ...schedule, updatedAt });
    }
    const [{ timeZone }] = await tx.select({ timeZone: hoas.timeZone }).from(hoas).where(eq(hoas.id, hoa.id));
    const people = new Map((await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.hoaId, hoa.id))).map((u) => [u.id, u]));
    for (const [title, demo] of Object.entries(plan.cases)) {
      const [row] = await tx.select().from(violations).where(and(eq(violations.hoaId, hoa.id), eq(violations.title, title))).limit(1);
      if (!row) throw new Error(`seed-fines: no seeded violation "${title}" in ${hoa.name}`);
      const board = { userId: row.issuedBy, role: people.get(row.issuedBy)!.role };
      const resident = { userId: row.userId, role: people.get(row.userId)!.role };
      const steps = demo.map((s): FineStep => {
        if ('advance' in s) return { advance: at(s.advance), by: board };
        if ('repeat' in s) return s;
        if ('hearing' in s) return { hearing: at(s.hearing), by: resident, note: s.note };
        if ('schedule' in s) return { schedule: at(s.schedule), by: board, for: at(s.for) + 8.5 * HOUR };
        return { ...s, decide: at(s.decide), by: board };
      });
      const done = fineHistory(row, plan.schedules[row.category] ?? DEFAULT_FINE_SCHEDULE, timeZone, steps);
      if (done.letters.length) await tx.insert(violationLetters).values(done.letters);
      if (done.lines.length) await tx.insert(ledgerLines).values(done.lines);
      if (done.history.length) await tx.insert(violationHistory).values(done.history);
      if (done.hearing) await tx.insert(violationHearings).values(done.hearing);
      await tx
        .update(violations)
        .set({ ...done.set, updatedAt: Math.max(row.updatedAt, done.set.updatedAt) })
        .where(eq(violations.id, row.id));
    }
  }
};
