/**
 * Export CSV of /users and /addresses: the resident directory with the columns Bulk Add reads (the
 * template's names, schema/bulk-users.ts), so an exported file imports again, and the address
 * directory. Built on the device from the cache (works offline); the dialog ticks the columns to keep.
 */
import { PROPERTY_TYPES } from './addresses';
import { BULK_FIELD_LABELS } from './bulk-users';
import { csvRow } from './ledger';
import type { Role, UserStatus } from './roles';
import { ROLE_LABELS, STATUS_LABELS } from './users';

export interface ExportColumn<T> {
  key: string;
  header: string;
  value: (row: T) => string | null;
}

/** A member as the export reads them (the synced member's fields). */
export interface ExportMember {
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  status: UserStatus;
  address: { street: string; unitNumber: string | null } | null;
  residency: 'owner' | 'renter' | null;
  invitedAt: number | null;
}

/** An address as the export reads it. */
export interface ExportAddress {
  street: string;
  unitNumber: string | null;
  isRented: boolean;
  notes: string | null;
  residents: readonly { name: string }[];
}

const propertyType = (rented: boolean | null) => (rented == null ? null : PROPERTY_TYPES.find((p) => p.value === rented)!.label);
const day = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString().slice(0, 10));

/** The resident directory: Bulk Add's seven columns first (Street … Phone), then what the list shows besides. */
export const MEMBER_EXPORT_COLUMNS: readonly ExportColumn<ExportMember>[] = [
  { key: 'street', header: BULK_FIELD_LABELS.street, value: (m) => m.address?.street ?? null },
  { key: 'unit', header: BULK_FIELD_LABELS.unit, value: (m) => m.address?.unitNumber ?? null },
  { key: 'property_type', header: BULK_FIELD_LABELS.is_rented, value: (m) => propertyType(m.residency == null ? null : m.residency === 'renter') },
  { key: 'name', header: BULK_FIELD_LABELS.resident_name, value: (m) => m.name },
  { key: 'email', header: BULK_FIELD_LABELS.resident_email, value: (m) => m.email },
  { key: 'role', header: BULK_FIELD_LABELS.role, value: (m) => ROLE_LABELS[m.role] },
  { key: 'phone', header: BULK_FIELD_LABELS.phone, value: (m) => m.phone },
  { key: 'status', header: 'Status', value: (m) => STATUS_LABELS[m.status] },
  { key: 'sent', header: 'Invitation Sent', value: (m) => day(m.invitedAt) },
];

/** The address directory. */
export const ADDRESS_EXPORT_COLUMNS: readonly ExportColumn<ExportAddress>[] = [
  { key: 'street', header: BULK_FIELD_LABELS.street, value: (a) => a.street },
  { key: 'unit', header: BULK_FIELD_LABELS.unit, value: (a) => a.unitNumber },
  { key: 'property_type', header: BULK_FIELD_LABELS.is_rented, value: (a) => propertyType(a.isRented) },
  { key: 'residents', header: 'Residents', value: (a) => a.residents.map((r) => r.name).join('; ') },
  { key: 'notes', header: 'Notes', value: (a) => a.notes },
];

export const MEMBER_EXPORT_NAME = 'resident_directory.csv';
export const ADDRESS_EXPORT_NAME = 'address_directory.csv';

/** The rows as CSV with the chosen columns (by key, in the columns' order): a header line, CRLF line ends. */
export function exportCsv<T>(columns: readonly ExportColumn<T>[], chosen: ReadonlySet<string>, rows: readonly T[]): string {
  const kept = columns.filter((c) => chosen.has(c.key));
  const lines = [csvRow(kept.map((c) => c.header)), ...rows.map((r) => csvRow(kept.map((c) => c.value(r))))];
  return `${lines.join('\r\n')}\r\n`;
}
