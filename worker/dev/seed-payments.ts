import { subscriptions } from '../../schema/tables';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';

const DAY = 86_400_000;

/**
 * The demo data: every demo HOA on an active trial (Growth, 30 days, 9 used). The local
 * provider's customer and subscription are created at start-up (linkLocalSubscriptions).
 */
export const seedSubscriptions: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const started = opts.now - 9 * DAY;
    await tx.insert(subscriptions).values({
      id: newId(),
      hoaId: hoa.id,
      plan: 'growth',
      status: 'trialing',
      trialEnd: started + 30 * DAY,
      currentPeriodEnd: started + 30 * DAY,
      createdAt: started,
      updatedAt: started,
    });
  }
};
