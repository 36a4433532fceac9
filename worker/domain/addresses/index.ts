/**
 * The address directory: the HOA's addresses with their
 * residents, paged, with the directory's counters (and synced to the board's devices: ./sync.ts). Board and superadmin only; another HOA's address
 * is a 404. Same street and unit twice in one HOA is refused (bulk add reuses the one there is).
 */
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ADDRESS_MESSAGES, addressDeleted, addressKey, type AddressForm, type AddressListQuery, type AddressStatistics, type ApiAddress, type ApiAddressPage, type ApiResident } from '../../../schema/addresses';
import { PEOPLE_MESSAGES, peoplePolicy } from '../../../schema/people';
import { userPolicy } from '../../../schema/users';
import { addresses, users } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import { touchDependents } from '../../sync/dependencies';
import { inHoa, type Actor } from '../actor';
import { containsSql } from '../contains';
import { conflict, forbidden, invalidField } from '../errors';
import { addressInHoa, currentManager } from '../user-admin/access';
import { shownName, shownNameOrder, updateUser } from '../users';
import { addressLineSql, addressRows } from './sync';

export { addressRows, addressSyncArea, directoryValues, visibleAddresses } from './sync';

type AddressRow = typeof addresses.$inferSelect;
const iso = (ms: number) => new Date(ms).toISOString();

function requireManager(actor: Actor) {
  if (!userPolicy.mayManage(actor.role)) throw forbidden(ADDRESS_MESSAGES.mayNotManage);
}

/** The residents of these addresses (members not deleted), by name. */
async function residentsOf(db: DbOrTx, hoaId: string, ids: string[]): Promise<Map<string, ApiResident[]>> {
  const out = new Map<string, ApiResident[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, status: users.status, addressId: users.addressId })
    .from(users)
    .where(and(eq(users.hoaId, hoaId), inArray(users.addressId, ids), isNull(users.deletedAt)))
    .orderBy(shownNameOrder());
  for (const r of rows) out.get(r.addressId!)?.push({ _id: r.id, name: shownName(r), email: r.email, role: r.role, status: r.status });
  return out;
}

const toApiAddress = (a: AddressRow, residents: ApiResident[]): ApiAddress => ({
  _id: a.id,
  street: a.street,
  unit_number: a.unitNumber,
  is_rented: a.isRented,
  notes: a.notes,
  residents,
  createdAt: iso(a.createdAt),
  updatedAt: iso(a.updatedAt),
});

const live = (actor: Pick<Actor, 'hoaId'>) => inHoa(actor, addresses.hoaId, isNull(addresses.deletedAt));

/**
 * The directory's order (schema/addresses.ts `directoryCompare`) in SQL, for the paged list: street
 * name, house number as a number, the street, unit (a number first where it is one), id.
 * tests/api/addresses.test.ts checks the two agree.
 */
export const directoryOrder = () => [
  asc(sql`lower(ltrim(${addresses.street}, '0123456789 '))`),
  asc(sql`CAST(${addresses.street} AS INTEGER)`),
  asc(sql`lower(${addresses.street})`),
  asc(sql`CAST(coalesce(${addresses.unitNumber}, '') AS INTEGER)`),
  asc(sql`lower(coalesce(${addresses.unitNumber}, ''))`),
  asc(addresses.id),
];

/**
 * `GET /api/addresses?page&limit&search`: in the directory's order; `search` keeps the addresses whose
 * label contains it (a picker finds any address, not only the first page's). The counters are the
 * whole directory's; totalDocs and the pages are the search's.
 */
export async function listAddresses(db: DbOrTx, actor: Actor, q: AddressListQuery): Promise<ApiAddressPage> {
  requireManager(actor);
  const where = and(live(actor), q.search ? containsSql(addressLineSql(), q.search) : undefined);
  const rows = await db
    .select()
    .from(addresses)
    .where(where)
    .orderBy(...directoryOrder())
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const residents = await residentsOf(db, actor.hoaId, rows.map((r) => r.id));
  const statistics = await addressStatistics(db, actor);
  const totalDocs = q.search ? (await db.select({ n: count() }).from(addresses).where(where))[0].n : statistics.totalAddresses;
  const totalPages = Math.ceil(totalDocs / q.limit);
  return {
    docs: rows.map((r) => toApiAddress(r, residents.get(r.id)!)),
    page: q.page,
    limit: q.limit,
    totalPages,
    totalDocs,
    hasNextPage: q.page < totalPages,
    statistics,
  };
}

/**
 * Total Addresses and Occupied: an address with at least one member assigned (any status), i.e. one
 * the table does not show as Vacant. The dashboard's Community Info counts with this too.
 */
export async function addressStatistics(db: DbOrTx, actor: Pick<Actor, 'hoaId'>): Promise<AddressStatistics> {
  // Spelled out with an alias: drizzle writes bare column names here, and "id" would be the resident's.
  const occupiedSql = sql<number>`coalesce(sum(exists (select 1 from users r where r.address_id = ${addresses}.id and r.hoa_id = ${addresses}.hoa_id and r.deleted_at is null)), 0)`.mapWith(Number);
  const [row] = await db.select({ totalAddresses: count(), occupied: occupiedSql }).from(addresses).where(live(actor));
  return row;
}

/** The address as the API shows it, with its residents (after a write, read in the same transaction). */
async function apiAddressById(db: DbOrTx, actor: Actor, id: string): Promise<ApiAddress> {
  const row = await addressInHoa(db, actor, id);
  return toApiAddress(row, (await residentsOf(db, actor.hoaId, [id])).get(id)!);
}

/** `GET /api/addresses/:id`. */
export async function getAddress(db: DbOrTx, actor: Actor, id: string): Promise<ApiAddress> {
  requireManager(actor);
  return apiAddressById(db, actor, id);
}

/** The same street and unit once per HOA (400 on `street`). */
async function refuseDuplicate(tx: Tx, actor: Actor, input: AddressForm, except?: string) {
  const key = addressKey(input.street, input.unit_number);
  const same = await tx
    .select({ street: addresses.street, unit: addresses.unitNumber })
    .from(addresses)
    .where(and(live(actor), except ? ne(addresses.id, except) : undefined, sql`lower(${addresses.street}) = ${input.street.trim().toLowerCase()}`));
  if (same.some((a) => addressKey(a.street, a.unit) === key)) throw invalidField('street', ADDRESS_MESSAGES.duplicate);
}

/** `POST /api/addresses` {street, unit_number?, is_rented?, notes?} → 201 the address. */
export async function createAddress(deps: AppDeps, tx: Tx, actor: Actor, input: AddressForm): Promise<ApiAddress> {
  await currentManager(tx, actor);
  await refuseDuplicate(tx, actor, input);
  const now = deps.clock();
  const id = newId();
  await addressRows.insert(deps, tx, { id, hoaId: actor.hoaId, street: input.street, unitNumber: input.unit_number, isRented: input.is_rented, notes: input.notes, createdAt: now, updatedAt: now });
  return apiAddressById(tx, actor, id);
}

/** `PUT /api/addresses/:id` {street, unit_number, is_rented, notes}. */
export async function updateAddress(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: AddressForm): Promise<ApiAddress> {
  await currentManager(tx, actor);
  await addressInHoa(tx, actor, id);
  await refuseDuplicate(tx, actor, input, id);
  await addressRows.update(deps, tx, and(live(actor), eq(addresses.id, id))!, { street: input.street, unitNumber: input.unit_number, isRented: input.is_rented, notes: input.notes, updatedAt: deps.clock() });
  // The synced members who live there show the address line.
  await touchDependents(deps, tx, 'addresses', actor.hoaId, [id]);
  return apiAddressById(tx, actor, id);
}

/**
 * `DELETE /api/addresses/:id`: a soft delete, only when no one lives there (any member not deleted,
 * invited and inactive ones too: 409 otherwise, `peoplePolicy.mayDeleteAddress`). Deleted members
 * who lived there are left without an address.
 */
export async function deleteAddress(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<{ message: string }> {
  await currentManager(tx, actor);
  const row = await addressInHoa(tx, actor, id);
  const now = deps.clock();
  const residents = await tx.select().from(users).where(and(eq(users.hoaId, actor.hoaId), eq(users.addressId, id)));
  if (!peoplePolicy.mayDeleteAddress({ residentCount: residents.filter((r) => r.deletedAt == null).length })) throw conflict(PEOPLE_MESSAGES.addressOccupied);
  for (const r of residents) await updateUser(deps, tx, r, { addressId: null, updatedAt: now });
  // Out of the synced directory: the pull that brings this change deletes it from the cache.
  await addressRows.update(deps, tx, and(eq(addresses.hoaId, row.hoaId), eq(addresses.id, row.id))!, { deletedAt: now, updatedAt: now });
  return { message: addressDeleted({ street: row.street, unit_number: row.unitNumber }) };
}
