/**
 * The HOA's connected payment account: the superadmin starts onboarding at the
 * provider, continues it with a fresh link while requirements are due, and sees its status. Resident
 * invoices are paid into it (domain/invoices/pay.ts). Provider calls stay outside transactions.
 */
import { eq } from 'drizzle-orm';
import { PAYMENT_ACCOUNT_MESSAGES, paymentAccountPolicy, type ApiAccountStatus } from '../../schema/payment-account';
import { connectAccounts, hoas, users } from '../../schema/tables';
import type { AppDeps } from '../deps';
import type { Actor } from './actor';
import { ensureConnectAccount } from './payments';
import { forbidden, notFound } from './errors';

function requireSuperadmin(actor: Actor) {
  if (!paymentAccountPolicy.mayManage(actor.role)) throw forbidden(PAYMENT_ACCOUNT_MESSAGES.superadminOnly);
}

const links = (deps: AppDeps) => ({ refreshUrl: `${deps.config.appUrl}/stripe-setup?refresh=1`, returnUrl: `${deps.config.appUrl}/stripe-setup?return=1` });

/** `GET /api/stripe-connect/account-status`: read live from the provider and kept on the HOA's row. */
export async function accountStatus(deps: AppDeps, actor: Actor): Promise<ApiAccountStatus> {
  requireSuperadmin(actor);
  const [row] = await deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, actor.hoaId)).limit(1);
  if (!row) return { account_exists: false, account_id: null, status: null };
  const s = await deps.payments.getAccountStatus(row.accountId);
  await deps.database.transaction((tx) =>
    tx
      .update(connectAccounts)
      .set({ detailsSubmitted: s.detailsSubmitted, chargesEnabled: s.chargesEnabled, payoutsEnabled: s.payoutsEnabled, requirementsDue: JSON.stringify(s.requirementsDue), updatedAt: deps.clock() })
      .where(eq(connectAccounts.hoaId, actor.hoaId)),
  );
  return {
    account_exists: true,
    account_id: row.accountId,
    status: {
      details_submitted: s.detailsSubmitted,
      charges_enabled: s.chargesEnabled,
      payouts_enabled: s.payoutsEnabled,
      capabilities: s.capabilities,
      business_profile: s.businessProfile,
      requirements_due: s.requirementsDue,
    },
  };
}

/** `POST /api/stripe-connect/create-account`: the account (once per HOA) and an onboarding link. */
export async function createAccount(deps: AppDeps, actor: Actor): Promise<{ success: true; onboarding_url: string }> {
  requireSuperadmin(actor);
  const db = deps.database.db;
  const [hoa] = await db.select({ id: hoas.id, name: hoas.name }).from(hoas).where(eq(hoas.id, actor.hoaId)).limit(1);
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!hoa || !owner) throw notFound();
  const account = await ensureConnectAccount(deps, hoa, owner.email);
  const { url } = await deps.payments.createAccountLink({ accountId: account.accountId, ...links(deps) });
  return { success: true, onboarding_url: url };
}

/** `POST /api/stripe-connect/refresh-onboarding`: a fresh onboarding link ("Continue Setup"). */
export async function refreshOnboarding(deps: AppDeps, actor: Actor): Promise<{ success: true; onboarding_url: string }> {
  requireSuperadmin(actor);
  const [row] = await deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, actor.hoaId)).limit(1);
  if (!row) throw notFound(PAYMENT_ACCOUNT_MESSAGES.noAccount);
  const { url } = await deps.payments.createAccountLink({ accountId: row.accountId, ...links(deps) });
  return { success: true, onboarding_url: url };
}
