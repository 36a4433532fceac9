/** Export CSV → Bulk Add: the resident directory as exported reads back as the same rows, with no issue. */
import { describe, expect, it } from 'vitest';
import { directoryCompare } from '../../../schema/addresses';
import { exportCsv, MEMBER_EXPORT_COLUMNS, type ExportMember } from '../../../schema/people-export';
import { readBulkFile } from './bulk-file';

const member = (over: Partial<ExportMember>): ExportMember => ({
  name: 'Jane Smith',
  email: 'jane@example.com',
  phone: null,
  role: 'resident',
  status: 'active',
  address: null,
  residency: null,
  invitedAt: null,
  ...over,
});

describe('resident directory export', () => {
  it('re-imports through Bulk Add: every column it reads, quotes and commas included; the extra columns are ignored', async () => {
    const members = [
      member({ name: 'Jane "JJ" Smith', email: 'jane@example.com', phone: '512-555-0123', address: { street: '123 Main Street', unitNumber: '4B' }, residency: 'owner' }),
      member({ name: 'Doe, John', email: 'john@example.com', role: 'board', address: { street: '125 Main Street', unitNumber: null }, residency: 'renter', status: 'invited', invitedAt: Date.UTC(2026, 0, 5) }),
      member({ name: 'Alex Lee', email: 'alex@example.com' }),
    ];
    const csv = exportCsv(MEMBER_EXPORT_COLUMNS, new Set(MEMBER_EXPORT_COLUMNS.map((c) => c.key)), members);
    expect(csv.split('\r\n')[0]).toBe('Street,Unit,Property Type,Resident Name,Resident Email,Role,Phone,Status,Invitation Sent');
    const read = await readBulkFile(new File([csv], 'resident_directory.csv', { type: 'text/csv' }));
    expect(read).toEqual({
      issues: [],
      rows: [
        { street: '123 Main Street', unit: '4B', is_rented: false, resident_name: 'Jane "JJ" Smith', resident_email: 'jane@example.com', role: 'resident', phone: '512-555-0123' },
        { street: '125 Main Street', is_rented: true, resident_name: 'Doe, John', resident_email: 'john@example.com', role: 'board' },
        { resident_name: 'Alex Lee', resident_email: 'alex@example.com', role: 'resident' },
      ],
    });
  });

  it('keeps only the ticked columns', () => {
    const csv = exportCsv(MEMBER_EXPORT_COLUMNS, new Set(['name', 'email']), [member({})]);
    expect(csv).toBe('Resident Name,Resident Email\r\nJane Smith,jane@example.com\r\n');
  });
});

describe('the address directory order', () => {
  it('street name first, then the house number as a number', () => {
    const a = (street: string, unitNumber: string | null = null) => ({ id: street + unitNumber, street, unitNumber });
    const sorted = [a('15 Willow Way'), a('200 Birch Lane'), a('113 Maple Avenue'), a('9 Willow Way'), a('9 Willow Way', '10'), a('9 Willow Way', '2')].sort(directoryCompare);
    expect(sorted.map((x) => [x.street, x.unitNumber])).toEqual([
      ['200 Birch Lane', null],
      ['113 Maple Avenue', null],
      ['9 Willow Way', null],
      ['9 Willow Way', '2'],
      ['9 Willow Way', '10'],
      ['15 Willow Way', null],
    ]);
  });
});
