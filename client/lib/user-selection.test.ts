import { describe, expect, it } from 'vitest';
import { activeByName, type PickableUser } from './use-active-users';
import { deselectAll, matchingUsers, selectAll, toggleUser } from './user-selection';

const user = (_id: string, name: string, status: PickableUser['status'] = 'active'): PickableUser => ({ _id, name, email: `${name.split(' ')[0].toLowerCase()}@maplegrove.test`, role: 'resident', status });
const rita = user('u1', 'Rita Resident');
const ray = user('u2', 'Ray Resident');
const ben = user('u3', 'Ben Board');

describe('user pickers', () => {
  it('list active users by name', () => {
    expect(activeByName([rita, user('u9', 'Ivy Invited', 'invited'), ray, ben]).map((u) => u._id)).toEqual(['u3', 'u2', 'u1']);
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
