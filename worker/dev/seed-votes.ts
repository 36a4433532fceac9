/**
 * Demo owner votes for both HOAs: a board election that closed last month with its results
 * announced, a poll open now with a few households' ballots (never the demo resident's, so Rita sees
 * "Vote now"; renters included, since she rents), and a budget vote that opens next week. Rows are
 * written as the domain leaves them: eligible addresses fixed at opening, the log, the closed vote
 * frozen last (the migration's triggers refuse ballots of a closed vote).
 */
import { eq } from 'drizzle-orm';
import { utcToday } from '../../schema/days';
import { announcements, users, voteBallots, voteEligible, voteEvents, votes } from '../../schema/tables';
import type { VoteEventType, VoteKind } from '../../schema/votes';
import { countVote, eligibleAddresses, newReceiptCode, resultsAnnouncement } from '../domain/votes';
import type { Tx } from '../db';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoVote {
  /** From the community's name ("Maple Grove"): each HOA's votes are its own. */
  question: (community: string) => string;
  description: string;
  kind: VoteKind;
  options: string[];
  maxChoices: number;
  includeRenters: boolean;
  /** Days from now. */
  opensDay: number;
  closesDay: number;
  quorumPercent: number;
  secret: boolean;
  resultsLive: boolean;
  /** The choices of the households that voted, in address order (skipping the demo resident's). */
  ballots: number[][];
}

const DEMO_VOTES: DemoVote[] = [
  {
    question: (c) => `Elect two directors to the ${c} board for 2027`,
    description: 'Two seats open at the end of the year. Each household may choose up to two candidates; the two with the most votes join the board in January.',
    kind: 'election',
    options: ['Dana Whitfield', 'Marcus Lee', 'Priya Raman'],
    maxChoices: 2,
    includeRenters: false,
    opensDay: -34,
    closesDay: -20,
    quorumPercent: 30,
    secret: true,
    resultsLive: false,
    ballots: [[0, 2], [1], [0, 1], [2], [0, 2]],
  },
  {
    question: () => 'Install two EV chargers in the clubhouse parking lot?',
    description: 'Two Level 2 chargers, $14,200 installed, paid from the reserve fund; residents pay per kWh through the charger app.',
    kind: 'poll',
    options: ['Yes, install them', 'No, not now'],
    maxChoices: 1,
    includeRenters: true,
    opensDay: -2,
    closesDay: 5,
    quorumPercent: 40,
    secret: true,
    resultsLive: false,
    ballots: [[0], [0], [1]],
  },
  {
    question: (c) => `Adopt the ${c} 2027 operating budget`,
    description: 'The proposed budget keeps monthly dues at their current amount and adds $6,000 to the reserve fund.',
    kind: 'poll',
    options: ['Adopt', 'Reject'],
    maxChoices: 1,
    includeRenters: false,
    opensDay: 7,
    closesDay: 14,
    quorumPercent: 50,
    secret: false,
    resultsLive: true,
    ballots: [],
  },
];

const event = (hoaId: string, voteId: string, type: VoteEventType, actorId: string | null, at: number, detail: Record<string, unknown> | null = null) => ({ id: newId(), hoaId, voteId, type, actorId, at, detail });

async function seedVote(tx: Tx, hoa: { id: string; name: string; board: string; userAt: Map<string, string>; skip: string | undefined }, demo: DemoVote, now: number) {
  const id = newId();
  // 9 AM and 6 PM in Texas (15:00 and 24:00 UTC), whatever the time of the seed.
  const opensAt = utcToday(now) + demo.opensDay * DAY + 15 * HOUR;
  const closesAt = utcToday(now) + demo.closesDay * DAY + 24 * HOUR;
  const createdAt = Math.min(opensAt - 3 * DAY, now - 2 * HOUR);
  const opened = opensAt <= now;
  await tx.insert(votes).values({ id, hoaId: hoa.id, question: demo.question(hoa.name.replace(/ HOA$/, '')), description: demo.description, kind: demo.kind, options: demo.options, maxChoices: demo.maxChoices, includeRenters: demo.includeRenters, opensAt, closesAt, quorumPercent: demo.quorumPercent, secret: demo.secret, resultsLive: demo.resultsLive, openedAt: opened ? opensAt : null, createdBy: hoa.board, createdAt, updatedAt: createdAt });
  const log = [event(hoa.id, id, 'created', hoa.board, createdAt)];
  if (!opened) return tx.insert(voteEvents).values(log);
  log.push(event(hoa.id, id, 'opened', null, opensAt));
  const eligible = await eligibleAddresses(tx, hoa.id, demo.includeRenters);
  await tx.insert(voteEligible).values(eligible.map((addressId) => ({ voteId: id, addressId, hoaId: hoa.id })));
  const voting = eligible.filter((a) => a !== hoa.skip && hoa.userAt.has(a)).slice(0, demo.ballots.length);
  for (const [i, addressId] of voting.entries()) {
    const castAt = opensAt + (i + 1) * 7 * HOUR;
    const castBy = hoa.userAt.get(addressId)!;
    await tx.insert(voteBallots).values({ id: newId(), hoaId: hoa.id, voteId: id, addressId, choices: demo.ballots[i], castBy, castAt, code: newReceiptCode() });
    log.push(event(hoa.id, id, 'ballot_cast', castBy, castAt));
  }
  if (closesAt <= now) {
    const [row] = await tx.select().from(votes).where(eq(votes.id, id));
    const tally = await countVote(tx, row);
    const announcementId = newId();
    await tx.insert(announcements).values({ id: announcementId, hoaId: hoa.id, ...resultsAnnouncement(row, tally), category: 'general', status: 'sent', audienceType: 'all', deliveryMethods: ['in_app', 'email'], pinned: false, createdBy: hoa.board, createdAt: closesAt, updatedAt: closesAt, sentAt: closesAt, version: 1 });
    log.push(event(hoa.id, id, 'closed', null, closesAt), event(hoa.id, id, 'results_published', null, closesAt, { announcement_id: announcementId, counts: tally.counts, eligible: tally.eligible, voted: tally.voted, quorum_reached: tally.quorumReached }));
    // Frozen last: from here on the triggers refuse any change.
    await tx.update(votes).set({ closedAt: closesAt, announcementId, updatedAt: closesAt }).where(eq(votes.id, id));
  }
  await tx.insert(voteEvents).values(log);
}

export const seedVotes: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const board = Object.entries(hoa.userIds).find(([email]) => email.startsWith('board@'))?.[1];
    if (!board) continue;
    const resident = Object.entries(hoa.userIds).find(([email]) => email.startsWith('resident@'))?.[1];
    const people = await tx.select({ id: users.id, addressId: users.addressId, status: users.status }).from(users).where(eq(users.hoaId, hoa.id)).orderBy(users.name);
    const userAt = new Map<string, string>();
    for (const p of people) if (p.addressId && p.status === 'active' && p.id !== resident && !userAt.has(p.addressId)) userAt.set(p.addressId, p.id);
    const skip = people.find((p) => p.id === resident)?.addressId ?? undefined;
    for (const demo of DEMO_VOTES) await seedVote(tx, { id: hoa.id, name: hoa.name, board, userAt, skip }, demo, opts.now);
  }
};
