import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, ledgerLines, users, violations } from '../../schema/tables';
import { DEFAULT_FINE_SCHEDULE, FINE_MESSAGES } from '../../schema/violation-fines';
import { VIOLATION_CATEGORIES } from '../../schema/violations';
import { postRepeatingFines, violationRef } from '../../worker/domain/violations';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { DAY } from '../helpers/money';

describe('violation fines, letters and hearings API', () => {
  let t: TestApp;
  let rita: string, ben: string, olivia: string, cedarBoard: string;
  let ritaId: string;
  const userId = async (email: string) => (await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const day = (days: number) => new Date(t.clock() + days * DAY).toISOString().slice(0, 10);
  const finesOf = async (violationId: string) =>
    t.deps.database.db
      .select({ kind: ledgerLines.kind, amount: ledgerLines.amountCents, sourceKey: ledgerLines.sourceKey, reason: ledgerLines.reason, userId: ledgerLines.userId })
      .from(ledgerLines)
      .where(eq(ledgerLines.violationId, violationId))
      .orderBy(ledgerLines.occurredAt, desc(ledgerLines.amountCents));
  const mailOf = async (id: string) =>
    t.deps.database.db.select({ to: emailOutbox.toEmail, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.ref, violationRef(id))).orderBy(emailOutbox.createdAt);

  async function setup() {
    t = await createTestApp();
    [rita, ben, olivia, cedarBoard] = (await Promise.all([DEMO.maple.resident, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.board].map((e) => login(t, e)))).map((s) => s.token);
    ritaId = await userId(DEMO.maple.resident);
    // The demo's fined cases repeat too once the clock moves: set aside, so the job's counts are this test's cases.
    await t.write((tx) => tx.update(violations).set({ nextFineAt: null }));
  }
  afterEach(() => t?.close());
  /** Moves the test clock past sessions' lifetime: everyone signs in again. */
  async function later(ms: number) {
    t.clock.advance(ms);
    [rita, ben] = (await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => login(t, e)))).map((s) => s.token);
  }

  async function issue(category = 'Parking', token = ben, userIdOf = ritaId) {
    const body = { user_id: userIdOf, category, title: 'Boat in the driveway', message: '<p>Please move the boat.</p>', due_date: day(7), photo_url: null };
    const r = await call(t, 'POST', '/api/violations', { token, body });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json._id as string;
  }
  const advance = (id: string, body: Record<string, unknown> = {}, token = ben) => call(t, 'POST', `/api/violations/${id}/advance`, { token, body });
  const schedule = (over: Record<string, unknown> = {}) => ({ category: 'Parking', courtesy_notice: true, warning: true, fine_cents: 5_000, repeat_days: 14, cap_cents: 50_000, cure_days: 14, ...over });

  it('lists every category’s schedule with the defaults, saves one with validation; residents are refused', async () => {
    await setup();
    const list = await call(t, 'GET', '/api/violations/fine-schedules', { token: ben });
    expect(list.status).toBe(200);
    expect(list.json.map((s: { category: string }) => s.category)).toEqual([...VIOLATION_CATEGORIES]);
    expect(list.json.find((s: { category: string }) => s.category === 'Parking')).toEqual({ category: 'Parking', courtesy_notice: true, warning: true, fine_cents: 5_000, repeat_days: 14, cap_cents: 50_000, cure_days: 14, is_default: true });
    expect(DEFAULT_FINE_SCHEDULE.fineCents).toBe(5_000);

    const saved = await call(t, 'PUT', '/api/violations/fine-schedules', { token: olivia, body: schedule({ courtesy_notice: false, fine_cents: 7_500, cap_cents: 15_000 }) });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ category: 'Parking', courtesy_notice: false, fine_cents: 7_500, is_default: false });
    const again = await call(t, 'GET', '/api/violations/fine-schedules', { token: ben });
    expect(again.json.find((s: { category: string }) => s.category === 'Parking')).toMatchObject({ fine_cents: 7_500, is_default: false });
    // Another HOA keeps its own (the demo's Cedar Park has saved $100 for Parking).
    const cedar = await call(t, 'GET', '/api/violations/fine-schedules', { token: cedarBoard });
    expect(cedar.json.find((s: { category: string }) => s.category === 'Parking')).toMatchObject({ fine_cents: 10_000, is_default: false });

    const errorsOf = async (body: unknown) => (await call(t, 'PUT', '/api/violations/fine-schedules', { token: ben, body })).json.errors;
    expect(await errorsOf(schedule({ cap_cents: 1_000 }))).toEqual([{ path: 'cap_cents', msg: FINE_MESSAGES.capBelowFine }]);
    expect(await errorsOf(schedule({ fine_cents: -1 }))).toEqual([{ path: 'fine_cents', msg: FINE_MESSAGES.amountInvalid }]);
    expect(await errorsOf(schedule({ cure_days: 0 }))).toEqual([{ path: 'cure_days', msg: FINE_MESSAGES.cureDaysInvalid }]);
    expect(await errorsOf(schedule({ category: 'Boats' }))).toEqual([{ path: 'category', msg: FINE_MESSAGES.categoryInvalid }]);

    expect((await call(t, 'GET', '/api/violations/fine-schedules', { token: rita })).status).toBe(403);
    expect((await call(t, 'PUT', '/api/violations/fine-schedules', { token: rita, body: schedule() })).status).toBe(403);
  });

  it('advances courtesy → warning → fine: a letter each with its cure date, mailed; the fine posts to the ledger as its own line and repeats', async () => {
    await setup();
    const id = await issue();
    const today = Date.parse(`${day(0)}T00:00:00Z`);

    const courtesy = await advance(id, { from: 'reported' });
    expect(courtesy.status, JSON.stringify(courtesy.json)).toBe(200);
    expect(courtesy.json).toMatchObject({ stage: 'courtesy', cure_by: new Date(today + 14 * DAY).toISOString(), fined_cents: 0, next_fine_at: null });
    expect(courtesy.json.letters).toMatchObject([{ stage: 'courtesy', fine_cents: 0 }]);

    expect((await advance(id)).json.stage).toBe('warning');
    const fined = await advance(id);
    expect(fined.json).toMatchObject({ stage: 'fined', fined_cents: 5_000, next_fine_at: new Date(t.clock() + 14 * DAY).toISOString() });
    expect(fined.json.letters.map((l: { stage: string; fine_cents: number }) => [l.stage, l.fine_cents])).toEqual([['courtesy', 0], ['warning', 0], ['fined', 5_000]]);
    expect(fined.json.history.map((h: { action: string }) => h.action)).toEqual(['Violation issued', 'Courtesy notice letter sent', 'Warning letter sent', 'Fined letter sent', 'Fine of $50.00 posted']);
    expect(await finesOf(id)).toEqual([{ kind: 'fine', amount: 5_000, sourceKey: `fine:${id}:1`, reason: null, userId: ritaId }]);

    const mail = await mailOf(id);
    expect(mail.map((m) => m.subject)).toEqual(['Compliance notice: Boat in the driveway', 'Courtesy notice: Boat in the driveway', 'Warning: Boat in the driveway', 'Fine of $50.00: Boat in the driveway']);
    expect(mail[3].text).toContain(`/violations/${id}/letters/${fined.json.letters[2]._id}`);

    // The last stage: nothing further to advance to; a stale `from` is refused rather than advancing twice.
    expect(await advance(id)).toMatchObject({ status: 409, json: { message: FINE_MESSAGES.lastStage } });
    expect(await advance(id, { from: 'warning' })).toMatchObject({ status: 409, json: { message: FINE_MESSAGES.stageMoved } });
  });

  it('skips the stages a schedule leaves out, and caps the fine', async () => {
    await setup();
    await call(t, 'PUT', '/api/violations/fine-schedules', { token: ben, body: schedule({ category: 'Noise', courtesy_notice: false, warning: false, fine_cents: 10_000, repeat_days: 7, cap_cents: 25_000 }) });
    const id = await issue('Noise');
    const first = await advance(id);
    expect(first.json).toMatchObject({ stage: 'fined', fined_cents: 10_000 });

    // The repeating fine: due after 7 days, a rerun posts nothing more; the third is cut to the cap and ends the repeats.
    expect(await postRepeatingFines(t.deps)).toBe(0);
    t.clock.advance(7 * DAY);
    expect(await postRepeatingFines(t.deps)).toBe(1);
    expect(await postRepeatingFines(t.deps)).toBe(0);
    t.clock.advance(7 * DAY);
    expect(await postRepeatingFines(t.deps)).toBe(1);
    await later(30 * DAY);
    expect(await postRepeatingFines(t.deps)).toBe(0);
    expect((await finesOf(id)).map((l) => [l.sourceKey, l.amount])).toEqual([[`fine:${id}:1`, 10_000], [`fine:${id}:2`, 10_000], [`fine:${id}:3`, 5_000]]);
    const v = await call(t, 'GET', `/api/violations/${id}`, { token: rita });
    expect(v.json).toMatchObject({ fined_cents: 25_000, next_fine_at: null });
    expect(v.json.letters.map((l: { fine_cents: number }) => l.fine_cents)).toEqual([10_000, 10_000, 5_000]);
  });

  it('resolving or dismissing a case stops the repeating fine; a closed case is not advanced', async () => {
    await setup();
    await call(t, 'PUT', '/api/violations/fine-schedules', { token: ben, body: schedule({ courtesy_notice: false, warning: false }) });
    const id = await issue();
    await advance(id);
    expect((await call(t, 'PUT', `/api/violations/${id}/status`, { token: ben, body: { status: 'resolved' } })).json.next_fine_at).toBeNull();
    await later(30 * DAY);
    expect(await postRepeatingFines(t.deps)).toBe(0);
    expect(await finesOf(id)).toHaveLength(1);
    expect(await advance(id)).toMatchObject({ status: 409, json: { message: FINE_MESSAGES.closed } });
  });

  it('refuses residents, and answers 404 for another HOA’s case', async () => {
    await setup();
    const id = await issue();
    expect((await advance(id, {}, rita)).status).toBe(403);
    const cedarResident = await userId(DEMO.cedar.resident);
    const cedarId = await issue('Parking', cedarBoard, cedarResident);
    expect((await advance(cedarId)).status).toBe(404);
    expect((await call(t, 'PUT', `/api/violations/${cedarId}/hearing`, { token: ben, body: { scheduled_for: new Date(t.clock() + DAY).toISOString() } })).status).toBe(404);
    expect((await call(t, 'POST', `/api/violations/${cedarId}/hearing`, { token: rita, body: { note: 'Not mine' } })).status).toBe(404);
    expect((await call(t, 'POST', `/api/violations/${id}/hearing`, { token: ben, body: { note: 'Board asks' } })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: rita, body: { decision: 'dismissed', reason: 'I say so' } })).status).toBe(403);
  });

  it('a hearing: asked once by the resident, scheduled, dismissed with a reason: the case is dismissed and its fines credited back', async () => {
    await setup();
    const id = await issue();
    await advance(id);
    await advance(id);
    await advance(id);
    expect((await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { scheduled_for: new Date(t.clock() + DAY).toISOString() } })).json.message).toBe(FINE_MESSAGES.noHearing);

    const noteErrors = (await call(t, 'POST', `/api/violations/${id}/hearing`, { token: rita, body: { note: '  ' } })).json.errors;
    expect(noteErrors).toEqual([{ path: 'note', msg: FINE_MESSAGES.noteRequired }]);
    const asked = await call(t, 'POST', `/api/violations/${id}/hearing`, { token: rita, body: { note: 'The boat was moved the same day.' } });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    expect(asked.json.hearing).toMatchObject({ note: 'The boat was moved the same day.', scheduled_for: null, decision: null });
    expect(await call(t, 'POST', `/api/violations/${id}/hearing`, { token: rita, body: { note: 'Again' } })).toMatchObject({ status: 409, json: { message: FINE_MESSAGES.hearingTaken } });

    const when = new Date(t.clock() + 3 * DAY).toISOString();
    const scheduled = await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { scheduled_for: when } });
    expect(scheduled.json.hearing.scheduled_for).toBe(when);

    const errors = (await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { decision: 'dismissed', reason: '' } })).json.errors;
    expect(errors).toEqual([{ path: 'reason', msg: FINE_MESSAGES.reasonRequired }]);
    const decided = await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { decision: 'dismissed', reason: 'Photos show the boat gone that evening.' } });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    expect(decided.json).toMatchObject({ status: 'dismissed', fined_cents: 0, next_fine_at: null, hearing: { decision: 'dismissed', reason: 'Photos show the boat gone that evening.' } });
    expect(await finesOf(id)).toMatchObject([
      { kind: 'fine', amount: 5_000 },
      { kind: 'credit', amount: -5_000, reason: 'Photos show the boat gone that evening.', sourceKey: expect.stringMatching(`^fine-credit:${id}:`) },
    ]);
    expect(await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { decision: 'upheld', reason: 'Changed my mind' } })).toMatchObject({ status: 409, json: { message: FINE_MESSAGES.hearingDecided } });
    expect((await mailOf(id)).map((m) => m.subject).slice(-2)).toEqual(['Hearing scheduled: Boat in the driveway', 'Hearing decided: Boat in the driveway']);
  });

  it('a reduced hearing credits the difference and stops the repeats; upheld changes no money', async () => {
    await setup();
    await call(t, 'PUT', '/api/violations/fine-schedules', { token: ben, body: schedule({ courtesy_notice: false, warning: false, fine_cents: 10_000, repeat_days: 7 }) });
    const id = await issue();
    await advance(id);
    await later(7 * DAY);
    await postRepeatingFines(t.deps);
    await call(t, 'POST', `/api/violations/${id}/hearing`, { token: rita, body: { note: 'Too much' } });
    const tooHigh = (await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { decision: 'reduced', reason: 'First offence', reduced_to: 20_000 } })).json.errors;
    expect(tooHigh).toEqual([{ path: 'reduced_to', msg: FINE_MESSAGES.reducedToTooHigh }]);
    const missing = (await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { decision: 'reduced', reason: 'First offence' } })).json.errors;
    expect(missing).toEqual([{ path: 'reduced_to', msg: FINE_MESSAGES.reducedToRequired }]);
    const reduced = await call(t, 'PUT', `/api/violations/${id}/hearing`, { token: ben, body: { decision: 'reduced', reason: 'First offence', reduced_to: 5_000 } });
    expect(reduced.json).toMatchObject({ status: 'open', fined_cents: 5_000, next_fine_at: null, hearing: { decision: 'reduced' } });
    const lines = await finesOf(id);
    expect(lines.map((l) => [l.kind, l.amount])).toEqual([['fine', 10_000], ['fine', 10_000], ['credit', -15_000]]);
    await later(30 * DAY);
    expect(await postRepeatingFines(t.deps)).toBe(0);

    const other = await issue('Trash');
    await call(t, 'POST', `/api/violations/${other}/hearing`, { token: rita, body: { note: 'Bins were in' } });
    const upheld = await call(t, 'PUT', `/api/violations/${other}/hearing`, { token: ben, body: { decision: 'upheld', reason: 'Seen twice' } });
    expect(upheld.json).toMatchObject({ status: 'open', hearing: { decision: 'upheld', reason: 'Seen twice' } });
    expect(await finesOf(other)).toEqual([]);
    const [anyCredit] = await t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.violationId, other), eq(ledgerLines.kind, 'credit')));
    expect(anyCredit).toBeUndefined();
  });
});
