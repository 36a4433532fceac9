/**
 * Addresses: messages, the address form and body,
 * the residency label, and the list answer. Board and superadmin manage them (userPolicy.mayManage).
 */
import { z } from 'zod';
import type { Role, UserStatus } from './roles';
import { pageFields } from './validation';
import { lazy } from './lazy';

export const ADDRESS_MESSAGES = {
  // Field messages
  streetRequired: 'Street address is required',
  streetTooShort: 'Street address must be at least 3 characters long',
  unitTooLong: 'Unit number cannot exceed 10 characters',
  notesTooLong: 'Notes cannot exceed 500 characters',
  // Errors and successes
  loadFailed: 'Failed to load addresses',
  loadMoreFailed: 'Failed to load more addresses',
  createFailed: 'Failed to create address',
  updateFailed: 'Failed to update address',
  exhausted: 'No more addresses',
  // Not printed by the spec (docs/decisions/113-user-messages.md)
  streetTooLong: 'Street address cannot exceed 200 characters',
  duplicate: 'This address already exists',
  deleteFailed: 'Failed to delete address',
  notFound: 'Address not found',
  mayNotManage: 'Only board members can manage addresses',
} as const;

export const STREET_MIN = 3;
export const STREET_MAX = 200;
export const UNIT_MAX = 10;
export const NOTES_MAX = 500;
/** The remaining-characters hints appear from these lengths on. */
export const UNIT_HINT_AT = 8;
export const NOTES_HINT_AT = 450;

/** "Address "{street}, Unit {unit}" created successfully"; without a unit, just the street. */
export function addressLabel(a: { street: string; unit_number?: string | null }): string {
  return a.unit_number ? `${a.street}, Unit ${a.unit_number}` : a.street;
}
export const addressSaved = (a: { street: string; unit_number?: string | null }, verb: 'created' | 'updated') =>
  `Address "${addressLabel(a)}" ${verb} successfully`;
export const addressDeleted = (a: { street: string; unit_number?: string | null }) => `Address "${addressLabel(a)}" deleted successfully`;

export const streetField = lazy(() => z
  .string({ error: ADDRESS_MESSAGES.streetRequired })
  .trim()
  .min(1, { error: ADDRESS_MESSAGES.streetRequired, abort: true })
  .min(STREET_MIN, ADDRESS_MESSAGES.streetTooShort)
  .max(STREET_MAX, ADDRESS_MESSAGES.streetTooLong));

/** Optional text: an empty value is omitted (null on the wire). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const unitNumberField = lazy(() => optionalText(UNIT_MAX, ADDRESS_MESSAGES.unitTooLong));

/** `POST /api/addresses`, `PUT /api/addresses/:id` and the Add/Edit Address dialogs. */
export const addressSchema = lazy(() => z.object({
  street: streetField,
  unit_number: unitNumberField,
  is_rented: z.boolean().default(false),
  notes: optionalText(NOTES_MAX, ADDRESS_MESSAGES.notesTooLong),
}));
export type AddressInput = z.input<typeof addressSchema>;
export type AddressForm = z.output<typeof addressSchema>;

/** The Property Type choices of the dialog. */
export const PROPERTY_TYPES = [
  { value: false, label: 'Owner-Occupied' },
  { value: true, label: 'Rental Property' },
] as const;

export type Residency = 'Vacant' | 'Renter' | 'Owner';
/** Vacant with no residents; Renter if rented; otherwise Owner. */
export function residencyOf(a: { is_rented: boolean; residents: readonly unknown[] }): Residency {
  if (a.residents.length === 0) return 'Vacant';
  return a.is_rented ? 'Renter' : 'Owner';
}

/** An address's parts, as the directory orders them. */
export interface DirectoryParts {
  id: string;
  street: string;
  unitNumber: string | null;
}

/** Lower case of A-Z only, as SQLite's lower() (the directory's SQL order uses it). */
const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (c) => c.toLowerCase());
/** The leading integer of a text, as SQLite's CAST(text AS INTEGER): 0 when there is none. */
const leadingInteger = (s: string) => Number(/^\s*([+-]?\d+)/.exec(s)?.[1] ?? 0);
const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The directory's walking order: by street name, then house number as a number, then unit (a number
 * first where it is one), then id: "200 Birch Lane", "113 Maple Avenue", "9 Willow Way",
 * "15 Willow Way". Sorting the text put "15 Willow Way" between "113 Maple" and "200 Birch". The
 * address screens (in SQL: worker/domain/addresses `directoryOrder`, tested to agree), a round's stops
 * on the server and a round started offline all order by this.
 */
export function directoryCompare(a: DirectoryParts, b: DirectoryParts): number {
  const unitA = a.unitNumber ?? '';
  const unitB = b.unitNumber ?? '';
  return (
    codeUnitOrder(asciiLower(a.street.replace(/^[0-9 ]+/, '')), asciiLower(b.street.replace(/^[0-9 ]+/, ''))) ||
    leadingInteger(a.street) - leadingInteger(b.street) ||
    codeUnitOrder(asciiLower(a.street), asciiLower(b.street)) ||
    leadingInteger(unitA) - leadingInteger(unitB) ||
    codeUnitOrder(asciiLower(unitA), asciiLower(unitB)) ||
    codeUnitOrder(a.id, b.id)
  );
}

/** Same street and unit, whatever the case and spacing: one address (bulk reuses it, create refuses a second). */
export const addressKey = (street: string, unit: string | null | undefined) =>
  `${street.trim().replace(/\s+/g, ' ').toLowerCase()}\u0000${(unit ?? '').trim().toLowerCase()}`;

/** The page of the directory (not shown by the spec: 20). */
export const ADDRESS_PAGE_SIZE = 20;
/** `GET /api/addresses` query: a page, and `search` (the address as shown contains it; the invite dialog's picker). */
export const addressListQuery = lazy(() => z.object({
  ...pageFields(ADDRESS_PAGE_SIZE),
  search: z.string().trim().max(100).optional().catch(undefined),
}));
export type AddressListQuery = z.output<typeof addressListQuery>;

export interface ApiResident {
  _id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
}

export interface ApiAddress {
  _id: string;
  street: string;
  unit_number: string | null;
  is_rented: boolean;
  notes: string | null;
  residents: ApiResident[];
  createdAt: string;
  updatedAt: string;
}

export interface AddressStatistics {
  totalAddresses: number;
  occupied: number;
}

/** What Occupied counts, under the figure on /addresses and on the dashboard (one definition: not Vacant). */
export const OCCUPIED_MEANS = 'Addresses with a resident';

export interface ApiAddressPage {
  docs: ApiAddress[];
  page: number;
  limit: number;
  totalPages: number;
  totalDocs: number;
  hasNextPage: boolean;
  statistics: AddressStatistics;
}
