import { describe, expect, it } from 'vitest';
import { feeQuotes, feeQuoteText, processingFeeCents, stripeFeeCents } from '../../schema/processing-fees';

/** The fee passed on leaves the HOA the invoice's whole amount after Stripe's cut, and not a cent more than needed. */
describe('processing fees', () => {
  it.each([1, 99, 12_550, 62_500, 100_000, 1_000_000])('grosses up %i cents exactly, per method', (amount) => {
    for (const method of ['card', 'us_bank_account'] as const) {
      const fee = processingFeeCents(method, amount);
      expect(amount + fee - stripeFeeCents(method, amount + fee)).toBeGreaterThanOrEqual(amount);
      if (fee > 0) expect(amount + fee - 1 - stripeFeeCents(method, amount + fee - 1)).toBeLessThan(amount);
    }
  });

  it('prices as Stripe does: card 2.9% + 30¢, bank 0.8% capped at $5.00', () => {
    expect(stripeFeeCents('card', 10_000)).toBe(320);
    expect(stripeFeeCents('us_bank_account', 10_000)).toBe(80);
    expect(stripeFeeCents('us_bank_account', 1_000_000)).toBe(500);
    expect(processingFeeCents('us_bank_account', 1_000_000)).toBe(500);
  });

  it('shows each method’s fee and total when passed on, none when absorbed', () => {
    expect(feeQuotes('passed_on', 12_550).map(feeQuoteText)).toEqual(['Card: $4.06 fee, $129.56 total', 'Bank account: $1.01 fee, $126.51 total']);
    expect(feeQuotes('absorbed', 12_550).map((q) => q.feeCents)).toEqual([0, 0]);
  });
});
