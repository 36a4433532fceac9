import { eq, sql } from "drizzle-orm";
import { SIGNUP_MESSAGES as M } from "../../../schema/signup";
import { hoas, users } from "../../../schema/tables";
import type { DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { hit, type RateRule } from "../../services/rate-limit";
import type { ClientMeta } from "../auth";

const MINUTE = 60_000;

export const SIGNUP_RATE_LIMITS = {
  /**
   * Availability checks per address: a person typing an email and an HOA name (checks 500 ms after
   * the last keystroke) makes a few dozen; listing the registered emails would take millions.
   */
  availabilityPerIp: {
    name: "signup-check:ip",
    limit: 60,
    windowMs: 15 * MINUTE,
  },
  /** Trial calls per address (each answers "already registered" for a taken email too). */
  trialPerIp: { name: "signup-trial:ip", limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

/** Every user row counts, deleted ones too: the unique index on lower(email) does. */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return !!row;
}

/** HOA names are unique case-insensitively (index hoas_name_ci); `exceptHoaId` is the caller's own HOA. */
export async function hoaNameTaken(
  db: DbOrTx,
  name: string,
  exceptHoaId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: hoas.id })
    .from(hoas)
    .where(eq(sql`lower(${hoas.name})`, name.trim().toLowerCase()))
    .limit(1);
  return !!row && row.id !== exceptHoaId;
}

/** `POST /api/signup/check-availability`: one field per call, rate limited per address. */
export async function checkAvailability(
  deps: AppDeps,
  body: { email?: string; hoa_name?: string },
  meta: ClientMeta,
): Promise<{ available: boolean }> {
  await hit(
    deps.database,
    SIGNUP_RATE_LIMITS.availabilityPerIp,
    meta.ip,
    deps.clock(),
    M.tooManyChecks,
  );
  const db = deps.database.db;
  const taken = body.email
    ? await emailTaken(db, body.email)
    : await hoaNameTaken(db, body.hoa_name!);
  return { available: !taken };
}
