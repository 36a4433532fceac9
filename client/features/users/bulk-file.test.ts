import { describe, expect, it } from 'vitest';
import { BULK_MAX_FILE_BYTES, BULK_TEMPLATE_CSV } from '../../../schema/bulk-users';
import { readBulkFile } from './bulk-file';

const file = (text: string, name = 'people.csv') => new File([text], name, { type: 'text/csv' });

describe('readBulkFile', () => {
  it('refuses what is not a CSV, too large, empty or unreadable, with the spec messages', async () => {
    expect(await readBulkFile(file('a,b', 'people.xlsx'))).toEqual({ error: 'Please upload a CSV file (.csv)' });
    expect(await readBulkFile(new File([new Uint8Array(BULK_MAX_FILE_BYTES)], 'big.csv'))).toEqual({ error: 'File size must be less than 5MB' });
    expect(await readBulkFile(file('Street,Resident Name,Email\n\n,,\n'))).toEqual({ error: 'No data found in file' });
    expect(await readBulkFile(file('Name,Email\n"Ann,ann@example.com\n'))).toEqual({ error: 'Failed to parse file' });
  });

  it('reads the template as valid rows, and reports a bad row by its line', async () => {
    const template = await readBulkFile(file(BULK_TEMPLATE_CSV));
    expect(template).toMatchObject({ issues: [] });
    expect('rows' in template && template.rows.map((r) => [r.resident_email, r.role, r.is_rented])).toEqual([
      ['jane.smith@example.com', 'resident', false],
      ['john.doe@example.com', 'board', true],
      ['alex.lee@example.com', 'resident', undefined],
    ]);
    const bad = await readBulkFile(file('E-mail,Full Name,Role\nann@example.com,Ann,Resident\nnope,Bob,Owner\n'));
    expect('issues' in bad && bad.issues.map((i) => [i.index + 2, i.field, i.message])).toEqual([
      [3, 'resident_email', 'Please enter a valid email address'],
      [3, 'role', 'Role must be "Resident" or "Board Member"'],
    ]);
  });
});
