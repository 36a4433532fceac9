/**
 * Signup REST, no session except for HOA setup:
 * - `GET /plans?email=` → the plans keyed by name (free, starter, growth, pro).
 * - `POST /check-availability {email} | {hoa_name}` → `{available}`; rate limited per address (429).
 * - `POST /trial {email, password, name, hoa_name, plan}` → `{user, hoa, plan, subscription_id,
 *   setup_intent_id, setup_intent_client_secret, signup_token, payment: {provider, publishable_key}}`;
 *   400 with `errors` ('This email is already registered', 'An HOA with this name already exists').
 * - `POST /confirm-payment {user_id, hoa_id, setup_intent_id, signup_token, payment_method_id?,
 *   subscription_id?}` → `{success, payment_method_secured, subscription}` (the SetupIntent succeeded).
 * - `POST /complete {…the same, plan?}` → `{token, accessToken, user, hoa, subscription}` and the
 *   session cookies.
 * - `POST /hoa-setup {name, city?, zip?}` (the new superadmin's Bearer token) → `{hoa}`; `time_zone?` (IANA, the browser's) becomes the HOA's zone.
 */
import { Hono } from 'hono';
import { availabilityBody, completeBody, confirmPaymentBody, hoaSetupBody, plansQuery, trialBody } from '../../schema/signup';
import { checkAvailability, completeSignup, confirmPayment, listPlans, setupHoa, startTrial } from '../domain/signup';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { clientMeta } from '../middleware/client-meta';
import { validate } from '../middleware/validate';
import { setSessionCookies } from './auth';

export const signupRoutes = new Hono<AppEnv>()
  .get('/plans', validate('query', plansQuery), (c) => c.json(listPlans()))
  .post('/check-availability', validate('json', availabilityBody), async (c) => c.json(await checkAvailability(c.var.deps, c.req.valid('json'), clientMeta(c))))
  .post('/trial', validate('json', trialBody), async (c) => c.json(await startTrial(c.var.deps, c.req.valid('json'), clientMeta(c)), 201))
  .post('/confirm-payment', validate('json', confirmPaymentBody), async (c) => c.json(await confirmPayment(c.var.deps, c.req.valid('json'))))
  .post('/complete', validate('json', completeBody), async (c) => {
    const done = await completeSignup(c.var.deps, c.req.valid('json'), clientMeta(c));
    setSessionCookies(c, done);
    return c.json({
      token: done.token,
      accessToken: done.accessToken,
      user: done.user,
      hoa: done.hoa,
      subscription: done.subscription,
    });
  })
  .post('/hoa-setup', requireAuth, validate('json', hoaSetupBody), async (c) => c.json(await setupHoa(c.var.deps, c.var.actor, c.req.valid('json'))));
