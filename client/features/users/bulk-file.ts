/**
 * Reading a Bulk Add file: the file checks, papaparse, the loose headers and the
 * per-row rules of schema/bulk-users.ts — the same rules the server checks again.
 */
import { saveTextFile } from '../../lib/download';
import {
  BULK_MAX_FILE_BYTES,
  BULK_MESSAGES,
  BULK_TEMPLATE_CSV,
  BULK_TEMPLATE_NAME,
  bulkRowOf,
  checkBulkRows,
  csvRecordOf,
  isBlankRecord,
  type BulkIssue,
  type BulkUserRow,
} from '../../../schema/bulk-users';
import { USER_MESSAGES } from '../../../schema/users';
import { loadZod } from '../../lib/deferred-zod';

export interface ReadFile {
  rows: BulkUserRow[];
  issues: BulkIssue[];
}

/** The file's rows and their broken rules, or the message that stops at the upload step. */
export async function readBulkFile(file: File): Promise<ReadFile | { error: string }> {
  if (!/\.csv$/i.test(file.name)) return { error: BULK_MESSAGES.notCsv };
  if (file.size >= BULK_MAX_FILE_BYTES) return { error: BULK_MESSAGES.tooLarge };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { error: USER_MESSAGES.parseFailed };
  }
  // The parser loads with the first file read, not with the users screen; the rows' rules need zod.
  const [{ default: Papa }] = await Promise.all([import('papaparse'), loadZod()]);
  const parsed = Papa.parse<Record<string, unknown>>(text, { header: true, skipEmptyLines: 'greedy' });
  // A broken quote is a file we cannot read; short or long lines are still read, field by field.
  if (parsed.errors.some((e) => e.type === 'Quotes')) return { error: USER_MESSAGES.parseFailed };
  const records = parsed.data.map(csvRecordOf).filter((r) => !isBlankRecord(r));
  if (records.length === 0) return { error: BULK_MESSAGES.empty };
  const rows = records.map(bulkRowOf);
  return { rows, issues: checkBulkRows(rows) };
}

/** Offers `bulk_users_template.csv` for download. */
export const downloadTemplate = () => saveTextFile(BULK_TEMPLATE_NAME, BULK_TEMPLATE_CSV, 'text/csv');
