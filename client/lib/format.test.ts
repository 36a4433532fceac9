import { describe, expect, it } from 'vitest';
import { formatDollars, formatUsd } from '../../schema/money';
import { capitalize, formatAddress, formatDate, formatLongDate, formatRelative, initials } from './format';

describe('format', () => {
  it('formats USD with cents and thousands separators', () => {
    expect(formatDollars(1250)).toBe('$1,250.00');
    expect(formatUsd(4900)).toBe('$49.00');
  });

  it('formats dates en-US', () => {
    const d = new Date(2026, 10, 21, 15, 5);
    expect(formatDate(d)).toBe('Nov 21, 2026');
    expect(formatLongDate(d)).toBe('November 21, 2026');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatRelative(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(formatRelative(now - 20_000, now)).toBe('just now');
    expect(formatRelative(now - 86_400_000, now)).toBe('yesterday');
    expect(formatRelative(now + 2 * 86_400_000, now)).toBe('in 2 days');
  });

  it('derives initials from the first and last word of a name', () => {
    expect(initials('Olivia Owner')).toBe('OO');
    expect(initials('  mary ann  de la cruz ')).toBe('MC');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('?');
  });

  it('joins street and unit, and capitalises roles', () => {
    expect(formatAddress({ street: '200 Birch Court', unit_number: '2A' })).toBe('200 Birch Court, Unit 2A');
    expect(formatAddress({ street: '15 Willow Way', unit_number: null })).toBe('15 Willow Way');
    expect(formatAddress(null)).toBeNull();
    expect(capitalize('superadmin')).toBe('Superadmin');
  });
});
