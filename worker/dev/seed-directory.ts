/**
 * Demo resident directory: in each demo HOA a handful of neighbours listed, with a mix of shared
 * fields (email and phone, one of them, or neither). The demo accounts are not listed: Rita Resident
 * and Chris Resident find the card on their profile switched off.
 */
import { directoryListings } from '../../schema/tables';
import type { AreaSeeder } from './seed-kit';

const DAY = 86_400_000;

/** Email → shared fields. */
const LISTED: Record<string, { email: boolean; phone: boolean }> = {
  'grace.hall@maplegrove.test': { email: true, phone: true },
  'priya.shah@maplegrove.test': { email: false, phone: true },
  'tom.becker@maplegrove.test': { email: true, phone: false },
  'julia.fischer@maplegrove.test': { email: false, phone: false },
  'kenji.sato@maplegrove.test': { email: true, phone: false },
  'hannah.wright@maplegrove.test': { email: true, phone: true },
  'ruth.dalton@cedarpark.test': { email: true, phone: false },
  'victor.mendes@cedarpark.test': { email: true, phone: true },
  'ivy.chen@cedarpark.test': { email: false, phone: true },
  'samir.patel@cedarpark.test': { email: true, phone: false },
  'tessa.ward@cedarpark.test': { email: false, phone: false },
};

export const seedDirectory: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    const rows = Object.entries(LISTED).flatMap(([email, share], i) => {
      const userId = hoa.userIds[email];
      return userId ? [{ userId, hoaId: hoa.id, listed: true, shareEmail: share.email, sharePhone: share.phone, updatedAt: opts.now - (i + 2) * DAY }] : [];
    });
    if (rows.length > 0) await tx.insert(directoryListings).values(rows);
  }
};
