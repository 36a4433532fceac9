import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../schema/subscriptions';
import { addresses, emailOutbox, hoas, paymentEvents, subscriptions, syncNotices } from '../../schema/tables';
import { linkLocalSubscriptions } from '../../worker/dev/local-payments';
import { runJobs } from '../../worker/jobs/runner';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, socketEnv } from '../helpers/http';
import { cardStep, signUpNewHoa, startSignup, TRIAL } from '../helpers/signup';
import { SyncTestClient } from '../sync/client';
import { signWebhookPayload } from '../../worker/services/payments/stripe';
import { TEST_WEBHOOK_SECRET } from '../helpers/services';

/** Subscription management and its lifecycle on the local provider. */
let t: TestApp;
let local: LocalPayments;
const DAY = 86_400_000;
beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
});
afterEach(async () => {
  await local.flush();
  await t.close();
});

const subOf = async (hoaId: string) => (await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId)))[0];
const hoaIdOf = async (name: string) => (await t.deps.database.db.select().from(hoas).where(eq(hoas.name, name)))[0].id;
/** Moves the app's clock and runs the jobs (the local billing clock among them), as the Node entry's runner does. */
async function passTime(ms: number) {
  t.clock.advance(ms);
  await runJobs(t.deps, ['local-billing-clock']);
  await local.flush();
}
async function page(path: string, form?: Record<string, string>) {
  const res = await t.app.request(`http://localhost:8787${path}`, form ? { method: 'POST', body: new URLSearchParams(form) } : {}, socketEnv());
  return {
    status: res.status,
    location: res.headers.get('location'),
    html: await res.text(),
  };
}

describe('status and plan changes', () => {
  it("each superadmin reads and manages their own HOA's subscription", async () => {
    await linkLocalSubscriptions(t.deps);
    const maple = await login(t, DEMO.maple.superadmin);
    const cedar = await login(t, DEMO.cedar.superadmin);
    const a = await call(t, 'GET', '/api/subscriptions/status', {
      token: maple.token,
    });
    expect(a.json).toMatchObject({
      needsReactivation: false,
      subscription: {
        status: 'trialing',
        plan: {
          name: 'growth',
          display_name: 'Growth',
          price_cents: 9900,
          max_units: 150,
        },
      },
    });
    expect(a.json.subscription.id).toBe((await subOf(await hoaIdOf('Maple Grove HOA'))).id);
    // Cedar Park's superadmin cancels: Maple Grove's subscription is untouched.
    await call(t, 'POST', '/api/subscriptions/cancel', {
      token: cedar.token,
      body: { reason: 'Too expensive' },
    });
    expect((await subOf(await hoaIdOf('Maple Grove HOA'))).cancelAtPeriodEnd).toBe(false);
    expect((await subOf(await hoaIdOf('Cedar Park HOA'))).cancelAtPeriodEnd).toBe(true);
    const board = await login(t, DEMO.maple.board);
    expect(await call(t, 'GET', '/api/subscriptions/status', { token: board.token })).toMatchObject({ status: 403, json: { message: SUBSCRIPTION_MESSAGES.onlySuperadmin } });
  });

  it('upgrades at once and downgrades at the end of the period', async () => {
    const owner = await signUpNewHoa(t);
    const token = owner.token;
    await local.flush();
    expect(
      (
        await call(t, 'POST', '/api/subscriptions/update-plan', {
          token,
          body: { planName: 'growth' },
        })
      ).json.errors,
    ).toEqual([{ path: 'planName', msg: SUBSCRIPTION_MESSAGES.samePlan }]);
    expect(
      (
        await call(t, 'POST', '/api/subscriptions/update-plan', {
          token,
          body: {},
        })
      ).json.errors[0].msg,
    ).toBe(SUBSCRIPTION_MESSAGES.selectPlan);

    t.clock.advance(1000);
    const up = await call(t, 'POST', '/api/subscriptions/update-plan', {
      token,
      body: { planName: 'pro' },
    });
    expect(up.json).toMatchObject({
      change: { plan: 'pro', direction: 'upgrade' },
      subscription: { plan: { name: 'pro' } },
    });
    // A retried request changes nothing more.
    await call(t, 'POST', '/api/subscriptions/update-plan', {
      token,
      body: { planName: 'pro' },
    });
    await local.flush();
    expect((await subOf(owner.hoa.id)).plan).toBe('pro');

    t.clock.advance(1000);
    const down = await call(t, 'POST', '/api/subscriptions/update-plan', {
      token,
      body: { planName: 'starter' },
    });
    expect(down.json).toMatchObject({
      change: {
        plan: 'starter',
        direction: 'downgrade',
        effective_at: owner.subscription.trial_end,
      },
      subscription: { plan: { name: 'pro' } },
    });
    await local.flush();
    expect((await subOf(owner.hoa.id)).plan).toBe('pro');
    // The trial ends: the new period starts on Starter and is charged.
    await passTime(31 * DAY);
    expect(await subOf(owner.hoa.id)).toMatchObject({
      plan: 'starter',
      status: 'active',
    });
  });

  it('shows when the directory outgrew the plan', async () => {
    const owner = await signUpNewHoa(t, { plan: 'starter' });
    const now = t.clock();
    await t.write((tx) =>
      tx.insert(addresses).values(
        Array.from({ length: 51 }, (_, i) => ({
          id: `a${i}`,
          hoaId: owner.hoa.id,
          street: `${i} Elm St`,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    const r = await call(t, 'GET', '/api/subscriptions/status', {
      token: owner.token,
    });
    expect(r.json.subscription).toMatchObject({
      address_count: 51,
      units_exceeded: true,
      suggested_plan: 'growth',
      plan: { max_units: 50 },
    });
  });
});

describe('lifecycle', () => {
  it('the trial ends and the first charge happens; the owner was mailed three days before', async () => {
    const owner = await signUpNewHoa(t);
    await local.flush();
    await passTime(26 * DAY);
    expect(await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'trial-ending'))).toHaveLength(0);
    await passTime(1 * DAY + 60_000);
    const mails = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'trial-ending'));
    expect(mails.map((m) => m.toEmail)).toEqual([owner.user.email]);
    await passTime(1 * DAY);
    expect(await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'trial-ending'))).toHaveLength(1);
    await passTime(3 * DAY);
    const sub = await subOf(owner.hoa.id);
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodEnd).toBe(Date.parse(owner.subscription.trial_end!) + 30 * DAY);
    expect((await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'invoice.paid'))).length).toBe(1);
  });

  it('a failed payment makes the subscription past due, mails the owner each time, then cancels it', async () => {
    const trial = await startSignup(t);
    await cardStep(t, trial, TEST_CARDS.chargeDeclined);
    const done = await call(t, 'POST', '/api/signup/complete', {
      body: {
        user_id: trial.user.id,
        hoa_id: trial.hoa.id,
        setup_intent_id: trial.setup_intent_id,
        signup_token: trial.signup_token,
      },
    });
    expect(done.json.subscription).toMatchObject({ status: 'trialing' });
    await local.flush();
    await passTime(30 * DAY + 60_000);
    // Access tokens live 15 minutes: after a month the owner signs in again.
    const token = (await login(t, TRIAL.email, TRIAL.password)).token;
    expect(await subOf(trial.hoa.id)).toMatchObject({ status: 'past_due' });
    const failed = () =>
      t.deps.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, 'payment-failed'), eq(emailOutbox.hoaId, trial.hoa.id)));
    expect((await failed()).map((m) => m.subject)).toEqual(["Payment failed for Willow Creek HOA's Growth plan"]);
    expect((await failed())[0].text).toContain('We will try again on');
    // Past due is not lapsed: the HOA keeps working while the provider retries.
    expect((await call(t, 'GET', '/api/subscriptions/status', { token })).json.needsReactivation).toBe(false);
    await passTime(3 * DAY);
    expect((await failed()).length).toBe(2);
    await passTime(4 * DAY);
    expect(await subOf(trial.hoa.id)).toMatchObject({
      status: 'canceled',
      cancellationReason: 'Payment failed',
    });
    expect((await failed()).length).toBe(3);
    expect((await failed())[2].text).toContain('This was the last attempt');
    expect(
      (
        await call(t, 'GET', '/api/auth/profile', {
          token: (await login(t, TRIAL.email, TRIAL.password)).token,
        })
      ).json.needsReactivation,
    ).toBe(true);
  });

  it('cancel → needsReactivation → reactivation Checkout → webhook → active', async () => {
    const owner = await signUpNewHoa(t);
    await local.flush();
    t.clock.advance(1000);
    expect((await call(t, 'POST', '/api/subscriptions/create-reactivation-checkout', { token: owner.token, body: { planName: 'growth' } })).json.message).toBe(SUBSCRIPTION_MESSAGES.nothingToReactivate);
    const canceled = await call(t, 'POST', '/api/subscriptions/cancel', {
      token: owner.token,
      body: { reason: 'Board vote' },
    });
    expect(canceled.json).toMatchObject({
      needsReactivation: false,
      subscription: {
        cancel_at_period_end: true,
        cancellation_reason: 'Board vote',
        access_expires_at: owner.subscription.trial_end,
      },
    });
    await local.flush();
    // The period (here the trial) runs out: the subscription ends.
    await passTime(30 * DAY + 60_000);
    owner.token = (await login(t, TRIAL.email, TRIAL.password)).token;
    const status = await call(t, 'GET', '/api/subscriptions/reactivation-status', { token: owner.token });
    expect(status.json).toMatchObject({
      needsReactivation: true,
      subscription: {
        status: 'canceled',
        cancellation_reason: 'Board vote',
        plan: { name: 'growth', price_cents: 9900 },
      },
    });
    expect((await call(t, 'GET', '/api/auth/profile', { token: owner.token })).json.needsReactivation).toBe(true);

    expect((await call(t, 'POST', '/api/subscriptions/create-reactivation-checkout', { token: owner.token, body: {} })).json.errors[0].msg).toBe(SUBSCRIPTION_MESSAGES.selectPlan);
    const checkout = await call(t, 'POST', '/api/subscriptions/create-reactivation-checkout', { token: owner.token, body: { planName: 'growth' } });
    expect(checkout.json.checkout_url).toMatch(/\/dev\/pay\/checkout\/cs_local_/);
    const path = new URL(checkout.json.checkout_url).pathname;
    expect(
      await page(path, {
        number: TEST_CARDS.success,
        expiry: '12 / 34',
        cvc: '123',
      }),
    ).toMatchObject({
      status: 303,
      location: 'http://localhost:8787/reactivation?checkout=success',
    });
    expect(
      (
        await call(t, 'GET', '/api/subscriptions/reactivation-status', {
          token: owner.token,
        })
      ).json,
    ).toMatchObject({
      needsReactivation: false,
      subscription: {
        status: 'active',
        plan: { name: 'growth' },
        canceled_at: null,
      },
    });
    expect((await call(t, 'GET', '/api/auth/profile', { token: owner.token })).json.needsReactivation).toBe(false);
  });

  it('webhooks duplicated and out of order settle once', async () => {
    const owner = await signUpNewHoa(t);
    await local.flush();
    // Capture the events the provider sends for a cancel-now, then deliver them again, reversed and twice.
    const sent: [string, string][] = [];
    local.connect(async (body, signature) => {
      sent.push([body, signature]);
    });
    t.clock.advance(2000);
    await call(t, 'POST', '/api/subscriptions/cancel', {
      token: owner.token,
      body: { immediately: true },
    });
    await local.flush();
    const before = await subOf(owner.hoa.id);
    expect(before.status).toBe('canceled');
    const deliver = (body: string, signature: string) =>
      t.app.request('http://localhost/api/webhooks/stripe', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature,
        },
        body,
      });
    // An older "trialing" update arriving after the cancel changes nothing.
    const older = JSON.stringify({
      id: 'evt_old',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(t.clock() / 1000) - 5,
      data: {
        object: {
          ...JSON.parse(sent[0][0]).data.object,
          status: 'trialing',
          canceled_at: null,
        },
      },
    });
    for (const [body, sig] of [...sent, ...sent].reverse()) await deliver(body, sig);
    await deliver(older, await signWebhookPayload(older, TEST_WEBHOOK_SECRET, Math.floor(t.clock() / 1000)));
    const after = await subOf(owner.hoa.id);
    expect(after).toMatchObject({
      status: 'canceled',
      providerSubscriptionId: before.providerSubscriptionId,
    });
    const rows = await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'customer.subscription.deleted'));
    expect(rows).toHaveLength(1);
    expect((await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_old')))[0].outcome).toBe('stale');
  });
});

describe('lapsed subscriptions', () => {
  async function lapseMaple() {
    await linkLocalSubscriptions(t.deps);
    const owner = await login(t, DEMO.maple.superadmin);
    await call(t, 'POST', '/api/subscriptions/cancel', {
      token: owner.token,
      body: { immediately: true },
    });
    await local.flush();
    return owner;
  }

  it('members read everything but every write is refused, by REST and by the push', async () => {
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    await lapseMaple();
    expect((await call(t, 'GET', '/api/announcements', { token: board.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/requests', { token: resident.token })).status).toBe(200);
    const write = await call(t, 'POST', '/api/requests', {
      token: resident.token,
      body: {
        title: 'Gate',
        description: '<p>Stuck</p>',
        category: 'Maintenance',
      },
    });
    expect(write).toMatchObject({ status: 402, json: { message: SUBSCRIPTION_MESSAGES.lapsed } });
    expect(
      (
        await call(t, 'POST', '/api/announcements/presigned-url', {
          token: board.token,
          body: {
            fileName: 'a.pdf',
            fileType: 'application/pdf',
            fileSize: 10,
          },
        })
      ).status,
    ).toBe(402);
    // Signing out and changing one's password still work.
    expect((await call(t, 'POST', '/api/auth/logout', { token: board.token })).status).toBe(204);

    const client = new SyncTestClient(t, resident.token);
    const pushed = await client.push([
      client.mutation('createRequest', {
        id: crypto.randomUUID(),
        title: 'Offline',
        description: '<p>x</p>',
        category: 'Maintenance',
      }),
    ]);
    expect(pushed.status).toBe(200);
    const notices = await t.deps.database.db.select().from(syncNotices).where(eq(syncNotices.clientId, client.clientID));
    expect(notices.map((n) => n.message)).toEqual([SUBSCRIPTION_MESSAGES.lapsed]);
    // Another HOA is not affected.
    const cedar = await login(t, DEMO.cedar.resident);
    expect(
      (
        await call(t, 'POST', '/api/requests', {
          token: cedar.token,
          body: {
            title: 'Gate',
            description: '<p>Stuck</p>',
            category: 'Maintenance',
          },
        })
      ).status,
    ).toBe(201);
  });

  it('the superadmin is told to reactivate and may still reach billing', async () => {
    const owner = await lapseMaple();
    expect((await login(t, DEMO.maple.superadmin)).user.needsReactivation).toBe(true);
    expect((await login(t, DEMO.maple.board)).user.needsReactivation).toBe(false);
    expect(
      (
        await call(t, 'POST', '/api/subscriptions/create-billing-portal', {
          token: owner.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(t, 'POST', '/api/subscriptions/cancel', {
          token: owner.token,
          body: {},
        })
      ).json.message,
    ).toBe(SUBSCRIPTION_MESSAGES.alreadyCanceled);
    expect(
      (
        await call(t, 'POST', '/api/subscriptions/update-plan', {
          token: owner.token,
          body: { planName: 'pro' },
        })
      ).json.message,
    ).toBe(SUBSCRIPTION_MESSAGES.canceledUseReactivation);
  });
});

describe('billing portal', () => {
  it('opens the portal for the superadmin, which returns to the profile; a plan switch there reaches the subscription', async () => {
    const owner = await signUpNewHoa(t);
    await local.flush();
    const r = await call(t, 'POST', '/api/subscriptions/create-billing-portal', { token: owner.token });
    const portal = new URL(r.json.portal_url).pathname;
    const view = await page(portal);
    expect(view.html).toContain('Growth plan');
    expect(view.html).toContain('http://localhost:8787/profile?billing_return=1');
    t.clock.advance(1000);
    const sub = await subOf(owner.hoa.id);
    expect(
      await page(`${portal}/plan`, {
        subscription: sub.providerSubscriptionId!,
        plan: 'pro',
      }),
    ).toMatchObject({ status: 303 });
    expect((await subOf(owner.hoa.id)).plan).toBe('pro');
  });
});
