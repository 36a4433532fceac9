/**
 * What an agenda item may link, server half: for each kind of `MEETING_LINK_KINDS`, how the linked
 * row is found in the HOA (its label, or null for none) and what a carried motion does to it, through
 * the owning area's own domain function in the motion's transaction. A new kind is one entry here.
 */
import { and, eq } from 'drizzle-orm';
import { formatDay } from '../../../schema/days';
import type { MeetingLinkKind } from '../../../schema/meetings';
import { architecturalApplications as applications, meetings, requests, violations } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { decideApplicationByMotion } from '../applications';
import { setRequestStatus } from '../requests';
import { setViolationStatus } from '../violations';
import { approveMinutes } from './minutes';

interface LinkAction {
  /** The linked row's label when it is a row of the actor's HOA, or null. */
  find(tx: Tx, actor: Actor, id: string): Promise<string | null>;
  /** What a carried motion does to it. */
  apply(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<unknown>;
}

const titleOf = async (tx: Tx, table: typeof requests | typeof violations, actor: Actor, id: string) => {
  const [row] = await tx.select({ title: table.title }).from(table).where(and(eq(table.hoaId, actor.hoaId), eq(table.id, id))).limit(1);
  return row?.title ?? null;
};

export const LINK_ACTIONS: Record<MeetingLinkKind, LinkAction> = {
  request: {
    find: (tx, actor, id) => titleOf(tx, requests, actor, id),
    apply: (deps, tx, actor, id) => setRequestStatus(deps, tx, actor, id, 'closed'),
  },
  violation: {
    find: (tx, actor, id) => titleOf(tx, violations, actor, id),
    apply: (deps, tx, actor, id) => setViolationStatus(deps, tx, actor, id, { status: 'dismissed', resolution_notes: null }),
  },
  application: {
    // An application is its Modification request's row beside it (the same id): the request's title names it.
    async find(tx, actor, id) {
      const [a] = await tx.select({ id: applications.id }).from(applications).where(and(eq(applications.hoaId, actor.hoaId), eq(applications.id, id))).limit(1);
      return a ? titleOf(tx, requests, actor, id) : null;
    },
    apply: (deps, tx, actor, id) => decideApplicationByMotion(deps, tx, actor, id, 'approved'),
  },
  minutes: {
    async find(tx, actor, id) {
      const [m] = await tx.select({ title: meetings.title, date: meetings.date }).from(meetings).where(and(eq(meetings.hoaId, actor.hoaId), eq(meetings.id, id))).limit(1);
      return m ? `${m.title} — ${formatDay(m.date)}` : null;
    },
    apply: (deps, tx, actor, id) => approveMinutes(deps, tx, actor, id),
  },
};
