/** CSV text of the exports (statements, collections, the people list, the activity trail), one rule for every export. */

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for
 * spreadsheets, except in a plain number ("-120.00" stays a number an import reads).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, comma-separated. */
export const csvRow = (fields: readonly (string | number | null | undefined)[]) => fields.map(csvField).join(',');
