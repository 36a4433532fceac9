/** The words of the sign-in screen for changes a session left waiting, and the note they are read from. */
import { describe, expect, it } from 'vitest';
import { parseKeptCache } from '../../lib/kept-cache';
import { discardText, waitingText } from './waiting-changes';

describe('changes left waiting', () => {
  it('are named with their number', () => {
    expect(waitingText(1)).toBe('You have 1 change waiting to be sent; sign in to send it');
    expect(waitingText(3)).toBe('You have 3 changes waiting to be sent; sign in to send them');
    expect(discardText(1)).toBe('Signing in as another user discards 1 change waiting to be sent');
    expect(discardText(2)).toBe('Signing in as another user discards 2 changes waiting to be sent');
  });

  it('are read from the kept-cache note, also from an older one that held the user id alone', () => {
    expect(parseKeptCache(JSON.stringify({ userId: 'u1', email: 'rita@example.test', waiting: 2 }))).toEqual({ userId: 'u1', email: 'rita@example.test', waiting: 2 });
    expect(parseKeptCache(JSON.stringify({ userId: 'u1', email: 'rita@example.test' }))).toEqual({ userId: 'u1', email: 'rita@example.test', waiting: undefined });
    expect(parseKeptCache('6f1c2a9e-0000-4000-8000-000000000001')).toEqual({ userId: '6f1c2a9e-0000-4000-8000-000000000001', email: '' });
    expect(parseKeptCache(null)).toBeNull();
  });
});
