/**
 * The neighbourhood around the demo accounts: in each demo HOA 20–30 addresses (owned, rented, with
 * notes, some vacant) and members in every status — active residents and board members who signed in
 * recently or never, invitations still pending (one about to expire, one expired, one to a member of
 * the other HOA), inactive members (one an invitation that was blocked) and a deleted member — so
 * /users and /addresses show real pages.
 */
import { addresses, users } from '../../schema/tables';
import type { Role, UserStatus } from '../../schema/roles';
import type { Tx } from '../db';
import { hashPassword } from '../services/passwords';
import { newId } from '../services/tokens';
import { DEMO_PASSWORD, type AreaSeeder } from './seed-kit';

const DAY = 86_400_000;

interface Neighbour {
  name: string;
  role?: Role;
  status?: UserStatus;
  /** Index into the HOA's new addresses; none: no address. */
  home?: number;
  phone?: string;
  /** Days ago they last signed in (active members only). */
  seen?: number;
  deleted?: boolean;
  /** Set inactive while still invited: never accepted, no password. */
  blocked?: boolean;
  /** Days since the invitation was sent (invited members; else a recent day): over 7, it has expired. */
  invitedDaysAgo?: number;
  /** An address of another HOA's member (their account): invited here, they accept with it. */
  email?: string;
}
interface Street {
  street: string;
  unit?: string;
  rented?: boolean;
  notes?: string;
}

const MAPLE_STREETS: Street[] = [
  { street: '105 Maple Grove Lane' },
  { street: '107 Maple Grove Lane', rented: true },
  { street: '109 Maple Grove Lane', notes: 'Corner lot; side gate opens onto the greenbelt.' },
  { street: '111 Maple Grove Lane' },
  { street: '113 Maple Grove Lane', rented: true, notes: 'Owner lives out of state; contact the property manager.' },
  { street: '200 Birch Court', unit: '2C' },
  { street: '200 Birch Court', unit: '2D', rented: true },
  { street: '200 Birch Court', unit: '3A' },
  { street: '200 Birch Court', unit: '3B' },
  { street: '17 Willow Way' },
  { street: '19 Willow Way', rented: true },
  { street: '21 Willow Way', notes: 'Pool fence inspected in March.' },
  { street: '4 Aspen Circle' },
  { street: '6 Aspen Circle' },
  { street: '8 Aspen Circle', rented: true },
  { street: '10 Aspen Circle' },
  { street: '300 Oak Hollow Drive', unit: '101' },
  { street: '300 Oak Hollow Drive', unit: '102', rented: true },
  { street: '300 Oak Hollow Drive', unit: '201' },
  { street: '300 Oak Hollow Drive', unit: '202', notes: 'Vacant since the sale; new owners expected in spring.' },
];
const MAPLE_PEOPLE: Neighbour[] = [
  { name: 'Grace Hall', home: 0, phone: '512-555-0110', seen: 1 },
  { name: 'Marcus Lee', home: 1, seen: 3 },
  { name: 'Priya Shah', home: 2, phone: '512-555-0112', seen: 12 },
  { name: 'Tom Becker', home: 3, role: 'board', phone: '512-555-0113', seen: 0 },
  { name: 'Lena Novak', home: 4, seen: 30 },
  { name: 'Omar Haddad', home: 5 },
  { name: 'Julia Fischer', home: 6, phone: '512-555-0116', seen: 6 },
  { name: 'Kenji Sato', home: 7, seen: 2 },
  { name: 'Sofia Rossi', home: 7 },
  { name: 'Daniel Kim', home: 9, seen: 45 },
  { name: 'Hannah Wright', home: 10, phone: '512-555-0120', seen: 8 },
  { name: 'Chloe Martin', home: 11, status: 'invited' },
  { name: 'Ethan Brooks', home: 12, status: 'invited', phone: '512-555-0122' },
  { name: 'Ava Johnson', status: 'invited', invitedDaysAgo: 10 },
  { name: 'Noah Garcia', home: 13, status: 'inactive', blocked: true },
  { name: 'Mia Thompson', home: 14, status: 'inactive', seen: 120 },
  { name: 'Lucas Silva', home: 16, seen: 4 },
  { name: 'Emma Clarke', home: 17, phone: '512-555-0127', seen: 15 },
  { name: 'Isaac Park', home: 18, role: 'board', seen: 1 },
  { name: 'Zoe Adams', home: 8, deleted: true, seen: 200 },
];

const CEDAR_STREETS: Street[] = [
  { street: '3 Cedar Park Drive' },
  { street: '5 Cedar Park Drive', rented: true },
  { street: '9 Cedar Park Drive' },
  { street: '11 Cedar Park Drive', notes: 'Shared driveway with number 13.' },
  { street: '13 Cedar Park Drive' },
  { street: '7 Juniper Street', unit: '14' },
  { street: '7 Juniper Street', unit: '16', rented: true },
  { street: '7 Juniper Street', unit: '18' },
  { street: '46 Elm Row' },
  { street: '48 Elm Row', rented: true, notes: 'Lease renews every August.' },
  { street: '50 Elm Row' },
  { street: '2 Sycamore Bend' },
  { street: '4 Sycamore Bend' },
  { street: '6 Sycamore Bend', rented: true },
  { street: '8 Sycamore Bend' },
  { street: '12 Hickory Place' },
  { street: '14 Hickory Place' },
  { street: '16 Hickory Place', notes: 'Lot under construction until June.' },
  { street: '18 Hickory Place' },
];
const CEDAR_PEOPLE: Neighbour[] = [
  { name: 'Ruth Dalton', home: 0, seen: 2 },
  { name: 'Victor Mendes', home: 1, phone: '512-555-0211', seen: 5 },
  { name: 'Alice Turner', home: 2, seen: 1 },
  { name: 'Samir Patel', home: 3, role: 'board', seen: 0 },
  { name: 'Nora Quinn', home: 4, seen: 20 },
  { name: 'Felix Wagner', home: 5 },
  { name: 'Ivy Chen', home: 6, phone: '512-555-0216', seen: 9 },
  { name: 'Leo Moreau', home: 8, seen: 3 },
  { name: 'Maya Brown', home: 9 },
  { name: 'Owen Price', home: 10, seen: 60 },
  { name: 'Elena Petrova', home: 11, status: 'invited' },
  { name: 'Jonah Reed', status: 'invited' },
  // A Maple Grove resident who bought here too: invited with the account she has (she accepts with it).
  { name: 'Grace Hall', email: 'grace.hall@maplegrove.test', status: 'invited', role: 'resident' },
  { name: 'Clara Vogel', home: 12, status: 'inactive', seen: 90 },
  { name: 'Hugo Lambert', home: 13, status: 'inactive', blocked: true },
  { name: 'Tessa Ward', home: 14, seen: 7 },
  { name: 'Yusuf Kaya', home: 15, seen: 11 },
  { name: 'Paula Costa', home: 16, role: 'board', seen: 2 },
  { name: 'Ben Carter', home: 17, deleted: true },
];

const NEIGHBOURHOODS: Record<string, { domain: string; streets: Street[]; people: Neighbour[] }> = {
  'Maple Grove HOA': { domain: 'maplegrove.test', streets: MAPLE_STREETS, people: MAPLE_PEOPLE },
  'Cedar Park HOA': { domain: 'cedarpark.test', streets: CEDAR_STREETS, people: CEDAR_PEOPLE },
};

/** first.last@domain, the demo accounts' style. */
const emailOf = (name: string, domain: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${domain}`;

export const seedNeighbours: AreaSeeder = async (tx: Tx, platform, opts) => {
  // One hash for every active neighbour (they sign in with the demo password): hashing each at the
  // production count would add seconds to every fresh `npm start`. Demo data only.
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.passwordIterations);
  for (const hoa of platform.hoas) {
    const hood = NEIGHBOURHOODS[hoa.name];
    if (!hood) continue;
    const homeIds: string[] = [];
    for (const [i, s] of hood.streets.entries()) {
      const id = newId();
      homeIds.push(id);
      const created = opts.now - (80 - i) * DAY;
      await tx.insert(addresses).values({ id, hoaId: hoa.id, street: s.street, unitNumber: s.unit ?? null, isRented: s.rented ?? false, notes: s.notes ?? null, createdAt: created, updatedAt: created });
    }
    hoa.addressIds.push(...homeIds);
    await insertPeople(tx, hoa.id, hood.domain, hood.people, homeIds, passwordHash, opts.now, hoa.userIds);
  }
};

async function insertPeople(tx: Tx, hoaId: string, domain: string, people: Neighbour[], homeIds: string[], passwordHash: string, now: number, userIds: Record<string, string>) {
  for (const [i, p] of people.entries()) {
    const id = newId();
    const email = p.email ?? emailOf(p.name, domain);
    const status = p.status ?? 'active';
    // Invited recently (the last one about 6 days ago, so its link is nearly expired, one 10 days ago,
    // expired); others earlier.
    const created = status === 'invited' ? now - (p.invitedDaysAgo ?? 1 + (i % 6)) * DAY : now - (50 - i) * DAY;
    if (!p.deleted) userIds[email] = id;
    await tx.insert(users).values({
      id,
      hoaId,
      // An invited member has no name until they accept (the list shows their email).
      name: status === 'invited' ? '' : p.name,
      email,
      role: p.role ?? 'resident',
      status,
      addressId: p.home != null ? homeIds[p.home] : null,
      phone: p.phone ?? null,
      passwordHash: status === 'invited' || p.blocked ? null : passwordHash,
      // Sent when they were invited: the list's sent date, and when the invitation expires (schema/people.ts).
      invitedAt: status === 'invited' ? created : null,
      lastLogin: p.seen != null ? now - p.seen * DAY - (i % 5) * 3_600_000 : null,
      deletedAt: p.deleted ? now - 10 * DAY : null,
      createdAt: created,
      updatedAt: created,
    });
  }
}
