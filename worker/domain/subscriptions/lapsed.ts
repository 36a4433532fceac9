import { eq } from "drizzle-orm";
import { isLapsed, SUBSCRIPTION_MESSAGES } from "../../../schema/subscriptions";
import { subscriptions } from "../../../schema/tables";
import type { DbOrTx } from "../../db";
import { AppError } from "../errors";

/** Whether the HOA's subscription has lapsed (schema/subscriptions.ts): one indexed read. */
export async function hoaLapsed(db: DbOrTx, hoaId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.hoaId, hoaId))
    .limit(1);
  return isLapsed(row?.status);
}

/** The refusal of a write in a lapsed HOA (402: the account owner must pay to lift it). */
export const lapsedRefusal = () =>
  new AppError(402, SUBSCRIPTION_MESSAGES.lapsed);
