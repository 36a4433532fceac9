import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DEFAULT_TIME_ZONE } from '../days';
import { PROCESSING_FEE_MODES } from '../ledger';
import { ROLES } from '../roles';
import { hoaId, id, ms } from './columns';

export const hoas = sqliteTable(
  'hoas',
  {
    id: id(),
    name: text('name').notNull(),
    city: text('city'),
    zip: text('zip'),
    /**
     * The HOA's IANA time zone: a day without a time (a due date) is a calendar day here, for the
     * server, the jobs and every screen (schema/days.ts). New HOAs get their owner's browser zone.
     */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    createdAt: ms('created_at').notNull(),
    /**
     * The name's keys (`hoaNameKeys`, schema/hoa-name.ts): two names that look alike share one, and
     * each is unique, so no two HOAs look alike whatever writes them at once.
     */
    nameKey: text('name_key').notNull(),
    nameKeyUpper: text('name_key_upper').notNull(),
    /** Card and bank processing fees: absorbed by the HOA, or passed on to residents and shown before they pay. */
    processingFees: text('processing_fees', { enum: PROCESSING_FEE_MODES }).notNull().default('absorbed'),
    /** The last receipt number issued (receipts are numbered per HOA, 1, 2, 3…). */
    receiptSeq: integer('receipt_seq').notNull().default(0),
  },
  (t) => [uniqueIndex('hoas_name_key').on(t.nameKey), uniqueIndex('hoas_name_key_upper').on(t.nameKeyUpper)],
);

export const users = sqliteTable(
  'users',
  {
    id: id(),
    hoaId: hoaId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    status: text('status', { enum: ['active', 'invited', 'inactive'] }).notNull(),
    addressId: text('address_id'),
    phone: text('phone'),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null until an invited user activates. */
    passwordHash: text('password_hash'),
    lastLogin: ms('last_login'),
    /** When the current invitation was sent (invite, resend); null before the first one (schema/people.ts `invitationState`). */
    invitedAt: ms('invited_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    deletedAt: ms('deleted_at'),
    /** Row version for sync: the synced member's (worker/domain/members/sync.ts), bumped by every write it shows. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One membership per email in each HOA; one account (email, password, name) may hold several
    // (docs/decisions/241-one-account-several-hoas.md). Its first column serves the account's lookups.
    uniqueIndex('users_email_hoa_ci').on(sql`lower(${t.email})`, t.hoaId),
    index('users_hoa').on(t.hoaId),
    // Audiences: active members by role (sizes) and by name (the recipient lists).
    index('users_hoa_status_role').on(t.hoaId, t.status, t.role),
    index('users_hoa_status_name').on(t.hoaId, t.status, t.name),
    // An address's residents (members not deleted) by shown name: the directory, synced and REST.
    index('users_hoa_address_residents').on(t.hoaId, t.addressId, t.deletedAt, sql`lower(coalesce(nullif(${t.name}, ''), ${t.email}))`, t.id),
    // The members list in its order (worker/domain/users.ts shownNameOrder: the name, else the
    // email), a page at a time; and the recently deleted, newest first.
    index('users_hoa_shown_name')
      .on(t.hoaId, sql`lower(coalesce(nullif(${t.name}, ''), ${t.email}))`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('users_hoa_deleted').on(t.hoaId, t.deletedAt, t.id),
  ],
);

/**
 * Active members (status active, not deleted) per HOA and role, kept by triggers on `users` whoever
 * writes them (migrations/0034_member-counts.sql): an announcement's audience size reads one row
 * per role instead of counting a large HOA's members in every statement that shows it.
 */
export const memberCounts = sqliteTable(
  'member_counts',
  {
    hoaId: hoaId(),
    role: text('role', { enum: ROLES }).notNull(),
    active: integer('active').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hoaId, t.role] })],
);

export const addresses = sqliteTable(
  'addresses',
  {
    id: id(),
    hoaId: hoaId(),
    street: text('street').notNull(),
    unitNumber: text('unit_number'),
    isRented: integer('is_rented', { mode: 'boolean' }).notNull().default(false),
    notes: text('notes'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    deletedAt: ms('deleted_at'),
    /** The synced directory entry's version (sync/areas/addresses.ts). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('addresses_hoa').on(t.hoaId),
    // The paged address list in the directory's order (worker/domain/addresses/index.ts directoryOrder).
    index('addresses_hoa_directory')
      .on(
        t.hoaId,
        sql`lower(ltrim(${t.street}, '0123456789 '))`,
        sql`CAST(${t.street} AS INTEGER)`,
        sql`lower(${t.street})`,
        sql`CAST(coalesce(${t.unitNumber}, '') AS INTEGER)`,
        sql`lower(coalesce(${t.unitNumber}, ''))`,
        t.id,
      )
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** One row per refresh token; rotation inserts a new row in the same family. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id').notNull(),
    hoaId: hoaId(),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: ms('created_at').notNull(),
    lastUsedAt: ms('last_used_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    /** Set when this token was exchanged for a newer one; presenting it again is reuse. */
    rotatedAt: ms('rotated_at'),
    revokedAt: ms('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_family').on(t.familyId),
    index('sessions_user').on(t.userId),
    index('sessions_hoa').on(t.hoaId),
  ],
);

export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: id(),
    userId: text('user_id').notNull(),
    hoaId: hoaId(),
    kind: text('kind', { enum: ['reset', 'activation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash').on(t.tokenHash),
    index('auth_tokens_user').on(t.userId),
    index('auth_tokens_hoa').on(t.hoaId),
  ],
);

/** Fixed-window counters for rate limits; kept in the database because Workers share no memory. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ms('window_start').notNull(),
  count: integer('count').notNull(),
});
