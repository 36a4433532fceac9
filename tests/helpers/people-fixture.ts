/**
 * A large HOA's people, written straight into the database (no REST, no mail): `count` members over
 * `homes` addresses on a handful of streets, some invited long ago (their invitations expired), and
 * any named people the story needs. A board member who signs in afterwards pulls them all.
 */
import { addresses, users } from '../../schema/tables';
import { DAY_MS } from '../../schema/days';
import { newId } from '../../worker/services/tokens';
import type { Tx } from '../../worker/db';

const STREETS = ['Maple Avenue', 'Birch Lane', 'Willow Way', 'Cedar Court', 'Aspen Drive', 'Hawthorn Road', 'Linden Street', 'Poplar Place'];
const FIRST = ['Ada', 'Ben', 'Cora', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jia', 'Kai', 'Lena', 'Max', 'Nia', 'Omar', 'Pia'];
const LAST = ['Abbott', 'Bryant', 'Castillo', 'Diaz', 'Ellison', 'Fischer', 'Garcia', 'Hughes', 'Ibarra', 'Jensen', 'Kowalski', 'Lopez'];

export interface ScalePerson {
  name: string;
  email: string;
  street: string;
  status?: 'active' | 'invited';
  invitedAt?: number;
}

export interface PeopleScale {
  hoaId: string;
  now: number;
  /** Members made up (the named ones come on top). */
  count: number;
  homes: number;
  /** How many of the made-up members were invited `expiredDays` ago and never accepted. */
  expired: number;
  expiredDays?: number;
  /** People the story looks for, each at an address of their own. */
  named?: ScalePerson[];
  /** The made-up members' email domain (unique per run). */
  domain: string;
}

export async function addPeopleAtScale(tx: Tx, p: PeopleScale): Promise<void> {
  const created = p.now - 90 * DAY_MS;
  const homes = Array.from({ length: p.homes }, (_, i) => ({
    id: newId(),
    hoaId: p.hoaId,
    street: `${100 + Math.floor(i / STREETS.length)} ${STREETS[i % STREETS.length]}`,
    unitNumber: null,
    isRented: i % 5 === 0,
    createdAt: created,
    updatedAt: created,
  }));
  const named = (p.named ?? []).map((n) => ({ ...n, home: { id: newId(), hoaId: p.hoaId, street: n.street, unitNumber: null, isRented: false, createdAt: created, updatedAt: created } }));
  const allHomes = [...homes, ...named.map((n) => n.home)];
  for (let i = 0; i < allHomes.length; i += 200) await tx.insert(addresses).values(allHomes.slice(i, i + 200));

  const invitedAt = p.now - (p.expiredDays ?? 10) * DAY_MS;
  const people = Array.from({ length: p.count }, (_, i) => {
    const invited = i < p.expired;
    return {
      id: newId(),
      hoaId: p.hoaId,
      name: invited ? '' : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
      email: `member${i}@${p.domain}`,
      role: 'resident' as const,
      status: invited ? ('invited' as const) : ('active' as const),
      addressId: homes[i % homes.length].id,
      phone: `512-555-${String(i).padStart(4, '0')}`,
      invitedAt: invited ? invitedAt : null,
      createdAt: created,
      updatedAt: created,
    };
  });
  const namedRows = named.map((n) => ({
    id: newId(),
    hoaId: p.hoaId,
    name: n.status === 'invited' ? '' : n.name,
    email: n.email,
    role: 'resident' as const,
    status: n.status ?? ('active' as const),
    addressId: n.home.id,
    phone: null,
    invitedAt: n.invitedAt ?? null,
    createdAt: created,
    updatedAt: created,
  }));
  const rows = [...people, ...namedRows];
  for (let i = 0; i < rows.length; i += 200) await tx.insert(users).values(rows.slice(i, i + 200));
}
