import { describe, expect, it } from 'vitest';
import { fromApiHistoryEntry, fromApiThreadMessage, toApiHistoryEntry, toApiThreadMessage, type SyncedHistoryEntry, type SyncedThreadMessage } from '../../schema/threads';

describe('thread shapes', () => {
  it('a REST message reads back as the cached one (a detail screen shows REST until the cache has the row)', () => {
    const staffForResident: SyncedThreadMessage = { id: 'm1', author: { id: null, name: 'HOA Staff', isStaff: true }, message: '<p>On it</p>', isPublic: true, createdAt: 1_764_000_000_123 };
    const internal: SyncedThreadMessage = { id: 'm2', author: { id: 'u1', name: 'Ben Board', isStaff: true }, message: '<p>note</p>', isPublic: false, createdAt: 1_764_000_100_000 };
    for (const m of [staffForResident, internal]) expect(fromApiThreadMessage(toApiThreadMessage(m))).toEqual(m);
  });

  it('a REST history line reads back as the cached one', () => {
    const h: SyncedHistoryEntry = { id: 'h1', action: 'Status changed from Open to In Progress', user: { id: 'u2', name: 'Rita Resident', isStaff: false }, at: 1_764_000_000_000 };
    expect(fromApiHistoryEntry(toApiHistoryEntry(h))).toEqual(h);
  });
});
