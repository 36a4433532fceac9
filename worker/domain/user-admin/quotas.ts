/**
 * What one HOA may ask of user management (docs/decisions/179-per-hoa-people-limits.md): attempts per
 * HOA (429 with the app's message and Retry-After), invitation mail per HOA per day (refused up front,
 * nothing half sent), and the plan's units (`max_units`: the addresses of the directory).
 * Invite, bulk add and resend call these; the users REST routes are the only way to them (users are
 * not synced, so no push mutator invites).
 */
import { AUTH_MESSAGES } from '../../../schema/auth';
import { planDisplayName, PLANS, type Plan } from '../../../schema/signup';
import { USER_MESSAGES } from '../../../schema/users';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { countIn, hit, type RateRule } from '../../services/rate-limit';
import type { Actor } from '../actor';
import { forbidden, tooManyRequests } from '../errors';
import { addressCount, subscriptionOf } from '../subscriptions/view';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const PEOPLE_RATE_LIMITS = {
  /** Invitations and resends, per HOA (a board typing them one by one makes a few a minute). */
  invitesPerHoa: { name: 'invite:hoa', limit: 60, windowMs: 15 * MINUTE },
  /** Bulk files, per HOA (a board fixing a file uploads it again a few times). */
  bulkPerHoa: { name: 'bulk:hoa', limit: 20, windowMs: HOUR },
} satisfies Record<string, RateRule>;

/** Invitation mails per HOA per day: a trial's at most this many (its plan's units when fewer). */
export const TRIAL_INVITATIONS_PER_DAY = 100;
/** A paying HOA's: two people per unit of its plan; the free plan (unlimited units, testing) this many. */
export const FREE_PLAN_INVITATIONS_PER_DAY = 1000;
const INVITATION_MAIL = (limit: number): RateRule => ({ name: 'invite-mail:hoa', limit, windowMs: DAY });

/** The statuses of a subscription someone pays for; anything else (a trial, an unfinished signup) is held to the trial's budget. */
const PAYING = new Set(['active', 'past_due']);

/** The plan's units; null: unlimited (the free plan) or no plan. */
const maxUnitsOf = (plan: string | undefined) => (PLANS as Record<string, Plan | undefined>)[plan ?? '']?.max_units ?? null;

export function invitationsPerDay(subscription: { plan: string; status: string } | undefined): number {
  const maxUnits = maxUnitsOf(subscription?.plan);
  if (subscription && PAYING.has(subscription.status)) return maxUnits == null ? FREE_PLAN_INVITATIONS_PER_DAY : 2 * maxUnits;
  return Math.min(maxUnits ?? TRIAL_INVITATIONS_PER_DAY, TRIAL_INVITATIONS_PER_DAY);
}

/** Counts an invite (or resend) attempt of the actor's HOA before its transaction: refused attempts count too. */
export const countInviteAttempt = (deps: AppDeps, actor: Actor) => countAttempt(deps, actor, PEOPLE_RATE_LIMITS.invitesPerHoa);
export const countBulkAttempt = (deps: AppDeps, actor: Actor) => countAttempt(deps, actor, PEOPLE_RATE_LIMITS.bulkPerHoa);
const countAttempt = (deps: AppDeps, actor: Actor, rule: RateRule) => hit(deps.database, rule, actor.hoaId, deps.clock(), AUTH_MESSAGES.tooManyAttempts);

/**
 * What the plan allows the HOA now: `checkUnits` refuses (403) when the directory would outgrow the
 * plan's units after `adding` new addresses; `spendInvitations` takes `sending` mails from the day's
 * budget inside the action's transaction (so a refused or rolled-back action spends nothing) and
 * refuses (429) when they do not all fit.
 */
export async function planQuotas(deps: AppDeps, tx: Tx, hoaId: string) {
  const subscription = await subscriptionOf(tx, hoaId);
  const maxUnits = maxUnitsOf(subscription?.plan);
  return {
    async checkUnits(adding: number): Promise<void> {
      if (maxUnits == null || !subscription) return;
      const units = (await addressCount(tx, hoaId)) + adding;
      if (units > maxUnits) throw forbidden(USER_MESSAGES.unitLimit(planDisplayName(subscription.plan), maxUnits, units, adding));
    },
    async spendInvitations(sending: number): Promise<void> {
      if (sending === 0) return;
      const now = deps.clock();
      const rule = INVITATION_MAIL(invitationsPerDay(subscription));
      const { count, windowStart } = await countIn(tx, rule, hoaId, now, sending);
      if (count <= rule.limit) return;
      const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
      const left = Math.max(0, rule.limit - (count - sending));
      throw tooManyRequests(USER_MESSAGES.invitationsPerDay(rule.limit, left, sending, Math.max(1, Math.round(retryAfter / 3600))), retryAfter);
    },
  };
}
