import { describe, expect, it } from 'vitest';
import { addressSchema, residencyOf, addressSaved } from '../../schema/addresses';
import {
  bulkErrorText,
  bulkIssueText,
  bulkPayload,
  bulkRowOf,
  checkBulkRows,
  csvRecordOf,
  readPropertyType,
  readRole,
  shownErrors,
  type BulkUserRow,
} from '../../schema/bulk-users';
import { editUserSchemaFor, inviteUserSchema, userPolicy } from '../../schema/users';

const row = (over: Partial<BulkUserRow> = {}): BulkUserRow => ({ resident_name: 'Ann', resident_email: 'ann@example.com', role: 'resident', ...over });

describe('bulk CSV reading', () => {
  it('matches header names loosely and reads property type and role texts', () => {
    const rec = csvRecordOf({ 'Street Address': ' 1 Oak St ', 'Unit #': '2', 'Property-Type': 'Rental Property', 'Full Name': 'Ann', 'E-mail': 'A@x.com', 'User Role': 'Board Member', 'Phone Number': '', Extra: 'x' });
    expect(rec).toEqual({ street: '1 Oak St', unit: '2', property_type: 'Rental Property', resident_name: 'Ann', resident_email: 'A@x.com', role: 'Board Member', phone: '' });
    expect(bulkRowOf(rec)).toEqual({ street: '1 Oak St', unit: '2', is_rented: true, resident_name: 'Ann', resident_email: 'A@x.com', role: 'board' });
    expect(['rental', 'For rent', 'TRUE'].map(readPropertyType)).toEqual([true, true, true]);
    expect(['Owner-Occupied', 'owned', 'false'].map(readPropertyType)).toEqual([false, false, false]);
    expect(['', 'condo'].map(readPropertyType)).toEqual([undefined, undefined]);
    expect(['Resident', 'board member', 'Admin', ''].map(readRole)).toEqual(['resident', 'board', 'Admin', '']);
  });

  it('reports every rule of a bulk row with its row number (from 2)', () => {
    const rows = [
      row(),
      row({ resident_name: ' ', resident_email: 'ANN@example.com' }),
      row({ resident_email: 'nope', role: 'Admin' }),
      row({ resident_email: '', street: '12' , is_rented: false, unit: '12345678901' }),
      row({ resident_email: 'b@example.com', street: '9 Elm St' }),
      row({ resident_email: 'c@example.com', is_rented: true }),
    ];
    expect(checkBulkRows(rows).map(bulkIssueText)).toEqual([
      'Row 3: Resident name is required',
      'Row 3: Duplicate email address',
      'Row 4: Please enter a valid email address',
      'Row 4: Role must be "Resident" or "Board Member"',
      'Row 5: Email is required',
      'Row 5: Street address must be at least 3 characters long',
      'Row 5: Unit number cannot exceed 10 characters',
      'Row 6: Street address and property type must both be given, or both left empty',
      'Row 7: Street address and property type must both be given, or both left empty',
    ]);
  });

  it('strips empty values and drops an incomplete address from the payload', () => {
    expect(bulkPayload([row({ street: ' 1 Oak St ', is_rented: false, unit: ' ', phone: ' ' }), row({ unit: '3' })])).toEqual([
      { resident_name: 'Ann', resident_email: 'ann@example.com', role: 'resident', street: '1 Oak St', is_rented: false },
      { resident_name: 'Ann', resident_email: 'ann@example.com', role: 'resident' },
    ]);
  });

  it('shows server errors as "Row N (field): message", ten of them, then how many more', () => {
    expect(bulkErrorText({ path: 'users[0].resident_email', msg: 'Duplicate email address' })).toBe('Row 2 (Resident Email): Duplicate email address');
    expect(bulkErrorText({ path: 'users', msg: 'No data found in file' })).toBe('No data found in file');
    const lines = shownErrors(Array.from({ length: 13 }, (_, i) => i), String);
    expect(lines).toHaveLength(11);
    expect(lines[10]).toBe('...and 3 more errors');
  });
});

describe('user policy', () => {
  const owner = { id: 'o', role: 'superadmin' as const };
  const board = { id: 'b', role: 'board' as const };
  const resident = { id: 'r', role: 'resident' as const };

  it('grants roles: superadmin any, board resident and board, resident none', () => {
    expect(userPolicy.grantableRoles('superadmin')).toEqual(['resident', 'board', 'superadmin']);
    expect(userPolicy.grantableRoles('board')).toEqual(['resident', 'board']);
    expect(userPolicy.grantableRoles('resident')).toEqual([]);
  });

  it('never edits or deletes one’s own row; board never touches a superadmin and changes or deletes residents only', () => {
    expect(userPolicy.mayEdit(board, board)).toBe(false);
    expect(userPolicy.mayEdit(board, owner)).toBe(false);
    expect(userPolicy.mayEdit(board, resident)).toBe(true);
    expect(userPolicy.mayEdit(owner, { id: 'o2', role: 'superadmin' })).toBe(true);
    expect(userPolicy.mayDelete(board, resident)).toBe(true);
    expect(userPolicy.mayDelete(board, { id: 'b2', role: 'board' })).toBe(false);
    expect(userPolicy.mayDelete(owner, board)).toBe(true);
    expect(userPolicy.mayDelete(owner, owner)).toBe(false);
    expect(userPolicy.mayEdit(resident, { id: 'x', role: 'resident' })).toBe(false);
    // Another board member is out of a board member's reach, for edits as for deletion.
    expect(userPolicy.mayEdit(board, { id: 'b2', role: 'board' })).toBe(false);
    expect(userPolicy.editRefusal(board, { id: 'b2', role: 'board' })).toBe('Board members can change residents only');
    expect(userPolicy.mayEdit(owner, board)).toBe(true);
  });

  it('moves statuses and confirms resident ↔ board changes', () => {
    expect(userPolicy.statusOptions('invited')).toEqual(['invited', 'inactive']);
    expect(userPolicy.mayMoveStatus('inactive', 'active')).toBe(true);
    expect(userPolicy.mayMoveStatus('active', 'invited')).toBe(false);
    expect(userPolicy.needsRoleConfirmation('resident', 'board')).toBe(true);
    expect(userPolicy.needsRoleConfirmation('board', 'superadmin')).toBe(true);
    expect(userPolicy.needsRoleConfirmation('superadmin', 'board')).toBe(false);
    expect(userPolicy.roleChangeWarning('resident', 'superadmin')?.title).toBe('Grant Super Admin rights?');
    expect(userPolicy.inviteWarning('superadmin')?.title).toBe('Grant Super Admin rights?');
    expect(userPolicy.inviteWarning('board')).toBeNull();
    expect(userPolicy.actionsFor(board, { id: 'r', role: 'resident', status: 'invited' })).toEqual({ edit: true, resend: true, delete: true });
    expect(userPolicy.actionsFor(board, { id: 'b2', role: 'board', status: 'active' })).toEqual({ edit: false, resend: false, delete: false });
    // No password, never active; no name yet, none required.
    expect(userPolicy.statusOnSave('active', false)).toBe('invited');
    expect(userPolicy.statusOnSave('active', true)).toBe('active');
    expect(userPolicy.statusOnSave('inactive', false)).toBe('inactive');
    expect(editUserSchemaFor({ name: '' }).safeParse({ name: '', role: 'resident', status: 'inactive' }).success).toBe(true);
    expect(editUserSchemaFor({ name: 'Rita' }).safeParse({ name: ' ', role: 'resident', status: 'inactive' }).error?.issues).toMatchObject([{ path: ['name'], message: 'Name is required' }]);
  });
});

describe('invite and address forms', () => {
  it('validates with the spec’s messages and omits empty optional values', () => {
    const bad = inviteUserSchema.safeParse({ email: ' ', role: 'resident' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Email is required']);
    expect(inviteUserSchema.parse({ email: ' New@Example.com ', role: 'board', address_id: 'no-address', phone: '' })).toEqual({
      email: 'new@example.com',
      role: 'board',
      address_id: null,
      phone: null,
    });
    const addr = addressSchema.safeParse({ street: 'ab', unit_number: '12345678901', notes: 'x'.repeat(501) });
    expect(addr.error?.issues.map((i) => i.message)).toEqual([
      'Street address must be at least 3 characters long',
      'Unit number cannot exceed 10 characters',
      'Notes cannot exceed 500 characters',
    ]);
    expect(addressSchema.safeParse({ street: '' }).error?.issues.map((i) => i.message)).toEqual(['Street address is required']);
    expect(addressSchema.parse({ street: ' 5 Oak ', unit_number: '', notes: '' })).toEqual({ street: '5 Oak', unit_number: null, is_rented: false, notes: null });
  });

  it('labels residency and success texts', () => {
    expect(residencyOf({ is_rented: true, residents: [] })).toBe('Vacant');
    expect(residencyOf({ is_rented: true, residents: [1] })).toBe('Renter');
    expect(residencyOf({ is_rented: false, residents: [1] })).toBe('Owner');
    expect(addressSaved({ street: '5 Oak', unit_number: '2' }, 'created')).toBe('Address "5 Oak, Unit 2" created successfully');
  });
});
