import { describe, expect, it } from 'vitest';
import { receiptAmountRows } from '../../../schema/ledger';
import { balanceCellText, byYear, paintedLines, signedUsd, statementFilename } from './ledger-view';

const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe('statement wording', () => {
  it('signs an amount as it moves the balance, with a real minus sign', () => {
    expect(signedUsd(12000)).toBe('+$120.00');
    expect(signedUsd(-12000)).toBe('\u2212$120.00');
    expect(signedUsd(0)).toBe('$0.00');
  });

  it('shows a balance below zero as a credit, never a bare negative number', () => {
    expect(balanceCellText(3500)).toBe('$35.00');
    expect(balanceCellText(0)).toBe('$0.00');
    expect(balanceCellText(-4000)).toBe('$40.00 credit');
  });

  it('names the CSV after the member and the year', () => {
    expect(statementFilename('Jane O’Neil', 2026)).toBe('statement-jane-o-neil-2026.csv');
    expect(statementFilename(null, null)).toBe('statement.csv');
    expect(statementFilename('', 2025)).toBe('statement-2025.csv');
  });
});

describe('byYear', () => {
  it('splits lines oldest first into one group per calendar year', () => {
    const lines = [{ occurredAt: at('2025-11-01') }, { occurredAt: at('2025-12-31') }, { occurredAt: at('2026-01-01') }];
    expect(byYear(lines).map((g) => [g.year, g.lines.length])).toEqual([
      [2025, 2],
      [2026, 1],
    ]);
    expect(byYear([])).toEqual([]);
  });
});

describe('receipt amounts', () => {
  it('shows the amount alone when no processing fee was paid', () => {
    expect(receiptAmountRows(12550, 0)).toEqual([{ label: 'Amount', cents: 12550 }]);
  });

  it('shows Amount, Processing fee and Total paid when the resident paid a fee on top', () => {
    expect(receiptAmountRows(12550, 406)).toEqual([
      { label: 'Amount', cents: 12550 },
      { label: 'Processing fee', cents: 406 },
      { label: 'Total paid', cents: 12956 },
    ]);
  });
});

describe('the statement paints its newest lines first', () => {
  const lines = Array.from({ length: 5 }, (_, i) => ({ amountCents: 100, balanceCents: 100 * (i + 1) }));

  it('paints every line of a short statement, from its opening balance', () => {
    expect(paintedLines(lines, 10, 0)).toEqual({ visible: lines, earlier: 0, broughtCents: 0 });
  });

  it('leaves out the earlier lines of a long one and carries the balance they bring', () => {
    expect(paintedLines(lines, 2, 0)).toEqual({ visible: lines.slice(3), earlier: 3, broughtCents: 300 });
  });
});
