import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES } from '../../schema/signup';
import { emailOutbox, hoas, signups, subscriptions, users } from '../../schema/tables';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import type { ProviderSubscription } from '../../worker/services/payments/types';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { cardStep, signupRef, signUpNewHoa, startSignup } from '../helpers/signup';

/**
 * Starting a trial once let anyone reserve anyone's email (and any HOA name) for a week. A signup
 * with no confirmed card holds nothing: the address's owner — their own signup, a board's
 * invitation — takes it over and the unfinished signup goes; forgot-password tells the owner the
 * address has no account yet. A signup whose card was confirmed still holds both
 * (docs/decisions/180-unfinished-signup-holds-nothing.md).
 */
let t: TestApp;
let local: LocalPayments;
beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
});
afterEach(async () => {
  await local.flush();
  await t.close();
});

const OWNER = 'olivia@example.test';
/** The attacker's trial: the owner's address, a password and an HOA name of the attacker's choosing. */
const squat = (body: { email?: string; hoa_name?: string } = {}) => startSignup(t, { email: OWNER, password: 'Squatter99', name: 'Not Olivia', hoa_name: 'Squatter Acres', ...body });

const db = () => t.deps.database.db;
/** Whether any row of the HOA is left in the tables a trial writes. */
async function rowsOf(hoaId: string) {
  const n = async (q: Promise<unknown[]>) => (await q).length;
  return (
    (await n(db().select().from(hoas).where(eq(hoas.id, hoaId)))) +
    (await n(db().select().from(users).where(eq(users.hoaId, hoaId)))) +
    (await n(db().select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId)))) +
    (await n(db().select().from(signups).where(eq(signups.hoaId, hoaId))))
  );
}
const available = async (body: ({ email: string } | { hoa_name: string }) & { attempt?: object }) => (await call(t, 'POST', '/api/signup/check-availability', { body })).json.available;
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`));

describe("an unfinished signup does not hold its owner's address", () => {
  it("the owner's own signup takes the address over, and the abandoned trial is removed", async () => {
    const attacker = await squat();
    // The live check says what the trial call will do (also for a person's own Start Over).
    expect(await available({ email: OWNER })).toBe(true);
    expect(await available({ hoa_name: 'Squatter Acres' })).toBe(true);

    const owner = await signUpNewHoa(t, { email: OWNER, password: 'Olivia2026', name: 'Olivia Owner', hoa_name: 'Olive Grove HOA' });
    expect(owner.user).toMatchObject({ email: OWNER, status: 'active', role: 'superadmin' });
    expect(await rowsOf(attacker.hoa.id)).toBe(0);
    // The attacker's wizard cannot go on with it.
    const late = await call(t, 'POST', '/api/signup/confirm-payment', { body: signupRef(attacker) });
    expect(late).toMatchObject({ status: 404, json: { message: SIGNUP_MESSAGES.signupNotFound } });
    expect((await login(t, OWNER, 'Olivia2026')).user.email).toBe(OWNER);
  });

  it("another visitor's HOA name of an unfinished signup is free too, and a retry with the same password still resumes", async () => {
    const first = await squat({ email: 'someone@example.test', hoa_name: 'Olive Grove HOA' });
    const again = await squat({ email: 'someone@example.test', hoa_name: 'Olive Grove HOA' });
    expect(again.hoa.id).toBe(first.hoa.id);
    const owner = await startSignup(t, { email: OWNER, hoa_name: 'OLIVE  GROVE HOA' });
    expect(await rowsOf(first.hoa.id)).toBe(0);
    expect(await rowsOf(owner.hoa.id)).toBeGreaterThan(0);
  });

  it('an invitation takes the address over: the owner is mailed, activates, and the abandoned trial is removed', async () => {
    const attacker = await squat();
    const board = (await login(t, DEMO.maple.board)).token;
    const r = await call(t, 'POST', '/api/users/invite', { token: board, body: { email: OWNER, role: 'resident' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ email: OWNER, status: 'invited' });
    expect(await rowsOf(attacker.hoa.id)).toBe(0);
    await t.drainBackground();
    const [mail] = await mailsTo(OWNER);
    expect(mail.template).toBe('invitation');
    const token = decodeURIComponent(/\/invite\/accept\?token=([^\s"&<]+)/.exec(mail.text)![1]);
    const activated = await call(t, 'POST', '/api/auth/activate', { body: { token, name: 'Olivia Owner', password: 'Olivia2026' } });
    expect(activated.status).toBe(200);
    expect(activated.json.user).toMatchObject({ email: OWNER, status: 'active', role: 'resident' });
  });

  it('bulk creation takes the addresses over the same way', async () => {
    const attacker = await squat();
    const owner = (await login(t, DEMO.maple.superadmin)).token;
    const r = await call(t, 'POST', '/api/users/bulk', { token: owner, body: { users: [{ resident_name: 'Olivia Owner', resident_email: OWNER, role: 'resident' }] } });
    expect(r.status).toBe(201);
    expect(await rowsOf(attacker.hoa.id)).toBe(0);
    await t.drainBackground();
    expect((await mailsTo(OWNER))[0].template).toBe('invitation');
  });

  it('forgot-password tells the owner the address has no account yet and points to the signup', async () => {
    await squat();
    const asked = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: OWNER } });
    const unknown = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.test' } });
    expect(asked.status).toBe(200);
    expect(asked.json).toEqual(unknown.json);
    await t.drainBackground();
    const [mail] = await mailsTo(OWNER);
    expect(mail).toMatchObject({ template: 'signup-unfinished', hoaId: null });
    expect(mail.text).toContain('no account uses it yet');
    expect(mail.text).toContain(`${t.deps.config.appUrl}/signup`);
    // Nothing the stranger chose reaches the owner's mailbox.
    expect(mail.text + mail.html + mail.subject).not.toMatch(/Squatter|Not Olivia/);
    expect(await mailsTo('nobody@example.test')).toEqual([]);
    // And the signup it points to works.
    expect((await signUpNewHoa(t, { email: OWNER, password: 'Olivia2026', hoa_name: 'Olive Grove HOA' })).user.email).toBe(OWNER);
  });

  it('a takeover while the card is being confirmed cancels the provider trial it started', async () => {
    const attacker = await squat();
    await cardStep(t, attacker, TEST_CARDS.success);
    const create = local.createSubscription.bind(local);
    let started: ProviderSubscription | undefined;
    local.createSubscription = async (input) => {
      started = await create(input);
      // The owner's signup commits between the provider's answer and the confirmation's transaction.
      await startSignup(t, { email: OWNER, hoa_name: 'Olive Grove HOA' });
      return started;
    };
    const confirm = await call(t, 'POST', '/api/signup/confirm-payment', { body: signupRef(attacker) });
    expect(confirm).toMatchObject({ status: 404, json: { message: SIGNUP_MESSAGES.signupNotFound } });
    expect(await rowsOf(attacker.hoa.id)).toBe(0);
    expect((await local.get(started!.id))?.status).toBe('canceled');
  });
});

describe('a signup whose card was confirmed holds its address and HOA name', () => {
  it('refuses another signup, keeps the HOA through an invitation, and its owner gets a reset link', async () => {
    const holder = await signUpNewHoa(t, { email: OWNER, password: 'Olivia2026', hoa_name: 'Olive Grove HOA' });
    expect(await available({ email: OWNER })).toBe(false);
    expect(await available({ hoa_name: 'olive grove hoa' })).toBe(false);
    const other = await call(t, 'POST', '/api/signup/trial', { body: { email: OWNER, password: 'Squatter99', name: 'Not Olivia', hoa_name: 'Olive Grove HOA', plan: 'growth' } });
    expect(other.status).toBe(400);
    expect(other.json.errors).toEqual([
      { path: 'email', msg: SIGNUP_MESSAGES.emailTaken },
      { path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken },
    ]);
    const board = (await login(t, DEMO.maple.board)).token;
    await call(t, 'POST', '/api/users/invite', { token: board, body: { email: OWNER, role: 'resident' } });
    expect(await rowsOf(holder.hoa.id)).toBeGreaterThan(0);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: OWNER } });
    await t.drainBackground();
    // The invitation is mailed too: the owner may join Maple Grove with the account they have.
    expect((await mailsTo(OWNER)).map((m) => m.template).sort()).toEqual(['invitation', 'password-reset']);
  });

  it('a confirmed card holds them before completion too', async () => {
    const holder = await squat();
    await cardStep(t, holder, TEST_CARDS.success);
    expect((await call(t, 'POST', '/api/signup/confirm-payment', { body: signupRef(holder) })).status).toBe(200);
    const owner = await call(t, 'POST', '/api/signup/trial', { body: { email: OWNER, password: 'Olivia2026', name: 'Olivia Owner', hoa_name: 'Squatter Acres', plan: 'growth' } });
    expect(owner.json.errors).toEqual([
      { path: 'email', msg: SIGNUP_MESSAGES.emailTaken },
      { path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken },
    ]);
    expect(await rowsOf(holder.hoa.id)).toBeGreaterThan(0);
  });
});

describe("the visitor's own unfinished signup never blocks them", () => {
  /** A signup whose card was confirmed but that was not completed (the completion call failed). */
  async function cardSavedNotCompleted() {
    const trial = await startSignup(t, { email: OWNER, password: 'Olivia2026', name: 'Olivia Owner', hoa_name: 'Olive Grove HOA' });
    await cardStep(t, trial, TEST_CARDS.success);
    expect((await call(t, 'POST', '/api/signup/confirm-payment', { body: signupRef(trial) })).status).toBe(200);
    return trial;
  }
  const attemptOf = (trial: { user: { id: string }; hoa: { id: string }; signup_token: string }) => ({ user_id: trial.user.id, hoa_id: trial.hoa.id, signup_token: trial.signup_token });

  it("the live check answers available for what the browser's own attempt holds, taken for anyone else", async () => {
    const trial = await cardSavedNotCompleted();
    const attempt = attemptOf(trial);
    expect(await available({ email: OWNER })).toBe(false);
    expect(await available({ hoa_name: 'OLIVE grove HOA' })).toBe(false);
    expect(await available({ email: OWNER, attempt })).toBe(true);
    expect(await available({ hoa_name: 'OLIVE grove HOA', attempt })).toBe(true);
    // A wrong token proves nothing.
    expect(await available({ email: OWNER, attempt: { ...attempt, signup_token: 'x'.repeat(43) } })).toBe(false);
    // Someone else's names stay taken for the attempt's browser.
    expect(await available({ email: 'owner@maplegrove.test', attempt })).toBe(false);
  });

  it('after Start Over, the trial call with the attempt resumes the same signup, with a new password, and completes without a second card', async () => {
    const trial = await cardSavedNotCompleted();
    const again = await call(t, 'POST', '/api/signup/trial', {
      body: { email: OWNER, password: 'Olivia2027', name: 'Olivia Owner', hoa_name: 'Olive Grove HOA', plan: 'growth', attempt: attemptOf(trial) },
    });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ user: { id: trial.user.id }, hoa: { id: trial.hoa.id }, setup_intent_id: trial.setup_intent_id, payment_method_secured: true });
    // The previous token is spent; the new one completes.
    expect((await call(t, 'POST', '/api/signup/complete', { body: signupRef(trial) })).status).toBe(404);
    expect((await call(t, 'POST', '/api/signup/complete', { body: signupRef(again.json) })).status).toBe(200);
    expect((await login(t, OWNER, 'Olivia2027')).user.email).toBe(OWNER);
  });

  it('the attempt may change the email; without it (or with a wrong token) another password is refused', async () => {
    const trial = await cardSavedNotCompleted();
    const refused = await call(t, 'POST', '/api/signup/trial', {
      body: { email: OWNER, password: 'Olivia2027', name: 'Olivia Owner', hoa_name: 'Olive Grove HOA', plan: 'growth', attempt: { ...attemptOf(trial), signup_token: 'x'.repeat(43) } },
    });
    expect(refused.json.errors).toEqual([
      { path: 'email', msg: SIGNUP_MESSAGES.emailTaken },
      { path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken },
    ]);
    const moved = await call(t, 'POST', '/api/signup/trial', {
      body: { email: 'olivia.o@example.test', password: 'Olivia2027', name: 'Olivia Owner', hoa_name: 'Olive Grove HOA', plan: 'growth', attempt: attemptOf(trial) },
    });
    expect(moved).toMatchObject({ status: 201, json: { user: { id: trial.user.id, email: 'olivia.o@example.test' }, hoa: { id: trial.hoa.id } } });
    expect(await available({ email: OWNER })).toBe(true);
    // Taken names stay refused for the attempt too.
    const taken = await call(t, 'POST', '/api/signup/trial', {
      body: { email: 'owner@maplegrove.test', password: 'Olivia2027', name: 'Olivia Owner', hoa_name: 'Maple Grove HOA', plan: 'growth', attempt: attemptOf(moved.json) },
    });
    expect(taken.json.errors).toEqual([
      { path: 'email', msg: SIGNUP_MESSAGES.emailTaken },
      { path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken },
    ]);
  });
});
