import { describe, expect, it } from 'vitest';
import type { SyncedRequest } from '../../sync/areas/requests';
import { toApiRequest } from '../../worker/domain/requests/read';
import { requestOfApi } from '../../client/features/requests/requests-api';

const full: SyncedRequest = {
  id: 'r1',
  title: 'Leaking roof',
  description: '<p>Drips</p>',
  category: 'Maintenance',
  status: 'in_progress',
  attachment: { s3Key: 'requests/hoa/abc/roof.pdf', filename: 'roof.pdf', fileSize: 1234, fileType: 'pdf' },
  resident: { id: 'u1', name: 'Rita Resident', email: 'rita@example.test', role: 'resident' },
  address: { id: 'a1', street: '103 Maple Grove Lane', unitNumber: '2A' },
  assignee: { id: 'u2', name: 'Ben Board', email: 'ben@example.test' },
  resolutionDeadline: Date.UTC(2030, 5, 14),
  resolutionNotes: 'Roofer booked.',
  messages: [{ id: 'm1', author: { id: 'u2', name: 'Ben Board', isStaff: true }, message: '<p>On it</p>', isPublic: true, createdAt: 1_764_000_000_123 }],
  history: [{ id: 'h1', action: 'Request created', user: { id: 'u1', name: 'Rita Resident', isStaff: false }, at: 1_764_000_000_000 }],
  createdAt: 1_764_000_000_000,
  updatedAt: 1_764_000_100_000,
  version: 4,
};

describe('a request read over REST (the detail screens until the cache has it)', () => {
  it('shows as the cached value would, with every field the server gives', () => {
    expect(requestOfApi(toApiRequest(full))).toEqual(full);
  });

  it('keeps what a resident gets empty: no assignee, no address, no attachment, no deadline', () => {
    const bare: SyncedRequest = { ...full, attachment: null, address: null, assignee: null, resolutionDeadline: null, resolutionNotes: null, messages: [], history: [] };
    expect(requestOfApi(toApiRequest(bare))).toEqual(bare);
  });
});
