/**
 * Casting a ballot and checking a receipt. One ballot per address: a resident of an eligible address
 * casts it while the vote is open, and the latest cast by any resident of the address replaces the
 * one before (which keeps its receipt, marked replaced). A ballot that reaches the server after the
 * closing time is refused (409) with the time it closed; the push turns that into the voter's notice.
 * Every cast gets a new receipt code, mailed to whoever cast it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { users, voteBallots, voteEligible } from '../../../schema/tables';
import { choiceLabels, formatVoteTime, RECEIPT_ALPHABET, RECEIPT_LENGTH, VOTE_MESSAGES, votePolicy } from '../../../schema/votes';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { voteReceiptEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField, notFound } from '../errors';
import { hoaTimeZone } from '../hoa-days';
import { recordVoteEvent } from './events';
import { getVisibleVote } from './manage';
import { openIfDue } from './opening';
import { ballotRows, voteIs, voteRows } from './sync';
import { hoaNameOf } from '../hoa-name';

/** 10 characters of Crockford base32: 50 random bits (256 is a multiple of 32, so no bias). */
export function newReceiptCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECEIPT_LENGTH));
  return Array.from(bytes, (b) => RECEIPT_ALPHABET[b % 32]).join('');
}

export interface CastReceipt {
  ballotId: string;
  code: string;
  choices: string[];
  replaced: boolean;
}

export async function castBallot(deps: AppDeps, tx: Tx, actor: Actor, voteId: string, input: { choices: number[]; id?: string }): Promise<CastReceipt> {
  let vote = await getVisibleVote(tx, actor, voteId);
  vote = (await openIfDue(deps, tx, vote)) ?? vote;
  const now = deps.clock();
  const zone = await hoaTimeZone(tx, vote.hoaId);
  const refusal = votePolicy.castRefusal(vote, now, (at) => formatVoteTime(at, zone));
  if (refusal) throw conflict(refusal);
  const [me] = await tx
    .select({ addressId: users.addressId, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.hoaId, actor.hoaId), eq(users.status, 'active')))
    .limit(1);
  const [eligible] = me?.addressId
    ? await tx.select({ addressId: voteEligible.addressId }).from(voteEligible).where(and(eq(voteEligible.voteId, vote.id), eq(voteEligible.addressId, me.addressId))).limit(1)
    : [];
  if (!me || !eligible) throw forbidden(VOTE_MESSAGES.notEligible);
  const choiceRefusal = votePolicy.choicesRefusal(vote, input.choices);
  if (choiceRefusal) throw invalidField('choices', choiceRefusal);

  const id = input.id ?? newId();
  if (input.id) {
    const [taken] = await tx.select({ id: voteBallots.id }).from(voteBallots).where(eq(voteBallots.id, id)).limit(1);
    if (taken) throw conflict(VOTE_MESSAGES.idTaken);
  }
  const previous = await ballotRows.update(deps, tx, and(eq(voteBallots.hoaId, vote.hoaId), eq(voteBallots.voteId, vote.id), eq(voteBallots.addressId, eligible.addressId), isNull(voteBallots.replacedAt))!, { replacedAt: now });
  let code = newReceiptCode();
  while ((await tx.select({ id: voteBallots.id }).from(voteBallots).where(eq(voteBallots.code, code)).limit(1)).length > 0) code = newReceiptCode();
  const choices = [...input.choices].sort((a, b) => a - b);
  await ballotRows.insert(deps, tx, { id, hoaId: vote.hoaId, voteId: vote.id, addressId: eligible.addressId, choices, castBy: actor.userId, castAt: now, code });
  // The tally every member sees (addresses voted, counts when shown) changed.
  await voteRows.touch(deps, tx, voteIs(vote.hoaId, vote.id));
  const replaced = previous.length > 0;
  await recordVoteEvent(deps, tx, {
    hoaId: vote.hoaId,
    voteId: vote.id,
    type: replaced ? 'ballot_replaced' : 'ballot_cast',
    actorId: actor.userId,
    // A secret ballot's log says who cast, never the choice.
    detail: vote.secret ? null : { address_id: eligible.addressId, choices: choiceLabels(vote.options, choices) },
  });
  const labels = choiceLabels(vote.options, choices);
  const hoaName = await hoaNameOf(tx, vote.hoaId);
  await queueEmail(deps, tx, {
    hoaId: vote.hoaId,
    to: me.email,
    toUserId: actor.userId,
    ref: `vote:${vote.id}`,
    ...voteReceiptEmail({ hoaName: hoaName, name: me.name, question: vote.question, code, choices: labels, castAt: formatVoteTime(now, zone), url: `${deps.config.appUrl}/votes/${vote.id}` }),
  });
  deps.database.afterCommit(() => deps.onEmailQueued?.());
  return { ballotId: id, code, choices: labels, replaced };
}

export interface ApiReceipt {
  code: string;
  vote_id: string;
  choices: string[];
  cast_at: string;
  /** False once a later ballot of the same household replaced it. */
  counted: boolean;
}

/** `GET /api/votes/:id/receipts/:code`: the choice recorded under a code (any member of the HOA), never who cast it. */
export async function checkReceipt(db: DbOrTx, actor: Actor, voteId: string, code: string): Promise<ApiReceipt> {
  const vote = await getVisibleVote(db, actor, voteId);
  const [ballot] = await db
    .select({ code: voteBallots.code, choices: voteBallots.choices, castAt: voteBallots.castAt, replacedAt: voteBallots.replacedAt })
    .from(voteBallots)
    .where(and(eq(voteBallots.hoaId, vote.hoaId), eq(voteBallots.voteId, vote.id), eq(voteBallots.code, code)))
    .limit(1);
  if (!ballot) throw notFound(VOTE_MESSAGES.noReceipt);
  return { code: ballot.code, vote_id: vote.id, choices: choiceLabels(vote.options, ballot.choices), cast_at: new Date(ballot.castAt).toISOString(), counted: ballot.replacedAt == null };
}
