import { count } from 'drizzle-orm';
import { hoaNameColumns } from '../../schema/hoa-name';
import { addresses, hoas, users } from '../../schema/tables';
import type { Role } from '../../schema/roles';
import type { Database, Tx } from '../db';
import { hashPassword } from '../services/passwords';
import { newId } from '../services/tokens';
import { seedAnnouncements } from './seed-announcements';
import { seedDirectory } from './seed-directory';
import { seedDocuments } from './seed-documents';
import { seedDues } from './seed-dues';
import { seedFines } from './seed-fines';
import { seedInspections } from './seed-inspections';
import { seedApplications } from './seed-applications';
import { seedMeetings } from './seed-meetings';
import { seedVotes } from './seed-votes';
import { seedActivity } from './seed-activity';
import { seedLedger } from './seed-ledger';
import { seedListViews } from './seed-list-views';
import { seedSubscriptions } from './seed-payments';
import { seedRequests } from './seed-requests';
import { seedNeighbours } from './seed-users';
import { seedViolations } from './seed-violations';
import { DEMO_PASSWORD, DEMO_TIME_ZONE, type AreaSeeder, type SeededHoa, type SeededPlatform, type SeedOptions } from './seed-kit';

export { DEMO_PASSWORD };

interface DemoHoa {
  name: string;
  city: string;
  zip: string;
  domain: string;
  addresses: { street: string; unit?: string; rented?: boolean; notes?: string }[];
  people: { email: string; name: string; role: Role; address?: number; phone?: string }[];
}

/** The demo data: two HOAs so tenant isolation can be seen. */
export const DEMO_HOAS: DemoHoa[] = [
  {
    name: 'Maple Grove HOA',
    city: 'Austin',
    zip: '78701',
    domain: 'maplegrove.test',
    addresses: [
      { street: '101 Maple Grove Lane' },
      { street: '103 Maple Grove Lane', rented: true, notes: 'Tenant lease through June.' },
      { street: '200 Birch Court', unit: '2A' },
      { street: '200 Birch Court', unit: '2B' },
      { street: '15 Willow Way' },
    ],
    people: [
      { email: 'owner@maplegrove.test', name: 'Olivia Owner', role: 'superadmin', address: 0, phone: '512-555-0100' },
      { email: 'board@maplegrove.test', name: 'Ben Board', role: 'board', address: 4, phone: '512-555-0101' },
      { email: 'resident@maplegrove.test', name: 'Rita Resident', role: 'resident', address: 1, phone: '512-555-0102' },
      { email: 'resident2@maplegrove.test', name: 'Ray Resident', role: 'resident', address: 2 },
    ],
  },
  {
    name: 'Cedar Park HOA',
    city: 'Cedar Park',
    zip: '78613',
    domain: 'cedarpark.test',
    addresses: [{ street: '1 Cedar Park Drive' }, { street: '7 Juniper Street', unit: '12' }, { street: '44 Elm Row' }],
    people: [
      { email: 'owner@cedarpark.test', name: 'Carl Owner', role: 'superadmin', address: 0 },
      { email: 'board@cedarpark.test', name: 'Cora Board', role: 'board', address: 2 },
      { email: 'resident@cedarpark.test', name: 'Chris Resident', role: 'resident', address: 1 },
    ],
  },
];

async function seedPlatform(tx: Tx, opts: SeedOptions): Promise<SeededPlatform> {
  const out: SeededHoa[] = [];
  const day = 86_400_000;
  for (const demo of DEMO_HOAS) {
    const hoaId = newId();
    await tx.insert(hoas).values({ id: hoaId, ...hoaNameColumns(demo.name), city: demo.city, zip: demo.zip, timeZone: DEMO_TIME_ZONE, createdAt: opts.now - 90 * day });
    const addressIds: string[] = [];
    for (const a of demo.addresses) {
      const id = newId();
      addressIds.push(id);
      await tx.insert(addresses).values({
        id,
        hoaId,
        street: a.street,
        unitNumber: a.unit ?? null,
        isRented: a.rented ?? false,
        notes: a.notes ?? null,
        createdAt: opts.now - 90 * day,
        updatedAt: opts.now - 90 * day,
      });
    }
    const userIds: Record<string, string> = {};
    for (const p of demo.people) {
      const id = newId();
      userIds[p.email] = id;
      await tx.insert(users).values({
        id,
        hoaId,
        name: p.name,
        email: p.email,
        role: p.role,
        status: 'active',
        addressId: p.address != null ? addressIds[p.address] : null,
        phone: p.phone ?? null,
        passwordHash: await hashPassword(DEMO_PASSWORD, opts.passwordIterations),
        createdAt: opts.now - 60 * day,
        updatedAt: opts.now - 60 * day,
      });
    }
    out.push({ id: hoaId, name: demo.name, userIds, addressIds });
  }
  return { hoas: out };
}

export const areaSeeders: AreaSeeder[] = [seedSubscriptions, seedNeighbours, seedAnnouncements, seedDocuments, seedRequests, seedViolations, seedDues, seedLedger, seedFines, seedListViews, seedInspections, seedApplications, seedMeetings, seedVotes, seedDirectory, seedActivity];

/** Seeds the demo data into an empty database; returns false when data already exists. */
export async function seedDemoData(database: Database, opts: SeedOptions): Promise<boolean> {
  const [{ n }] = await database.db.select({ n: count() }).from(hoas);
  if (n > 0) return false;
  await database.transaction(async (tx) => {
    const platform = await seedPlatform(tx, opts);
    for (const seed of areaSeeders) await seed(tx, platform, opts);
  });
  return true;
}
