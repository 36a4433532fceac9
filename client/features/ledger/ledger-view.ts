/** How the statement screens word and group the lines; the sums and the sentence are schema/ledger.ts. */
import { formatUsd } from '../../../schema/money';
import { yearOf } from '../../../schema/ledger';

/** A signed amount as it moves the balance: "+$120.00" adds to what is owed, "−$120.00" (a minus sign) takes from it. */
export const signedUsd = (cents: number) => (cents > 0 ? `+${formatUsd(cents)}` : cents < 0 ? `\u2212${formatUsd(-cents)}` : formatUsd(0));

/** A running balance in words short enough for a column: "$120.00", "$0.00", "$40.00 credit". */
export const balanceCellText = (cents: number) => (cents < 0 ? `${formatUsd(-cents)} credit` : formatUsd(cents));

/** The statement's file name: "statement-jane-doe-2026.csv", or "statement-2026.csv" for one's own. */
export function statementFilename(name: string | null, year: number | null): string {
  const slug = name?.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${['statement', slug, year].filter(Boolean).join('-')}.csv`;
}

/** Lines (oldest first) split by calendar year, oldest year first: a printed statement has a page per year. */
export function byYear<L extends { occurredAt: number }>(lines: readonly L[]): Array<{ year: number; lines: L[] }> {
  const groups: Array<{ year: number; lines: L[] }> = [];
  for (const line of lines) {
    const year = yearOf(line.occurredAt);
    const last = groups[groups.length - 1];
    if (last?.year === year) last.lines.push(line);
    else groups.push({ year, lines: [line] });
  }
  return groups;
}

/**
 * The newest lines painted at first; earlier ones on request. A resident has a dozen lines a year, but
 * a statement of thousands (years of history, a large account) must still open in a frame.
 */
export const STATEMENT_PAINTED = 200;

/** The newest `painted` of a statement's lines (oldest first), how many earlier ones are left out, and the balance they bring. */
export function paintedLines<L extends { amountCents: number; balanceCents: number }>(lines: L[], painted: number, openingCents: number) {
  const visible = painted >= lines.length ? lines : lines.slice(lines.length - painted);
  const earlier = lines.length - visible.length;
  return { visible, earlier, broughtCents: earlier > 0 ? visible[0].balanceCents - visible[0].amountCents : openingCents };
}
