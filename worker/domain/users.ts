import { and, asc, count, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ApiUser } from '../../schema/auth';
import { needsReactivation } from '../../schema/subscriptions';
import type { ApiUserPage, UserListQuery, UserStatistics } from '../../schema/users';
import { addresses, hoas, subscriptions, users } from '../../schema/tables';
import { DAY_MS } from '../../schema/days';
import { preparedRead, type Database, type DbOrTx, type Tx } from '../db';
import { answerKey, countUnderCounters, countsUnderCounters, jsonUntilNextWrite } from '../sync/counted';
import { bumpChanges } from '../sync/changes';
import { touchDependents, type DependentsDeps } from '../sync/dependencies';
import { statementFor } from '../sync/statements';
import { requireRole, rowInHoa, type Actor } from './actor';
import { containsPattern, containsPatternSql } from './contains';
import { notFound } from './errors';
import { MEMBER_FIELDS, memberRows } from './members';

export type UserRow = typeof users.$inferSelect;
type SubscriptionStatus = (typeof subscriptions.$inferSelect)['status'];

/** Epoch milliseconds as `Date.toISOString()` writes them, by SQLite; null stays null. */
const isoSql = (ms: AnySQLiteColumn) => sql`CASE WHEN ${ms} IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch') END`;

/**
 * The user as the API returns it (`ApiUser`), as JSON text built by SQLite: the board's list and the
 * signed-in user's own record both read it, so a page of 100 members is never mapped column by column
 * in JavaScript. Never includes the password hash. `address` is the joined `addresses` row (the query
 * decides which address counts). `needsReactivation` is added by `withReactivation` (its rule is the
 * schema's, in JavaScript).
 */
const apiUserJson = sql<string>`json_object(
  '_id', ${users.id}, 'id', ${users.id}, 'name', ${users.name}, 'email', ${users.email}, 'role', ${users.role},
  'status', ${users.status}, 'hoa_id', ${users.hoaId}, 'address_id', ${users.addressId},
  'address', json(CASE WHEN ${addresses.id} IS NULL THEN NULL ELSE json_object('_id', ${addresses.id}, 'street', ${addresses.street}, 'unit_number', ${addresses.unitNumber}) END),
  'phone', ${users.phone}, 'createdAt', ${isoSql(users.createdAt)}, 'lastLogin', ${isoSql(users.lastLogin)})`;

/** `apiUserJson`'s text with `needsReactivation` last, as the API has always sent it. */
const withReactivation = (json: string, role: ApiUser['role'], subscriptionStatus: SubscriptionStatus | null) =>
  `${json.slice(0, -1)},"needsReactivation":${needsReactivation(role, subscriptionStatus)}}`;

/** A live membership with this email (case-insensitively), the first found: tests and scripts that know it is in one HOA. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * A user as the API returns it, with their address, whether they must reactivate and their HOA's time zone and name: one statement.
 * Undefined when there is no such user in the HOA (or they were deleted).
 */
export async function findApiUser(db: DbOrTx, hoaId: string, userId: string): Promise<ApiUser | undefined> {
  const row = await apiUserQuery(db).get({ userId, hoaId });
  return row && { ...(JSON.parse(withReactivation(row.user, row.role, row.s)) as ApiUser), hoa_time_zone: row.timeZone, hoa_name: row.hoaName, hoa_count: row.hoaCount };
}

/** Built once per database or transaction (the profile is read on every start of the app). */
const apiUserQuery = (db: DbOrTx) => statementFor(db, 'apiUser', () => buildApiUserQuery(db));
const buildApiUserQuery = (db: DbOrTx) =>
  db
    .select({
      user: apiUserJson,
      role: users.role,
      s: subscriptions.status,
      timeZone: hoas.timeZone,
      hoaName: hoas.name,
      // The account's HOAs (docs/decisions/241-one-account-several-hoas.md): its active memberships.
      hoaCount: sql<number>`(SELECT count(*) FROM users AS m WHERE lower(m.email) = lower(${users.email}) AND m.status = 'active' AND m.deleted_at IS NULL)`.mapWith(Number),
    })
    .from(users)
    .innerJoin(hoas, eq(hoas.id, users.hoaId))
    .leftJoin(addresses, and(eq(addresses.id, users.addressId), eq(addresses.hoaId, users.hoaId)))
    .leftJoin(subscriptions, eq(subscriptions.hoaId, users.hoaId))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.hoaId, sql.placeholder('hoaId')), isNull(users.deletedAt)))
    .limit(1)
    .prepare();

/** The signed-in user's own record (login, refresh, activation) as the API returns it. */
export async function loadApiUser(db: DbOrTx, user: UserRow): Promise<ApiUser> {
  const found = await findApiUser(db, user.hoaId, user.id);
  if (!found) throw notFound('User not found');
  return found;
}

export async function getUser(db: DbOrTx, actor: Actor, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(rowInHoa(actor, users, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * Every change to a user goes through here. A change the pickers see (the synced member: name,
 * email, role, status, address, deletion) is recorded for sync; a sign-in or a new password is not
 * (no new version), so it pokes no board device. Synced values show users (an author's name, the size of an audience),
 * so those rows get a new version; and when what the user may see changes (role, status, deletion),
 * their next pull recomputes their whole view. A move re-sends the values that show who lives at the
 * address left and the one moved to.
 */
export async function updateUser(
  deps: DependentsDeps,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'hoaId'>,
  set: Partial<Pick<UserRow, 'name' | 'email' | 'role' | 'status' | 'passwordHash' | 'lastLogin' | 'addressId' | 'phone' | 'invitedAt' | 'deletedAt' | 'updatedAt'>>,
): Promise<UserRow> {
  const where = and(eq(users.id, user.id), eq(users.hoaId, user.hoaId))!;
  // A move: the address left, read before the write (the values that show who lives there follow it).
  const [before] = set.addressId !== undefined ? await tx.select({ addressId: users.addressId }).from(users).where(where).limit(1) : [];
  // The version is the synced member's: it moves with what the pickers see, as every synced row's does.
  const synced = MEMBER_FIELDS.some((field) => set[field] !== undefined) || (set.lastLogin != null && (await firstSignInOfDay(tx, where, set.lastLogin)));
  const [row] = synced ? await memberRows.update(deps, tx, where, set) : await tx.update(users).set(set).where(where).returning();
  if (!row) throw notFound('User not found');
  if (before && before.addressId !== row.addressId) {
    await touchDependents(deps, tx, 'residents', user.hoaId, [before.addressId, row.addressId].filter((id): id is string => id != null));
  }
  // Email, phone and address too: the resident directory shows them (a move out to no address
  // names no address the user lives at, so 'residents' alone cannot reach their entry).
  const dependentsShowIt =
    set.name !== undefined || set.email !== undefined || set.phone !== undefined || set.addressId !== undefined || set.role !== undefined || set.status !== undefined || set.deletedAt !== undefined;
  if (dependentsShowIt) await touchDependents(deps, tx, 'users', user.hoaId, [user.id]);
  const visibilityMoves = set.role !== undefined || set.status !== undefined || set.deletedAt !== undefined;
  if (visibilityMoves) await bumpChanges(deps, tx, { visibilityUserIds: [user.id] });
  return row;
}

/** Whether a sign-in at `at` is the user's first of its (UTC) day: the synced member shows the day only (`lastLoginDay`). */
async function firstSignInOfDay(tx: Tx, where: SQL, at: number): Promise<boolean> {
  const [before] = await tx.select({ lastLogin: users.lastLogin }).from(users).where(where).limit(1);
  return before?.lastLogin == null || Math.floor(before.lastLogin / DAY_MS) !== Math.floor(at / DAY_MS);
}

/** The name shown for a user: an invited user has none until they activate, so their email. */
export const shownName = (u: Pick<UserRow, 'name' | 'email'>) => u.name || u.email;

/** `shownName` in SQL. */
export const shownNameSql = () => sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`;

/** The list order: by shown name, then id (invited users without a name sort by their email). */
export const shownNameOrder = () => asc(sql`lower(${shownNameSql()})`);
const byShownName = [shownNameOrder(), asc(users.id)];

type MembersFilter = Pick<UserListQuery, 'includeDeleted' | 'status' | 'role' | 'search'>;
/** The filter's values, each absent when the query has none: the query's own (the count), or placeholders (the page, rendered once). */
interface MembersFilterValues {
  hoaId: string | Placeholder;
  status?: NonNullable<UserListQuery['status']> | Placeholder;
  role?: NonNullable<UserListQuery['role']> | Placeholder;
  /** A LIKE pattern from `containsPattern`. */
  pattern?: string | Placeholder;
}

/** The members the list shows: the HOA's, the deleted only when asked for, then by status, role and search. */
function membersWhere(includeDeleted: boolean, v: MembersFilterValues): SQL {
  return and(
    eq(users.hoaId, v.hoaId),
    includeDeleted ? undefined : isNull(users.deletedAt),
    v.status === undefined ? undefined : eq(users.status, v.status),
    v.role === undefined ? undefined : eq(users.role, v.role),
    v.pattern === undefined ? undefined : or(containsPatternSql(sql`${users.name}`, v.pattern), containsPatternSql(sql`${users.email}`, v.pattern)),
  )!;
}

type UserPageValues = { hoaId: string; status: string | null; role: string | null; pattern: string | null; limit: number; offset: number };
const userPageOwner = {};

/**
 * A page of members as JSON texts, rendered once per shape of query (which filters it has), with
 * placeholders for the values: drizzle building the statement cost about what SQLite took to run it.
 */
function userPageRead(q: MembersFilter) {
  const shape = [q.includeDeleted, Boolean(q.status), Boolean(q.role), Boolean(q.search)].join(':');
  return statementFor(userPageOwner, shape, () =>
    preparedRead<{ user: string; role: ApiUser['role']; s: SubscriptionStatus | null }, UserPageValues>(() => {
      const where = membersWhere(q.includeDeleted, {
        hoaId: sql.placeholder('hoaId'),
        status: q.status && sql.placeholder('status'),
        role: q.role && sql.placeholder('role'),
        pattern: q.search ? sql.placeholder('pattern') : undefined,
      });
      return sql`SELECT ${apiUserJson} AS user, ${users.role} AS role, ${subscriptions.status} AS s FROM ${users}
        LEFT JOIN ${addresses} ON ${and(eq(addresses.id, users.addressId), eq(addresses.hoaId, users.hoaId), isNull(addresses.deletedAt))}
        LEFT JOIN ${subscriptions} ON ${eq(subscriptions.hoaId, users.hoaId)}
        WHERE ${where} ORDER BY ${sql.join(byShownName, sql`, `)} LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;
    }),
  );
}

/**
 * `GET /api/users` (board and superadmin): the HOA's members by name, paginated, with the counters of
 * the management screen (over every member, whatever the filters). Pickers pass `status=active`.
 * An `ApiUserPage` as JSON text: each member's is SQLite's (`apiUserJson`).
 */
export async function listUsersJson(database: Database, actor: Actor, q: UserListQuery): Promise<string> {
  requireRole(actor, 'board');
  const { db } = database;
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where = membersWhere(q.includeDeleted, { hoaId: actor.hoaId, status: q.status, role: q.role, pattern });
  // The count and the counters are kept while no member changes (every field they read is a synced
  // member's, so each change moves the HOA's counter): a 10,000-member HOA is not counted per page.
  // The page shows each member's last sign-in, which moves no counter: it is kept until the next write.
  const total = await countUnderCounters(database, actor, answerKey('users', 'count', q.includeDeleted, q.status, q.role, q.search), async () => (await db.select({ n: count() }).from(users).where(where))[0].n);
  const docs = await jsonUntilNextWrite(database, actor, answerKey('users', 'page', q.page, q.limit, q.includeDeleted, q.status, q.role, q.search), async () => {
    const rows = await userPageRead(q)(database, {
      hoaId: actor.hoaId,
      status: q.status ?? null,
      role: q.role ?? null,
      pattern: pattern ?? null,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return `[${rows.map((r) => withReactivation(r.user, r.role, r.s)).join(',')}]`;
  });
  const totalPages = Math.ceil(total / q.limit);
  const rest: Omit<ApiUserPage, 'docs'> = {
    totalDocs: total,
    totalPages,
    page: q.page,
    limit: q.limit,
    hasNextPage: q.page < totalPages,
    statistics: await countsUnderCounters(database, actor, answerKey('users', 'stats'), () => userStatistics(db, actor.hoaId)),
  };
  return `{"docs":${docs},${JSON.stringify(rest).slice(1)}`;
}

/**
 * An active user, wherever users are counted (the management screen's Active Users, the dashboard's
 * board members): an account someone can sign in to, status active and a password set (a member who
 * never activated has none).
 */
export const isActiveUser = () => sql`(${users.status} = 'active' AND ${users.passwordHash} IS NOT NULL)`;

/** The management screen's counters: members not deleted. */
export async function userStatistics(db: DbOrTx, hoaId: string): Promise<UserStatistics> {
  const n = (cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      totalUsers: count(),
      activeUsers: n(isActiveUser()),
      boardMembers: n(sql`${users.role} = 'board'`),
      pendingInvitations: n(sql`${users.status} = 'invited'`),
      superAdmins: n(sql`${users.role} = 'superadmin'`),
    })
    .from(users)
    .where(and(eq(users.hoaId, hoaId), isNull(users.deletedAt)));
  return row;
}
