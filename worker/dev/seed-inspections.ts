/**
 * Demo inspection rounds for both HOAs: a finished round last month (every address done, a few with
 * the HOA's seeded violations linked, the rest no issues) and one in progress today, about a third
 * done by the board member walking it, so the list, the round screen and its summary show real data.
 */
import { eq } from 'drizzle-orm';
import { utcToday } from '../../schema/days';
import { roundStopsOf, type StopOutcome } from '../../schema/inspections';
import { inspectionRounds, inspectionStops, violations } from '../../schema/tables';
import { directoryValues } from '../domain/addresses';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Violations linked on the finished round. */
const LINKED = 3;

const userOf = (userIds: Record<string, string>, prefix: string) => Object.entries(userIds).find(([email]) => email.startsWith(prefix))?.[1];

export const seedInspections: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const board = userOf(hoa.userIds, 'board@');
    const owner = userOf(hoa.userIds, 'owner@') ?? board;
    if (!board || !owner) continue;
    const directory = await directoryValues(tx, { userId: board, hoaId: hoa.id, role: 'board' });
    if (directory.length === 0) continue;
    const seeded = await tx.select({ id: violations.id, addressId: violations.addressId }).from(violations).where(eq(violations.hoaId, hoa.id));
    const violationAt = new Map<string, string>();
    for (const v of seeded) if (v.addressId && !violationAt.has(v.addressId) && violationAt.size < LINKED) violationAt.set(v.addressId, v.id);

    const rounds = [
      { title: 'Monthly walk-through', date: utcToday(opts.now - 30 * DAY), startedAt: utcToday(opts.now - 30 * DAY) + 15 * 60 * MINUTE, finished: true },
      { title: 'Spring landscaping check', date: utcToday(opts.now), startedAt: opts.now - 50 * MINUTE, finished: false },
    ];
    for (const round of rounds) {
      const id = newId();
      const doneCount = round.finished ? directory.length : Math.ceil(directory.length / 3);
      const end = round.startedAt + doneCount * 3 * MINUTE;
      await tx.insert(inspectionRounds).values({
        id,
        hoaId: hoa.id,
        title: round.title,
        date: round.date,
        status: round.finished ? 'finished' : 'in_progress',
        startedBy: board,
        finishedBy: round.finished ? board : null,
        finishedAt: round.finished ? end : null,
        createdAt: round.startedAt,
        updatedAt: round.finished ? end : round.startedAt,
      });
      await tx.insert(inspectionStops).values(
        roundStopsOf(id, directory).map((stop) => {
          const { position } = stop;
          const done = position < doneCount;
          const violationId = round.finished ? (violationAt.get(stop.addressId) ?? null) : null;
          const outcome: StopOutcome | null = done ? (violationId ? 'violation' : 'no_issues') : null;
          return {
            ...stop,
            hoaId: hoa.id,
            outcome,
            violationId,
            // The owner took the second half of last month's round.
            doneBy: done ? (round.finished && position >= directory.length / 2 ? owner : board) : null,
            doneAt: done ? round.startedAt + (position + 1) * 3 * MINUTE : null,
          };
        }),
      );
    }
  }
};
