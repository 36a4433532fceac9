import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES, PLANS } from '../../schema/signup';
import { hoas, signups, subscriptions, users } from '../../schema/tables';
import { ABANDONED_SIGNUP_MS, purgeAbandonedSignups } from '../../worker/domain/signup';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, refreshCookie } from '../helpers/http';
import { cardStep, signupRef, startSignup, TRIAL } from '../helpers/signup';

/** The whole signup on the local provider: plans, availability, trial, card, completion. */
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

const count = async (table: typeof hoas | typeof users | typeof subscriptions | typeof signups) => (await t.deps.database.db.select({ n: sql<number>`count(*)` }).from(table))[0].n;

describe('plans and availability', () => {
  it('lists the plans keyed by name, with the fixed catalogue', async () => {
    const r = await call(t, 'GET', '/api/signup/plans?email=someone@x.test');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['free', 'starter', 'growth', 'pro']);
    expect(r.json.starter).toMatchObject({
      name: 'starter',
      display_name: 'Starter',
      price: 49,
      price_cents: 4900,
      max_units: 50,
    });
    expect(r.json.growth).toMatchObject({ price: 99, max_units: 150 });
    expect(r.json.pro).toMatchObject({ price: 199, max_units: 400 });
    expect(r.json.free.max_units).toBeNull();
    expect(r.json).toEqual(PLANS);
  });

  it('answers whether an email or an HOA name is free, case-insensitively', async () => {
    const check = async (body: object) => (await call(t, 'POST', '/api/signup/check-availability', { body })).json;
    expect(await check({ email: DEMO.maple.board.toUpperCase() })).toEqual({
      available: false,
    });
    expect(await check({ email: 'new-owner@example.test' })).toEqual({
      available: true,
    });
    expect(await check({ hoa_name: 'maple grove hoa' })).toEqual({
      available: false,
    });
    expect(await check({ hoa_name: 'Willow Creek HOA' })).toEqual({
      available: true,
    });
    expect((await call(t, 'POST', '/api/signup/check-availability', { body: {} })).status).toBe(400);
  });

  it('rate-limits availability checks per address, so they cannot list the registered emails', async () => {
    for (let i = 0; i < 60; i++)
      expect(
        (
          await call(t, 'POST', '/api/signup/check-availability', {
            body: { email: `u${i}@x.test` },
            ip: '10.9.9.9',
          })
        ).status,
      ).toBe(200);
    const limited = await call(t, 'POST', '/api/signup/check-availability', {
      body: { email: 'u61@x.test' },
      ip: '10.9.9.9',
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another address still has its own budget.
    expect(
      (
        await call(t, 'POST', '/api/signup/check-availability', {
          body: { email: 'u61@x.test' },
          ip: '10.9.9.8',
        })
      ).status,
    ).toBe(200);
  });
});

describe('trial', () => {
  it("refuses a registered email and a taken HOA name with the spec's texts", async () => {
    const r = await call(t, 'POST', '/api/signup/trial', {
      body: {
        ...TRIAL,
        email: DEMO.cedar.resident,
        hoa_name: 'Cedar Park HOA',
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { path: 'email', msg: SIGNUP_MESSAGES.emailTaken },
      { path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken },
    ]);
  });

  it('validates with the signup messages', async () => {
    const r = await call(t, 'POST', '/api/signup/trial', {
      body: {
        email: 'nope',
        password: 'abcdefgh',
        name: ' ',
        hoa_name: '',
        plan: 'free',
      },
    });
    expect(r.status).toBe(400);
    const msgs = Object.fromEntries(r.json.errors.map((e: { path: string; msg: string }) => [e.path, e.msg]));
    expect(msgs).toMatchObject({
      email: SIGNUP_MESSAGES.invalidEmail,
      password: SIGNUP_MESSAGES.passwordRule,
      hoa_name: SIGNUP_MESSAGES.hoaNameRequired,
      plan: SIGNUP_MESSAGES.planInvalid,
    });
    expect(
      (
        await call(t, 'POST', '/api/signup/trial', {
          body: { ...TRIAL, password: '12345678' },
        })
      ).json.errors[0].msg,
    ).toBe(SIGNUP_MESSAGES.passwordRule);
  });

  it('creates the HOA, an invited superadmin, an incomplete subscription and a SetupIntent', async () => {
    const before = { hoas: await count(hoas), users: await count(users) };
    const r = await startSignup(t);
    expect(r).toMatchObject({
      user: { name: TRIAL.name, email: TRIAL.email, role: 'superadmin' },
      hoa: { name: TRIAL.hoa_name },
      plan: 'growth',
      payment: { provider: 'local', publishable_key: null },
    });
    expect(r.setup_intent_client_secret.startsWith(`${r.setup_intent_id}_secret_`)).toBe(true);
    expect({ hoas: await count(hoas), users: await count(users) }).toEqual({
      hoas: before.hoas + 1,
      users: before.users + 1,
    });
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.id, r.user.id));
    // Until the signup completes, nobody can sign in with it.
    expect(user).toMatchObject({
      status: 'invited',
      passwordHash: null,
      hoaId: r.hoa.id,
    });
    expect(
      (
        await call(t, 'POST', '/api/auth/login', {
          body: { email: TRIAL.email, password: TRIAL.password },
        })
      ).status,
    ).toBe(401);
    const [sub] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, r.hoa.id));
    expect(sub).toMatchObject({
      id: r.subscription_id,
      status: 'incomplete',
      plan: 'growth',
    });
    expect(sub.providerCustomerId).toMatch(/^cus_local_/);
  });

  it('a retried trial call creates nothing twice and answers with the same ids', async () => {
    const first = await startSignup(t);
    const counts = {
      hoas: await count(hoas),
      users: await count(users),
      subscriptions: await count(subscriptions),
      signups: await count(signups),
    };
    const objects = (await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM local_payment_objects WHERE kind IN ('customer','setup_intent')`))[0].n;
    const again = await call(t, 'POST', '/api/signup/trial', { body: TRIAL });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({
      user: { id: first.user.id },
      hoa: { id: first.hoa.id },
      subscription_id: first.subscription_id,
      setup_intent_id: first.setup_intent_id,
      setup_intent_client_secret: first.setup_intent_client_secret,
    });
    expect({
      hoas: await count(hoas),
      users: await count(users),
      subscriptions: await count(subscriptions),
      signups: await count(signups),
    }).toEqual(counts);
    expect((await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM local_payment_objects WHERE kind IN ('customer','setup_intent')`))[0].n).toBe(objects);
    // Two copies at once: still one signup.
    const both = await Promise.all([call(t, 'POST', '/api/signup/trial', { body: TRIAL }), call(t, 'POST', '/api/signup/trial', { body: TRIAL })]);
    expect(both.map((b) => b.json.hoa.id)).toEqual([first.hoa.id, first.hoa.id]);
    expect(await count(hoas)).toBe(counts.hoas);
    // Another password is another visitor: a signup with no card yet holds nothing, so theirs
    // replaces it (tests/api/signup-takeover.test.ts).
    const other = await call(t, 'POST', '/api/signup/trial', {
      body: { ...TRIAL, password: 'Different123', hoa_name: 'Another HOA' },
    });
    expect(other.status).toBe(201);
    expect(other.json.hoa.id).not.toBe(first.hoa.id);
    expect(await count(hoas)).toBe(counts.hoas);
  });
});

describe('card and completion', () => {
  it('completes with the success card: trialing 30 days, superadmin active and signed in', async () => {
    const r = await startSignup(t);
    expect(await cardStep(t, r, TEST_CARDS.success)).toEqual({
      status: 'succeeded',
    });
    const confirmed = await call(t, 'POST', '/api/signup/confirm-payment', {
      body: signupRef(r),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({
      success: true,
      payment_method_secured: true,
      subscription: { status: 'trialing', plan: 'growth' },
    });
    expect(Date.parse(confirmed.json.subscription.trial_end)).toBe(Math.floor(t.clock() / 1000) * 1000 + 30 * 86_400_000);

    const done = await call(t, 'POST', '/api/signup/complete', {
      body: signupRef(r),
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      user: {
        email: TRIAL.email,
        role: 'superadmin',
        status: 'active',
        needsReactivation: false,
      },
      hoa: { id: r.hoa.id, name: TRIAL.hoa_name },
      subscription: { status: 'trialing', plan: 'growth' },
    });
    expect(done.json.token).toBe(done.json.accessToken);
    expect(refreshCookie(done.headers)).toBeTruthy();
    const me = await call(t, 'GET', '/api/auth/profile', {
      token: done.json.token,
    });
    expect(me.json).toMatchObject({ email: TRIAL.email, hoa_id: r.hoa.id });
    // The new superadmin signs in with the chosen password from now on.
    expect(
      (
        await call(t, 'POST', '/api/auth/login', {
          body: { email: TRIAL.email, password: TRIAL.password },
        })
      ).status,
    ).toBe(200);
    // A new, empty HOA: the superadmin alone.
    expect((await call(t, 'GET', '/api/users', { token: done.json.token })).json.totalDocs).toBe(1);
    await local.flush();
    const [sub] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, r.hoa.id));
    expect(sub).toMatchObject({
      status: 'trialing',
      providerSubscriptionId: expect.stringMatching(/^sub_local_/),
    });
  });

  it('refuses confirmation before the card is saved, and the declined cards with their messages', async () => {
    const r = await startSignup(t);
    const early = await call(t, 'POST', '/api/signup/confirm-payment', {
      body: signupRef(r),
    });
    expect(early).toMatchObject({
      status: 400,
      json: { message: SIGNUP_MESSAGES.cardNotConfirmed },
    });
    expect(await cardStep(t, r, TEST_CARDS.declined)).toEqual({
      error: { message: 'Your card was declined.' },
    });
    expect(await cardStep(t, r, TEST_CARDS.insufficientFunds)).toEqual({
      error: { message: 'Your card has insufficient funds.' },
    });
    expect((await call(t, 'POST', '/api/signup/complete', { body: signupRef(r) })).status).toBe(400);
  });

  it('3-D Secure: the challenge returns to the wizard; completing it saves the card', async () => {
    const r = await startSignup(t);
    const step = (await cardStep(t, r, TEST_CARDS.threeDSecure)) as {
      next_action: { redirect_to_url: string };
    };
    expect(step.next_action.redirect_to_url).toBe(`/dev/pay/authenticate/${r.setup_intent_id}`);
    const failed = await t.app.request(
      `http://localhost:8787${step.next_action.redirect_to_url}`,
      { method: 'POST', body: new URLSearchParams({ action: 'fail' }) },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(failed.headers.get('location')).toBe(`http://localhost:8787/signup?setup_intent=${r.setup_intent_id}&redirect_status=failed`);
    await cardStep(t, r, TEST_CARDS.threeDSecure);
    const ok = await t.app.request(
      `http://localhost:8787${step.next_action.redirect_to_url}`,
      { method: 'POST', body: new URLSearchParams({ action: 'complete' }) },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(ok.headers.get('location')).toBe(`http://localhost:8787/signup?setup_intent=${r.setup_intent_id}&redirect_status=succeeded`);
    expect((await call(t, 'POST', '/api/signup/complete', { body: signupRef(r) })).status).toBe(200);
  });

  it('only the browser holding the signup token continues it', async () => {
    const r = await startSignup(t);
    await cardStep(t, r, TEST_CARDS.success);
    expect(
      (
        await call(t, 'POST', '/api/signup/complete', {
          body: { ...signupRef(r), signup_token: 'guess' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t, 'POST', '/api/signup/complete', {
          body: { ...signupRef(r), hoa_id: 'other' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t, 'POST', '/api/signup/complete', {
          body: { ...signupRef(r), setup_intent_id: 'seti_other' },
        })
      ).status,
    ).toBe(400);
  });

  it('a retried completion signs in again without doing anything twice; after an hour the token is spent', async () => {
    const r = await startSignup(t);
    await cardStep(t, r, TEST_CARDS.success);
    const a = await call(t, 'POST', '/api/signup/complete', { body: signupRef(r) });
    const b = await call(t, 'POST', '/api/signup/complete', { body: signupRef(r) });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json.user.id).toBe(a.json.user.id);
    expect((await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM local_payment_objects WHERE kind = 'subscription'`))[0].n).toBe(1);
    t.clock.advance(61 * 60_000);
    expect((await call(t, 'POST', '/api/signup/complete', { body: signupRef(r) })).status).toBe(404);
  });

  it('a plan chosen again after the card was saved changes the trial at completion', async () => {
    const r = await startSignup(t);
    await cardStep(t, r, TEST_CARDS.success);
    const done = await call(t, 'POST', '/api/signup/complete', {
      body: { ...signupRef(r), plan: 'starter' },
    });
    expect(done.json.subscription).toMatchObject({
      plan: 'starter',
      status: 'trialing',
    });
  });

  it('HOA setup: the new superadmin names the HOA and gives city and ZIP', async () => {
    const r = await startSignup(t);
    await cardStep(t, r, TEST_CARDS.success);
    const { token } = (await call(t, 'POST', '/api/signup/complete', { body: signupRef(r) })).json;
    expect(
      (
        await call(t, 'POST', '/api/signup/hoa-setup', {
          token,
          body: { name: '  ' },
        })
      ).json.errors,
    ).toEqual([{ path: 'name', msg: SIGNUP_MESSAGES.hoaNameRequired }]);
    expect(
      (
        await call(t, 'POST', '/api/signup/hoa-setup', {
          token,
          body: { name: 'Cedar Park HOA' },
        })
      ).json.errors,
    ).toEqual([{ path: 'name', msg: SIGNUP_MESSAGES.hoaNameTaken }]);
    const ok = await call(t, 'POST', '/api/signup/hoa-setup', {
      token,
      body: { name: 'Willow Creek Owners', city: 'Austin', zip: '78701' },
    });
    expect(ok.json.hoa).toMatchObject({
      id: r.hoa.id,
      name: 'Willow Creek Owners',
      city: 'Austin',
      zip: '78701',
    });
  });

  it('gives back the email and HOA name of a signup nobody finished within a week', async () => {
    const r = await startSignup(t);
    t.clock.advance(ABANDONED_SIGNUP_MS + 1000);
    expect(await purgeAbandonedSignups(t.deps)).toBe(1);
    expect(
      (
        await call(t, 'POST', '/api/signup/check-availability', {
          body: { email: TRIAL.email },
        })
      ).json.available,
    ).toBe(true);
    expect((await t.deps.database.db.select().from(hoas).where(eq(hoas.id, r.hoa.id))).length).toBe(0);
  });
});
