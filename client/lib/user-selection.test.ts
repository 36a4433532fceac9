import { describe, expect, it } from 'vitest';
import type { SyncedMember } from '../../sync/areas/members';
import type { PickableUser } from './user-selection';
import { byName, deselectAll, matchingUsers, selectAll, toggleUser, toPickable } from './user-selection';

const user = (_id: string, name: string, status: PickableUser['status'] = 'active'): PickableUser => ({ _id, name, email: `${name.split(' ')[0].toLowerCase()}@maplegrove.test`, role: 'resident', status });
const rita = user('u1', 'Rita Resident');
const ray = user('u2', 'Ray Resident');
const ben = user('u3', 'Ben Board');

describe('user pickers', () => {
  it('list the synced members by name, any case, then id, in the REST user shape', () => {
    const member = (id: string, name: string): SyncedMember => ({ id, name, email: `${id}@maplegrove.test`, phone: null, role: 'resident', status: 'active', address: null, residency: null, invitedAt: null, lastLoginDay: null, hasPassword: true, version: 1 });
    const members = [member('u1', 'rita Resident'), member('u4', 'Ray Resident'), member('u2', 'Ben Board'), member('u3', 'Ray Resident'), member('u5', '')];
    expect(members.sort(byName).map((m) => m.id)).toEqual(['u2', 'u3', 'u4', 'u1', 'u5']);
    const withAddress = { ...member('u6', 'Ann'), address: { id: 'a1', street: '12 Oak Lane', unitNumber: '3B' } };
    expect(toPickable(withAddress)).toEqual({ _id: 'u6', name: 'Ann', email: 'u6@maplegrove.test', role: 'resident', status: 'active', address: { _id: 'a1', street: '12 Oak Lane', unit_number: '3B' } });
  });

  it('search names and emails, any case', () => {
    expect(matchingUsers([rita, ray, ben], '  RA ')).toEqual([ray]);
    expect(matchingUsers([rita, ray, ben], 'ben@')).toEqual([ben]);
    expect(matchingUsers([rita, ray, ben], '')).toEqual([rita, ray, ben]);
  });

  it('select and deselect the users shown, keeping choices the search hides', () => {
    expect(selectAll(['u3'], [rita, ray, ben])).toEqual(['u3', 'u1', 'u2']);
    expect(deselectAll(['u1', 'u2', 'u3'], [rita, ray])).toEqual(['u3']);
    expect(toggleUser(['u1'], 'u2')).toEqual(['u1', 'u2']);
    expect(toggleUser(['u1', 'u2'], 'u1')).toEqual(['u2']);
  });
});
