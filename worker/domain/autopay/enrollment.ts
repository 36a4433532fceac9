/**
 * A resident's autopay as REST reads and writes it: their saved methods, their one enrollment
 * (changed in place: method, day, pause, resume, stop; never enrolled twice), what it will charge
 * next and what it charged. The board reads a resident's (collections), never changes it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { isoDay } from '../../../schema/money';
import { isPrivileged } from '../../../schema/roles';
import { AUTOPAY_MESSAGES, autopayPolicy, type ApiAutopay, type AutopayBody } from '../../../schema/autopay';
import { autopayEnrollments, users } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordActivity } from '../activity';
import { forbidden, invalidField, notFound } from '../errors';
import { recentAttempts, upcomingCharges } from './charge';
import { activeMethods, chargingAccount, finishMethodSetup, ownMethod } from './methods';

const iso = (ms: number) => new Date(ms).toISOString();

/** The resident whose autopay is asked for: the caller, or (the board) a member of its HOA; 404 otherwise. */
async function residentOf(db: DbOrTx, actor: Actor, userId: string | undefined): Promise<string> {
  const id = userId ?? actor.userId;
  if (!autopayPolicy.mayRead(actor, id)) throw notFound(AUTOPAY_MESSAGES.residentNotFound);
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.hoaId, actor.hoaId), isNull(users.deletedAt))).limit(1);
  if (!user) throw notFound(AUTOPAY_MESSAGES.residentNotFound);
  return user.id;
}

async function enrollmentOf(db: DbOrTx, hoaId: string, userId: string) {
  const [row] = await db.select().from(autopayEnrollments).where(and(eq(autopayEnrollments.hoaId, hoaId), eq(autopayEnrollments.userId, userId))).limit(1);
  return row ?? null;
}

/**
 * `GET /api/autopay` (?user_id= for the board; ?setup=<session> on the setup page's return, which
 * records the method the resident just saved).
 */
export async function getAutopay(deps: AppDeps, actor: Actor, query: { user_id?: string; setup?: string }): Promise<ApiAutopay> {
  const db = deps.database.db;
  const userId = await residentOf(db, actor, query.user_id);
  if (query.setup && autopayPolicy.mayChange(actor, userId)) await finishMethodSetup(deps, actor, query.setup);
  const [methods, enrollment, attempts, account] = await Promise.all([activeMethods(db, actor.hoaId, userId), enrollmentOf(db, actor.hoaId, userId), recentAttempts(db, actor.hoaId, userId), chargingAccount(db, actor.hoaId)]);
  const upcoming = enrollment && autopayPolicy.charges(enrollment.status) ? await upcomingCharges(db, enrollment) : [];
  return {
    user_id: userId,
    methods: methods.map((m) => ({ _id: m.id, kind: m.kind, label: m.label, last4: m.last4, exp_month: m.expMonth, exp_year: m.expYear, created_at: iso(m.createdAt) })),
    enrollment: enrollment && { method_id: enrollment.methodId, timing: enrollment.timing, status: enrollment.status, updated_at: iso(enrollment.updatedAt) },
    upcoming: upcoming.map((c) => ({ invoice_id: c.invoice.id, title: c.invoice.title, amount_cents: c.invoice.amountCents + c.invoice.lateFeeCents, charge_on: isoDay(c.on), attempt: c.attempt })),
    attempts: attempts.map((a) => ({ _id: a.id, invoice_id: a.invoiceId, attempt: a.attempt, amount_cents: a.amountCents, status: a.status, failure_reason: a.failureReason, created_at: iso(a.createdAt) })),
    payments_ready: account != null,
  };
}

/**
 * `PUT /api/autopay` {method_id?, timing?, status?}: the one enrollment, created by the first call
 * (which names a method) and changed in place after. `user_id` naming someone else: 403 (the board
 * reads, never changes), 404 for nobody of the HOA.
 */
export async function setAutopay(deps: AppDeps, actor: Actor, body: AutopayBody, userId?: string): Promise<ApiAutopay> {
  const db = deps.database.db;
  if (userId && userId !== actor.userId) {
    await residentOf(db, actor, userId);
    throw forbidden(AUTOPAY_MESSAGES.ownOnly);
  }
  if (body.method_id) await ownMethod(db, actor, body.method_id).catch(() => {
    throw invalidField('method_id', AUTOPAY_MESSAGES.methodNotFound);
  });
  const now = deps.clock();
  await deps.database.transaction(async (tx) => {
    const current = await enrollmentOf(tx, actor.hoaId, actor.userId);
    if (!current) {
      if (!body.method_id) throw invalidField('method_id', AUTOPAY_MESSAGES.chooseMethod);
      await tx.insert(autopayEnrollments).values({ hoaId: actor.hoaId, userId: actor.userId, methodId: body.method_id, timing: body.timing ?? 'due_date', status: body.status ?? 'active', createdAt: now, updatedAt: now });
      if (isPrivileged(actor.role)) await recordAutopay(deps, tx, actor, 'Turned on autopay', null, { timing: body.timing ?? 'due_date', status: body.status ?? 'active' });
      return;
    }
    const change = { ...(body.method_id ? { methodId: body.method_id } : {}), ...(body.timing ? { timing: body.timing } : {}), ...(body.status ? { status: body.status } : {}) };
    await tx.update(autopayEnrollments).set({ ...change, updatedAt: now }).where(and(eq(autopayEnrollments.hoaId, actor.hoaId), eq(autopayEnrollments.userId, actor.userId)));
    if (isPrivileged(actor.role)) await recordAutopay(deps, tx, actor, 'Changed autopay', { method_id: current.methodId, timing: current.timing, status: current.status }, change);
  });
  return getAutopay(deps, actor, {});
}

/** A board member's or the superadmin's own autopay, on the trail (residents' are theirs alone). */
async function recordAutopay(deps: AppDeps, tx: Tx, actor: Actor, summary: string, before: Record<string, unknown> | null, after: Record<string, unknown>): Promise<void> {
  await recordActivity(deps, tx, actor, { action: 'autopay.changed', summary, entity: 'autopay', entityId: actor.userId, before, after });
}
