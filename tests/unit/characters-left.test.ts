import { describe, expect, it } from 'vitest';
import { charactersLeft } from '../../client/ui/characters-left';

describe('charactersLeft', () => {
  it('counts down in words, singular at one, and says how far past the limit a value is', () => {
    expect(charactersLeft('1234567', 10, 8)).toBeUndefined();
    expect(charactersLeft('12345678', 10, 8)).toBe('2 characters remaining');
    expect(charactersLeft('123456789', 10, 8)).toBe('1 character remaining');
    expect(charactersLeft('1234567890', 10, 8)).toBe('0 characters remaining');
    expect(charactersLeft('12345678901', 10, 8)).toBe('1 character over the limit');
    expect(charactersLeft('123456789012', 10)).toBe('2 characters over the limit');
  });
});
