/**
 * The HOA's payment account, superadmin only (403 otherwise).
 *
 * - `GET /account-status`       → `{account_exists, account_id, status{details_submitted, charges_enabled, payouts_enabled,
 *                                capabilities{card_payments, transfers}, business_profile{name, product_description}, requirements_due}}`
 * - `POST /create-account`      → `{success, onboarding_url}` (the account is created once per HOA; later calls give a new link)
 * - `POST /refresh-onboarding`  → `{success, onboarding_url}` (404 when there is no account yet)
 */
import { Hono } from 'hono';
import { accountStatus, createAccount, refreshOnboarding } from '../domain/payment-account';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';

export const stripeConnectRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/account-status', async (c) => c.json(await accountStatus(c.var.deps, c.var.actor)))
  .post('/create-account', async (c) => c.json(await createAccount(c.var.deps, c.var.actor)))
  .post('/refresh-onboarding', async (c) => c.json(await refreshOnboarding(c.var.deps, c.var.actor)));
