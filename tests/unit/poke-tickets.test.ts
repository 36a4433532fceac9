/**
 * Poke tickets (worker/services/tokens.ts): the credential of a poke socket on Workers. Short-lived,
 * bound to one user and HOA, and never interchangeable with an access token either way.
 */
import { describe, expect, it } from 'vitest';
import { POKE_TICKET_TTL_SECONDS, signAccessToken, signPokeTicket, verifyAccessToken, verifyPokeTicket } from '../../worker/services/tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = Date.parse('2026-11-23T09:00:00Z');

describe('poke tickets', () => {
  it('carry the user, the HOA, a unique id and a 30-second expiry', async () => {
    const [a, b] = await Promise.all([signPokeTicket(SECRET, { userId: 'u1', hoaId: 'h1' }, NOW), signPokeTicket(SECRET, { userId: 'u1', hoaId: 'h1' }, NOW)]);
    const ticket = await verifyPokeTicket(SECRET, a, NOW + 1_000);
    expect(ticket).toMatchObject({ userId: 'u1', hoaId: 'h1', expMs: Math.floor(NOW / 1000) * 1000 + POKE_TICKET_TTL_SECONDS * 1000 });
    expect(ticket!.id).not.toBe((await verifyPokeTicket(SECRET, b, NOW))!.id);
  });

  it('expire, and need the secret they were signed with', async () => {
    const ticket = await signPokeTicket(SECRET, { userId: 'u1', hoaId: 'h1' }, NOW);
    expect(await verifyPokeTicket(SECRET, ticket, NOW + (POKE_TICKET_TTL_SECONDS + 1) * 1000)).toBeNull();
    expect(await verifyPokeTicket(`${SECRET}x`, ticket, NOW)).toBeNull();
  });

  it('are no access token, and an access token is no ticket', async () => {
    const ticket = await signPokeTicket(SECRET, { userId: 'u1', hoaId: 'h1' }, NOW);
    expect(await verifyAccessToken(SECRET, ticket, NOW)).toBeNull();
    const access = await signAccessToken(SECRET, { sub: 'u1', hoa: 'h1', role: 'board', sid: 's1' }, NOW);
    expect(await verifyPokeTicket(SECRET, access, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, access, NOW)).toMatchObject({ sub: 'u1' });
  });
});
