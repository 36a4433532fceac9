/**
 * Bulk Add from CSV: the file checks, the loose header names, the reading of
 * property type and role texts, and the per-row rules. The screen checks a parsed file with these,
 * and `POST /api/users/bulk` checks the rows again with the same function before creating anything.
 */
import { z } from 'zod';
import { ADDRESS_MESSAGES, STREET_MAX, STREET_MIN, UNIT_MAX } from './addresses';
import { PHONE_MAX, USER_MESSAGES, USER_NAME_MAX } from './users';
import { lazy } from './lazy';

export const BULK_MESSAGES = {
  notCsv: 'Please upload a CSV file (.csv)',
  tooLarge: 'File size must be less than 5MB',
  empty: 'No data found in file',
  nameRequired: 'Resident name is required',
  emailRequired: USER_MESSAGES.emailRequired,
  invalidEmail: USER_MESSAGES.invalidEmail,
  duplicateEmail: 'Duplicate email address',
  roleInvalid: 'Role must be "Resident" or "Board Member"',
  streetTooShort: ADDRESS_MESSAGES.streetTooShort,
  unitTooLong: ADDRESS_MESSAGES.unitTooLong,
  refreshFailed: 'Users created successfully, but failed to refresh the list. Please refresh the page.',
  created: (users: number, addresses: number) => `Successfully created ${users} users and ${addresses} addresses`,
  moreErrors: (n: number) => `...and ${n} more errors`,
  // Not printed by the spec (docs/decisions/113-user-messages.md)
  addressPair: 'Street address and property type must both be given, or both left empty',
  tooManyRows: 'A file can add at most 1,000 users at a time',
  nameTooLong: USER_MESSAGES.nameTooLong,
  phoneTooLong: USER_MESSAGES.phoneTooLong,
  streetTooLong: ADDRESS_MESSAGES.streetTooLong,
  emailTaken: USER_MESSAGES.emailTaken,
} as const;

export const BULK_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const BULK_MAX_ROWS = 1000;
/** Preview: the first 10 rows and the first 10 errors; server errors: 10, then "...and N more". */
export const BULK_PREVIEW_ROWS = 10;
export const BULK_SHOWN_ERRORS = 10;
export const BULK_TEMPLATE_NAME = 'bulk_users_template.csv';
export const BULK_TEMPLATE_CSV = [
  'Street,Unit,Property Type,Resident Name,Resident Email,Role,Phone',
  '123 Main Street,4B,Owner-Occupied,Jane Smith,jane.smith@example.com,Resident,512-555-0123',
  '125 Main Street,,Rental Property,John Doe,john.doe@example.com,Board Member,',
  ',,,Alex Lee,alex.lee@example.com,Resident,',
].join('\r\n');

/** One row of `POST /api/users/bulk` (a bulk user row), after the screen read the file. */
export interface BulkUserRow {
  street?: string;
  unit?: string;
  is_rented?: boolean;
  resident_name: string;
  resident_email: string;
  /** 'resident' or 'board' once read; any other text is reported. */
  role: string;
  phone?: string;
}
export type BulkField = keyof BulkUserRow;
/** A broken rule: the row's index in the file's data (0 = the line after the header). */
export interface BulkIssue {
  index: number;
  field: BulkField;
  message: string;
}

/** The file's line of a data row: the header is line 1 (rows numbered from 2). */
export const bulkRowNumber = (index: number) => index + 2;
/** The screen's preview text of an issue. */
export const bulkIssueText = (issue: BulkIssue) => `Row ${bulkRowNumber(issue.index)}: ${issue.message}`;
/** The path the server answers with: `users[i].field`. */
export const bulkIssuePath = (issue: Pick<BulkIssue, 'index' | 'field'>) => `users[${issue.index}].${issue.field}`;

/** The file's column a field comes from, as the template names it: what a row error calls the field. */
export const BULK_FIELD_LABELS: Record<BulkField, string> = {
  street: 'Street',
  unit: 'Unit',
  is_rented: 'Property Type',
  resident_name: 'Resident Name',
  resident_email: 'Resident Email',
  role: 'Role',
  phone: 'Phone',
};

/**
 * "Row N (field): message" from a server error whose path is `users[i]…`, the field named as the
 * file's column ("Resident Email", not `resident_email`); other paths as they are.
 */
export function bulkErrorText(e: { path: string; msg: string }): string {
  const m = /^users\[(\d+)\](?:\.(\w+))?/.exec(e.path);
  if (!m) return e.msg;
  const row = bulkRowNumber(Number(m[1]));
  if (!m[2]) return `Row ${row}: ${e.msg}`;
  const field = (BULK_FIELD_LABELS as Record<string, string | undefined>)[m[2]] ?? m[2];
  return `Row ${row} (${field}): ${e.msg}`;
}

/** The lines shown for a list of errors: the first 10, then "...and N more errors". */
export function shownErrors<T>(errors: readonly T[], text: (e: T) => string): string[] {
  const lines = errors.slice(0, BULK_SHOWN_ERRORS).map(text);
  if (errors.length > BULK_SHOWN_ERRORS) lines.push(BULK_MESSAGES.moreErrors(errors.length - BULK_SHOWN_ERRORS));
  return lines;
}

// ------------------------------------------------------------------ reading the file

/** Header names are matched loosely: case, spaces, dashes and underscores do not count. */
const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const HEADER_ALIASES: Record<keyof BulkCsvRecord, string[]> = {
  street: ['street', 'streetaddress', 'address', 'address1', 'addressline1', 'propertyaddress'],
  unit: ['unit', 'unitnumber', 'unitno', 'apt', 'apartment', 'suite'],
  property_type: ['propertytype', 'type', 'isrented', 'rented', 'residency', 'ownership', 'occupancy'],
  resident_name: ['residentname', 'name', 'fullname', 'resident', 'username'],
  resident_email: ['residentemail', 'email', 'emailaddress', 'email1', 'mail'],
  role: ['role', 'userrole', 'residentrole', 'position'],
  phone: ['phone', 'phonenumber', 'residentphone', 'mobile', 'cell', 'telephone', 'tel'],
};
const FIELD_BY_HEADER = new Map(Object.entries(HEADER_ALIASES).flatMap(([field, names]) => names.map((n) => [n, field as keyof BulkCsvRecord])));

/** A data line as text, by field. */
export type BulkCsvRecord = Record<'street' | 'unit' | 'property_type' | 'resident_name' | 'resident_email' | 'role' | 'phone', string>;

/** The field a column header stands for, or undefined for a column that is not used. */
export const bulkFieldOfHeader = (header: string) => FIELD_BY_HEADER.get(normalizeHeader(header));

/** A parsed line (header → text) as the row's fields; the first column of a field wins. */
export function csvRecordOf(line: Record<string, unknown>): BulkCsvRecord {
  const out: BulkCsvRecord = { street: '', unit: '', property_type: '', resident_name: '', resident_email: '', role: '', phone: '' };
  const seen = new Set<string>();
  for (const [header, value] of Object.entries(line)) {
    const field = bulkFieldOfHeader(header);
    if (!field || seen.has(field)) continue;
    seen.add(field);
    out[field] = typeof value === 'string' ? value.trim() : value == null ? '' : String(value).trim();
  }
  return out;
}

/** Property type: 'rental', 'rent' or 'true' is rented; 'owner-occupied', 'owned' or 'false' is not; anything else is not given. */
export function readPropertyType(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (!t) return undefined;
  if (t.includes('rent') || t === 'true') return true;
  if (t.includes('owner-occupied') || t.includes('owner occupied') || t.includes('owned') || t === 'false') return false;
  return undefined;
}

/** Role: text containing 'resident' is resident, 'board' is board; anything else stays as written (and is reported). */
export function readRole(text: string): string {
  const t = text.trim().toLowerCase();
  if (t.includes('resident')) return 'resident';
  if (t.includes('board')) return 'board';
  return text.trim();
}

/** A line of the file as a bulk row: empty street, unit and phone are left out. */
export function bulkRowOf(record: BulkCsvRecord): BulkUserRow {
  const row: BulkUserRow = { resident_name: record.resident_name, resident_email: record.resident_email, role: readRole(record.role) };
  if (record.street) row.street = record.street;
  if (record.unit) row.unit = record.unit;
  const rented = readPropertyType(record.property_type);
  if (rented !== undefined) row.is_rented = rented;
  if (record.phone) row.phone = record.phone;
  return row;
}

/** A line with nothing in it (a trailing empty line of a spreadsheet export) is skipped. */
export const isBlankRecord = (r: BulkCsvRecord) => Object.values(r).every((v) => v === '');

// ------------------------------------------------------------------ the rules of a row

const emailFormat = lazy(() => z.email());

/** Every broken rule of every row, in row order; duplicates are reported on the later rows. */
export function checkBulkRows(rows: readonly BulkUserRow[]): BulkIssue[] {
  const issues: BulkIssue[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const add = (field: BulkField, message: string) => issues.push({ index, field, message });
    const name = row.resident_name.trim();
    if (!name) add('resident_name', BULK_MESSAGES.nameRequired);
    else if (name.length > USER_NAME_MAX) add('resident_name', BULK_MESSAGES.nameTooLong);
    const email = row.resident_email.trim().toLowerCase();
    if (!email) add('resident_email', BULK_MESSAGES.emailRequired);
    else if (email.length > 320 || !emailFormat.safeParse(email).success) add('resident_email', BULK_MESSAGES.invalidEmail);
    else if (seen.has(email)) add('resident_email', BULK_MESSAGES.duplicateEmail);
    if (email) seen.add(email);
    if (row.role !== 'resident' && row.role !== 'board') add('role', BULK_MESSAGES.roleInvalid);
    const street = row.street?.trim() ?? '';
    if (!!street !== (row.is_rented !== undefined)) add(street ? 'is_rented' : 'street', BULK_MESSAGES.addressPair);
    if (street && street.length < STREET_MIN) add('street', BULK_MESSAGES.streetTooShort);
    else if (street.length > STREET_MAX) add('street', BULK_MESSAGES.streetTooLong);
    if ((row.unit?.trim().length ?? 0) > UNIT_MAX) add('unit', BULK_MESSAGES.unitTooLong);
    if ((row.phone?.trim().length ?? 0) > PHONE_MAX) add('phone', BULK_MESSAGES.phoneTooLong);
  });
  return issues;
}

/** The rows as sent: trimmed, empty values stripped, an incomplete address pair dropped. */
export function bulkPayload(rows: readonly BulkUserRow[]): BulkUserRow[] {
  return rows.map((r) => {
    const out: BulkUserRow = { resident_name: r.resident_name.trim(), resident_email: r.resident_email.trim().toLowerCase(), role: r.role };
    const street = r.street?.trim();
    if (street && r.is_rented !== undefined) {
      out.street = street;
      out.is_rented = r.is_rented;
      const unit = r.unit?.trim();
      if (unit) out.unit = unit;
    }
    const phone = r.phone?.trim();
    if (phone) out.phone = phone;
    return out;
  });
}

/** `POST /api/users/bulk` body: the shape and sizes; the rules above run on the parsed rows. */
const text = (max: number) => z.string().max(max * 4);
export const bulkUsersBody = lazy(() => z.object({
  users: z
    .array(
      z.object({
        street: text(STREET_MAX).optional(),
        unit: text(UNIT_MAX).optional(),
        is_rented: z.boolean().optional(),
        resident_name: text(USER_NAME_MAX).default(''),
        resident_email: text(320).default(''),
        role: text(50).default(''),
        phone: text(PHONE_MAX).optional(),
      }),
    )
    .min(1, BULK_MESSAGES.empty)
    .max(BULK_MAX_ROWS, BULK_MESSAGES.tooManyRows),
}));

export interface BulkResult {
  usersCreated: number;
  addressesCreated: number;
  /** Deleted users of this HOA named in the file, restored (they keep their credentials). */
  usersReactivated: number;
  message: string;
}
