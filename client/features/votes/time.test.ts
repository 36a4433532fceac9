import { describe, expect, it } from 'vitest';
import { msToZonedInput, zonedInputToMs } from './time';

describe('a vote time field read in the HOA zone', () => {
  it('names the moment of that wall time in the zone, both sides of a DST change, and back', () => {
    expect(zonedInputToMs('2026-11-21T09:00', 'America/Chicago')).toBe(Date.parse('2026-11-21T15:00:00Z'));
    expect(zonedInputToMs('2026-07-01T09:00', 'America/Chicago')).toBe(Date.parse('2026-07-01T14:00:00Z'));
    expect(zonedInputToMs('2026-07-01T09:00', 'UTC')).toBe(Date.parse('2026-07-01T09:00:00Z'));
    expect(msToZonedInput(Date.parse('2026-11-21T15:00:00Z'), 'America/Chicago')).toBe('2026-11-21T09:00');
    expect(zonedInputToMs('', 'America/Chicago')).toBeNaN();
  });
});
