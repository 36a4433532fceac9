/**
 * Owner votes (polls and elections): kinds and states with their labels, the messages (the spec's
 * words verbatim), limits, the form and body schemas and the policy. One rule each: the domain
 * enforces it, the mutators predict with it, the screens choose their controls with it.
 *
 * A vote's state follows its times: upcoming before it opens, open until it closes, closed from its
 * closing time on (the job settles it then: results announced), cancelled when the board cancelled it
 * before it opened. One ballot per address: the latest cast by any resident of the address counts.
 */
import { z } from 'zod';
import { formatDateTime } from './en-us';
import { zoneOffset, type ZoneOffset } from './intl';
import { lazy } from './lazy';
import { isPrivileged, type Role } from './roles';
import { optionalText, requiredText } from './validation';

export const VOTE_KINDS = ['poll', 'election'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];
export const VOTE_KIND_LABELS: Record<VoteKind, string> = { poll: 'Poll', election: 'Election' };

export const VOTE_STATES = ['upcoming', 'open', 'closed', 'cancelled'] as const;
export type VoteState = (typeof VOTE_STATES)[number];
export const VOTE_STATE_LABELS: Record<VoteState, string> = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed', cancelled: 'Cancelled' };

export const VOTE_EVENT_TYPES = ['created', 'edited', 'cancelled', 'opened', 'ballot_cast', 'ballot_replaced', 'closed', 'results_published'] as const;
export type VoteEventType = (typeof VOTE_EVENT_TYPES)[number];
export const VOTE_EVENT_LABELS: Record<VoteEventType, string> = {
  created: 'Created',
  edited: 'Edited',
  cancelled: 'Cancelled',
  opened: 'Opened',
  ballot_cast: 'Ballot cast',
  ballot_replaced: 'Ballot replaced',
  closed: 'Closed',
  results_published: 'Results published',
};

export const QUESTION_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const OPTION_MAX = 100;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 20;
/** Receipt codes: 10 characters of Crockford base32 (50 random bits). */
export const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECEIPT_LENGTH = 10;

/** "Nov 21, 2026, 3:00 PM" in the HOA's time zone: how every screen, notice and mail names a vote's times. */
export function formatVoteTime(at: number, timeZone: string, offsetOf: ZoneOffset = zoneOffset): string {
  return formatDateTime(at + offsetOf(timeZone, at), true);
}

export const VOTE_MESSAGES = {
  questionRequired: 'Question is required',
  questionTooLong: `Question must be at most ${QUESTION_MAX} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  kindInvalid: 'Kind is invalid',
  optionRequired: 'Every option needs its text',
  optionTooLong: `An option must be at most ${OPTION_MAX} characters`,
  optionsCount: `A vote has ${OPTIONS_MIN} to ${OPTIONS_MAX} options`,
  optionsDistinct: 'Options must differ',
  maxChoicesInvalid: 'Choose up to must be between 1 and the number of candidates',
  opensAtInvalid: 'Opens at must be a valid date and time',
  closesAtInvalid: 'Closes at must be a valid date and time',
  closesAfterOpens: 'Closes at must be after opens at',
  quorumInvalid: 'Quorum must be a whole percent from 0 to 100',
  choicesInvalid: 'Choose an option',
  tooManyChoices: (max: number) => `Choose at most ${max}`,
  boardOnly: 'Only board members can manage votes',
  notFound: 'Vote not found',
  idTaken: 'A vote with this id already exists',
  notEditable: 'This vote has opened: it can no longer be edited or cancelled.',
  closedForGood: 'This vote is closed: nobody can alter it.',
  cancelled: 'This vote was cancelled.',
  notOpenYet: 'This vote is not open yet.',
  notEligible: 'Your address may not vote on this.',
  /** The spec's words. */
  closedRefusal: (time: string) => `This vote closed at ${time}; your vote was not counted.`,
  offline: (time: string) => `You are offline: your vote is kept on this device and counts if it reaches us before the vote closes at ${time}.`,
  household: "Your household's vote",
  noReceipt: 'No ballot has this code',
  receiptReplaced: 'This ballot was replaced by a later one from the same household: the later one counts.',
  loadFailed: 'Failed to load votes',
  saved: 'Vote saved',
  created: 'Vote created',
  cancelledDone: 'Vote cancelled',
  cast: 'Your vote is recorded',
} as const;

/** The banner on the Announcements screen and the dashboard (the spec's words). */
export const openVoteBanner = (question: string, closes: string) => `A vote is open: ${question} — closes ${closes}. Vote now`;
/** "7 of 20 addresses voted". */
export const turnoutLabel = (voted: number, eligible: number) => `${voted} of ${eligible} addresses voted`;
/** The announcement of the results. */
export const resultsTitle = (question: string) => `Results: ${question}`;

interface VoteTimes {
  opensAt: number;
  closesAt: number;
  cancelledAt: number | null;
  closedAt: number | null;
}

/** The state at `now`: the times decide, a cancel or a close that was settled stays. */
export function voteStateAt(vote: VoteTimes, now: number): VoteState {
  if (vote.cancelledAt != null) return 'cancelled';
  if (vote.closedAt != null || now >= vote.closesAt) return 'closed';
  return now < vote.opensAt ? 'upcoming' : 'open';
}

/** Whether `voted` of `eligible` addresses reach a quorum of `quorumPercent`. */
export const quorumReached = (voted: number, eligible: number, quorumPercent: number) => voted * 100 >= quorumPercent * eligible;

export const votePolicy = {
  /** Board and superadmin create, edit and cancel votes and read the log. */
  mayManage: (role: Role) => isPrivileged(role),
  /** Editable and cancellable while not yet open. */
  isEditable: (vote: VoteTimes, now: number) => voteStateAt(vote, now) === 'upcoming',
  /**
   * Why a ballot cast at `now` is refused, or null. `formatTime` names the closing time in the HOA's
   * zone (the refusal of a late ballot names it).
   */
  castRefusal(vote: VoteTimes, now: number, formatTime: (at: number) => string): string | null {
    const state = voteStateAt(vote, now);
    if (state === 'cancelled') return VOTE_MESSAGES.cancelled;
    if (state === 'closed') return VOTE_MESSAGES.closedRefusal(formatTime(vote.closesAt));
    if (state === 'upcoming') return VOTE_MESSAGES.notOpenYet;
    return null;
  },
  /** Counts per option are shown live only when the board chose so; otherwise once the vote is closed. */
  resultsVisible: (vote: { resultsLive: boolean; closedAt: number | null }) => vote.resultsLive || vote.closedAt != null,
  /** Residents of a rented address are left out unless the board included renters. */
  addressEligible: (address: { isRented: boolean; residents: number }, includeRenters: boolean) => address.residents > 0 && (!address.isRented || includeRenters),
  /** The choices a ballot may hold: a poll one option, an election up to `maxChoices` distinct candidates. */
  choicesRefusal(vote: { kind: VoteKind; maxChoices: number; options: readonly string[] }, choices: readonly number[]): string | null {
    if (choices.length === 0 || new Set(choices).size !== choices.length || choices.some((c) => !Number.isInteger(c) || c < 0 || c >= vote.options.length)) return VOTE_MESSAGES.choicesInvalid;
    const max = vote.kind === 'poll' ? 1 : vote.maxChoices;
    return choices.length > max ? VOTE_MESSAGES.tooManyChoices(max) : null;
  },
  /** What this viewer may do with this vote now (the screens' controls). */
  actionsFor(vote: VoteTimes & { mayVote: boolean }, role: Role, now: number) {
    const manage = votePolicy.mayManage(role) && votePolicy.isEditable(vote, now);
    return { edit: manage, cancel: manage, vote: vote.mayVote && voteStateAt(vote, now) === 'open' };
  },
};

/** The labels of a ballot's choices, in the options' order. */
export const choiceLabels = (options: readonly string[], choices: readonly number[]) => [...choices].sort((a, b) => a - b).map((c) => options[c] ?? '?');

// ------------------------------------------------------------------ form and body schemas

const timeField = (message: string) =>
  z.union([z.number({ error: message }).int(message).nonnegative(message), z.iso.datetime({ offset: true, error: message }).transform((s) => Date.parse(s))], { error: message });

/** `POST /api/votes`, `PUT /api/votes/:id` and the createVote / updateVote mutators (snake_case, as on the wire). */
export const voteFields = lazy(() => ({
  question: requiredText({ required: VOTE_MESSAGES.questionRequired, tooLong: VOTE_MESSAGES.questionTooLong }, QUESTION_MAX),
  description: optionalText(VOTE_MESSAGES.descriptionTooLong, DESCRIPTION_MAX).transform((v) => v ?? null),
  kind: z.enum(VOTE_KINDS, { error: VOTE_MESSAGES.kindInvalid }),
  options: z
    .array(z.string({ error: VOTE_MESSAGES.optionRequired }).trim().min(1, VOTE_MESSAGES.optionRequired).max(OPTION_MAX, VOTE_MESSAGES.optionTooLong), { error: VOTE_MESSAGES.optionsCount })
    .min(OPTIONS_MIN, VOTE_MESSAGES.optionsCount)
    .max(OPTIONS_MAX, VOTE_MESSAGES.optionsCount)
    .refine((o) => new Set(o.map((s) => s.toLowerCase())).size === o.length, VOTE_MESSAGES.optionsDistinct),
  /** Elections: how many candidates a ballot may choose (a poll: one). */
  max_choices: z.number({ error: VOTE_MESSAGES.maxChoicesInvalid }).int(VOTE_MESSAGES.maxChoicesInvalid).min(1, VOTE_MESSAGES.maxChoicesInvalid).default(1),
  include_renters: z.boolean().default(false),
  opens_at: timeField(VOTE_MESSAGES.opensAtInvalid),
  closes_at: timeField(VOTE_MESSAGES.closesAtInvalid),
  quorum_percent: z.number({ error: VOTE_MESSAGES.quorumInvalid }).int(VOTE_MESSAGES.quorumInvalid).min(0, VOTE_MESSAGES.quorumInvalid).max(100, VOTE_MESSAGES.quorumInvalid),
  secret: z.boolean().default(true),
  results_live: z.boolean().default(false),
}));

/** The cross-field rules: closes after opens; an election chooses up to its number of candidates. */
export function voteRules(v: { kind: VoteKind; options: string[]; max_choices: number; opens_at: number; closes_at: number }, ctx: z.RefinementCtx) {
  if (v.closes_at <= v.opens_at) ctx.addIssue({ code: 'custom', message: VOTE_MESSAGES.closesAfterOpens, path: ['closes_at'] });
  if (v.kind === 'election' && v.max_choices > v.options.length) ctx.addIssue({ code: 'custom', message: VOTE_MESSAGES.maxChoicesInvalid, path: ['max_choices'] });
}
export const voteFormSchema = lazy(() =>
  z
    .object(voteFields)
    .superRefine(voteRules)
    .transform((v) => ({ ...v, max_choices: v.kind === 'poll' ? 1 : v.max_choices })),
);
export type VoteFormInput = z.input<typeof voteFormSchema>;
export type VoteForm = z.output<typeof voteFormSchema>;

/** A vote's stored fields (the table's columns, the synced value's fields) from the form's; a poll chooses one. */
export const voteColumnsOf = (f: Omit<VoteForm, 'description'> & { description: string | null }) => ({
  question: f.question,
  description: f.description,
  kind: f.kind,
  options: f.options,
  maxChoices: f.kind === 'poll' ? 1 : f.max_choices,
  includeRenters: f.include_renters,
  opensAt: f.opens_at,
  closesAt: f.closes_at,
  quorumPercent: f.quorum_percent,
  secret: f.secret,
  resultsLive: f.results_live,
});

/** `POST /api/votes/:id/ballots` and the castVote mutator: the chosen option numbers (0 is the first option). */
export const ballotFields = lazy(() => ({
  choices: z.array(z.number().int().min(0).max(OPTIONS_MAX - 1), { error: VOTE_MESSAGES.choicesInvalid }).min(1, VOTE_MESSAGES.choicesInvalid).max(OPTIONS_MAX, VOTE_MESSAGES.choicesInvalid),
}));
export const ballotSchema = lazy(() => z.object(ballotFields));

/** A receipt code as typed: spaces and dashes dropped, upper case, the look-alikes read as base32 does. */
export const normalizeReceipt = (code: string) => code.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');

// ------------------------------------------------------------------ results (client and server alike)

export interface VoteTally {
  eligible: number;
  voted: number;
  quorumReached: boolean;
}

/** The results announcement's text: counts per option, turnout and whether the quorum was reached. */
export function resultsText(v: { options: readonly string[]; counts: readonly number[]; eligible: number; voted: number; quorumPercent: number }): string[] {
  const reached = quorumReached(v.voted, v.eligible, v.quorumPercent);
  return [
    ...v.options.map((o, i) => `${o}: ${v.counts[i] ?? 0} ${(v.counts[i] ?? 0) === 1 ? 'vote' : 'votes'}`),
    `Turnout: ${turnoutLabel(v.voted, v.eligible)}.`,
    `Quorum of ${v.quorumPercent}%: ${reached ? 'reached' : 'not reached'}.`,
  ];
}
