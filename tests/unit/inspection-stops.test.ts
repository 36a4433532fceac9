/**
 * A round's stops and whom a violation recorded at one goes to (schema/inspections.ts): every resident
 * the directory lists, with their status; the violation to the first active one.
 */
import { describe, expect, it } from 'vitest';
import { roundStopsOf, stopRecipient } from '../../schema/inspections';

const address = (id: string, street: string, residents: { id: string; name: string; status: 'active' | 'invited' | 'inactive' }[]) => ({ id, street, unitNumber: null, residents });

describe('a round’s stops', () => {
  it('keep every resident with their status, in the directory’s walking order', () => {
    const stops = roundStopsOf('r1', [
      address('a2', '12 Elm Street', [{ id: 'u2', name: 'Ann', status: 'invited' }]),
      address('a1', '3 Elm Street', [{ id: 'u1', name: 'Bo', status: 'active' }]),
    ]);
    expect(stops.map((s) => [s.id, s.position, s.residents])).toEqual([
      ['r1:a1', 0, [{ id: 'u1', name: 'Bo', status: 'active' }]],
      ['r1:a2', 1, [{ id: 'u2', name: 'Ann', status: 'invited' }]],
    ]);
  });

  it('send a violation to the first active resident, to no one where none is active', () => {
    const residents = [
      { id: 'u1', name: 'Ann', status: 'invited' as const },
      { id: 'u2', name: 'Bo', status: 'inactive' as const },
      { id: 'u3', name: 'Cy', status: 'active' as const },
    ];
    expect(stopRecipient({ residents })?.id).toBe('u3');
    expect(stopRecipient({ residents: residents.slice(0, 2) })).toBeNull();
    expect(stopRecipient({ residents: [] })).toBeNull();
    // A stop of a round started before statuses were kept: its residents were the active ones.
    expect(stopRecipient({ residents: [{ id: 'u9', name: 'Dee' }] })?.id).toBe('u9');
  });
});
