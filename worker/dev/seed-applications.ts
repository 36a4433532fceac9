/**
 * Demo architectural applications for both HOAs, each with its request of category Modification:
 * one under review with one review in and its deadline five days away ("Due soon"), one approved with
 * conditions whose letter was sent, one denied (its letter still to send), one approved by default
 * at its deadline. Review days are the default 30. The applicants are the demo residents who sign in
 * (`resident@`, `resident2@`), whose requests the other tests count.
 */
import { and, eq, like } from 'drizzle-orm';
import { APPLICATION_HISTORY, applicationPolicy, DEFAULT_REVIEW_DAYS, decisionLetterHtml, type ApplicationStatus, type DecidedBy, type ReviewDecision } from '../../schema/applications';
import { REQUEST_HISTORY } from '../../schema/requests';
import { addresses, applicationHistory, applicationReviews, architecturalApplications, requestHistory, requests, users } from '../../schema/tables';
import { historyRow } from '../domain/threads';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoReview {
  decision: ReviewDecision;
  conditions?: string;
  reasons?: string;
}
interface DemoApplication {
  title: string;
  description: string;
  startInDays: number;
  submittedDaysAgo: number;
  status: ApplicationStatus;
  reviews: DemoReview[];
  decidedBy: DecidedBy | null;
  letter: boolean;
}

const DEMO: DemoApplication[] = [
  {
    title: 'Backyard cedar deck',
    description: '<p>We would like to build a 12 x 16 ft deck off the back door in natural cedar, 18 inches above grade, with a simple railing. It stays 10 ft from the rear property line. Plans from our contractor are attached.</p>',
    startInDays: 21,
    submittedDaysAgo: DEFAULT_REVIEW_DAYS - 5,
    status: 'under_review',
    reviews: [{ decision: 'approve_with_conditions', conditions: 'Stain the deck in a natural or brown tone that matches the house trim.' }],
    decidedBy: null,
    letter: false,
  },
  {
    title: 'Solar panels on the south roof',
    description: '<p>Installing 14 black-framed solar panels flush-mounted on the south-facing roof. The inverter goes in the garage; no equipment on the front of the house.</p>',
    startInDays: -5,
    submittedDaysAgo: 40,
    status: 'approved_with_conditions',
    reviews: [
      { decision: 'approve_with_conditions', conditions: 'Conduit runs on the side of the house must be painted to match the siding.' },
      { decision: 'approve' },
    ],
    decidedBy: 'reviews',
    letter: true,
  },
  {
    title: 'Replace front fence with 6 ft vinyl',
    description: '<p>Replace the 3 ft wooden picket fence along the front yard with a 6 ft white vinyl privacy fence.</p>',
    startInDays: 10,
    submittedDaysAgo: 33,
    status: 'denied',
    reviews: [
      { decision: 'deny', reasons: 'Front-yard fences may be at most 4 ft high under the design guidelines.' },
      { decision: 'deny', reasons: 'Privacy fences are allowed in back yards only.' },
    ],
    decidedBy: 'reviews',
    letter: false,
  },
  {
    title: 'Exterior repaint in sage green',
    description: '<p>Repaint the siding in Sherwin-Williams "Clary Sage" with white trim, replacing the current beige.</p>',
    startInDays: -10,
    submittedDaysAgo: 45,
    status: 'approved_by_default',
    reviews: [],
    decidedBy: 'deadline',
    letter: false,
  },
];

export const seedApplications: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const board = await tx.select({ id: users.id }).from(users).where(and(eq(users.hoaId, hoa.id), eq(users.role, 'board'), eq(users.status, 'active')));
    const signingIn = await tx
      .select({ id: users.id, email: users.email, name: users.name, addressId: users.addressId, street: addresses.street, unit: addresses.unitNumber })
      .from(users)
      .leftJoin(addresses, eq(addresses.id, users.addressId))
      .where(and(eq(users.hoaId, hoa.id), eq(users.role, 'resident'), eq(users.status, 'active'), like(users.email, 'resident%')))
      .orderBy(users.email);
    // `resident@` first: the resident who signs in has the application under review.
    const residents = [...signingIn].sort((a, b) => Number(!a.email.startsWith('resident@')) - Number(!b.email.startsWith('resident@')));
    if (board.length === 0 || residents.length === 0) continue;
    for (const [i, demo] of DEMO.entries()) {
      const resident = residents[i % residents.length];
      const id = newId();
      const submittedAt = opts.now - demo.submittedDaysAgo * DAY;
      const deadline = applicationPolicy.deadlineOf(submittedAt, DEFAULT_REVIEW_DAYS);
      const residentActor = { userId: resident.id, role: 'resident' as const };
      await tx.insert(requests).values({ id, hoaId: hoa.id, userId: resident.id, addressId: resident.addressId, title: demo.title, description: demo.description, category: 'Modification', status: 'open', createdAt: submittedAt, updatedAt: submittedAt });
      await tx.insert(requestHistory).values(historyRow(residentActor, { hoaId: hoa.id, parentId: id, action: REQUEST_HISTORY.created, at: submittedAt }));
      const history = [historyRow(residentActor, { hoaId: hoa.id, parentId: id, action: APPLICATION_HISTORY.submitted, at: submittedAt })];
      const reviewed = demo.reviews.map((r, n) => ({ ...r, reviewerId: board[n % board.length].id, at: submittedAt + (n + 2) * DAY + 3 * HOUR }));
      for (const r of reviewed) {
        await tx.insert(applicationReviews).values({ hoaId: hoa.id, applicationId: id, reviewerId: r.reviewerId, decision: r.decision, conditions: r.conditions ?? null, reasons: r.reasons ?? null, at: r.at });
        history.push(historyRow({ userId: r.reviewerId, role: 'board' }, { hoaId: hoa.id, parentId: id, action: APPLICATION_HISTORY.reviewed(r.decision), isPublic: false, at: r.at }));
      }
      const decidedAt = demo.decidedBy === 'deadline' ? deadline + HOUR : demo.decidedBy ? (reviewed.at(-1)?.at ?? submittedAt) : null;
      if (decidedAt != null) {
        const action = demo.decidedBy === 'deadline' ? APPLICATION_HISTORY.approvedByDefault(deadline) : APPLICATION_HISTORY.decided(demo.status);
        const by = demo.decidedBy === 'deadline' ? { userId: 'deadline', role: 'board' as const } : { userId: reviewed.at(-1)!.reviewerId, role: 'board' as const };
        history.push(historyRow(by, { hoaId: hoa.id, parentId: id, action, at: decidedAt }));
      }
      const letterAt = decidedAt != null ? decidedAt + DAY : null;
      const letter =
        demo.letter && letterAt != null
          ? decisionLetterHtml({
              hoaName: hoa.name,
              residentName: resident.name ?? 'Resident',
              title: demo.title,
              address: resident.street ? `${resident.street}${resident.unit ? `, Unit ${resident.unit}` : ''}` : null,
              status: demo.status,
              deadline,
              conditions: demo.reviews.flatMap((r) => r.conditions ?? []),
              reasons: demo.reviews.flatMap((r) => r.reasons ?? []),
              date: letterAt,
            })
          : null;
      if (letter) history.push(historyRow({ userId: board[0].id, role: 'board' }, { hoaId: hoa.id, parentId: id, action: APPLICATION_HISTORY.letterSent, at: letterAt! }));
      await tx.insert(applicationHistory).values(history);
      await tx.insert(architecturalApplications).values({
        id,
        hoaId: hoa.id,
        userId: resident.id,
        startDate: Math.floor((opts.now + demo.startInDays * DAY) / DAY) * DAY,
        submittedAt,
        deadline,
        status: demo.status,
        decidedBy: demo.decidedBy,
        decidedAt,
        letter,
        letterSentAt: letter ? letterAt : null,
        letterSentBy: letter ? board[0].id : null,
        createdAt: submittedAt,
        updatedAt: letterAt ?? decidedAt ?? reviewed.at(-1)?.at ?? submittedAt,
      });
    }
  }
};
