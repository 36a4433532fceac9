/**
 * The one REST renamer (schema/rest-shape.ts) and its inverse: every area's synced value read back
 * from its REST answer is the value again (the detail screens show an answer until the cache has the row).
 */
import { describe, expect, it } from 'vitest';
import { isoText, restAnswer, valueOfRest } from '../../schema/rest-shape';
import { ANNOUNCEMENT_REST, syncedAnnouncementSchema, type SyncedAnnouncement } from '../../sync/areas/announcements';
import type { SyncedDue } from '../../sync/areas/dues';
import type { SyncedInvoice } from '../../sync/areas/invoices';
import type { SyncedViolation } from '../../sync/areas/violations';
import { dueOfApi, invoiceOfApi } from '../../client/features/dues/dues-api';
import { violationOfApi } from '../../client/features/violations/violations-api';
import { toApiDue } from '../../worker/domain/dues/read';
import { toApiInvoice } from '../../worker/domain/invoices/read';
import { toApiViolation } from '../../worker/domain/violations/read';

const day = Date.UTC(2030, 5, 14);
const at = 1_764_000_000_123;
const person = { id: 'u1', name: 'Rita Resident', email: 'rita@example.test' };
const staff = { id: 'u2', name: 'Ben Board', isStaff: true };

const announcement: SyncedAnnouncement = {
  id: 'a1',
  title: 'Pool opens',
  message: '<p>Saturday</p>',
  category: 'event',
  status: 'sent',
  audienceType: 'custom',
  customRecipients: ['u1'],
  attachment: { s3Key: 'announcements/hoa/abc/pool.pdf', filename: 'pool.pdf', fileSize: 1234, fileType: 'pdf' },
  deliveryMethods: ['in_app', 'email'],
  pinned: true,
  createdBy: { id: 'u2', name: 'Ben Board' },
  totalRecipients: 1,
  deliveryCounts: { total: 1, delivered: 1, failed: 0, pending: 0 },
  createdAt: at,
  updatedAt: at + 1,
  sentAt: at + 2,
  scheduledAt: null,
  version: 3,
};

describe('the REST renamer', () => {
  it('names fields as the spec does at every depth, and sends times as ISO text', () => {
    expect(restAnswer(announcement, ANNOUNCEMENT_REST)).toEqual({
      _id: 'a1',
      title: 'Pool opens',
      message: '<p>Saturday</p>',
      category: 'event',
      status: 'sent',
      audience_type: 'custom',
      custom_recipients: ['u1'],
      attachment: { s3_key: 'announcements/hoa/abc/pool.pdf', filename: 'pool.pdf', file_size: 1234, file_type: 'pdf' },
      delivery_methods: ['in_app', 'email'],
      pinned: true,
      created_by: { _id: 'u2', name: 'Ben Board' },
      total_recipients: 1,
      delivery_counts: { total: 1, delivered: 1, failed: 0, pending: 0 },
      createdAt: isoText(at),
      updatedAt: isoText(at + 1),
      sent_at: isoText(at + 2),
      scheduled_at: null,
      version: 3,
    });
  });

  it('reads an announcement back as the cached value', () => {
    expect(valueOfRest(syncedAnnouncementSchema, restAnswer(announcement, ANNOUNCEMENT_REST), ANNOUNCEMENT_REST)).toEqual(announcement);
  });

  it('reads a due, an invoice and a violation back as the cached values', () => {
    const due: SyncedDue = {
      id: 'd1', title: 'Dues', frequency: 'monthly', amountCents: 12_500, reason: 'dues', description: null, status: 'active',
      sendDate: day, dueDateOffset: 14, nextSendDate: null, lateFeeKind: 'percent', lateFeeValue: 150, graceDays: 5, recipients: [person], createdAt: at, updatedAt: at, version: 1,
    };
    expect(dueOfApi(toApiDue(due))).toEqual(due);
    const invoice: SyncedInvoice = {
      id: 'i1', due: { id: 'd1', title: 'Dues', description: 'June', frequency: 'monthly' }, amountCents: 12_500, status: 'paid',
      sentAt: day, dueDate: day + 14 * 86_400_000, paidAt: at, paymentMethod: 'check', lateFeeCents: 0, processingSince: null, recipient: person,
      history: [{ id: 'h1', action: 'Marked paid', user: staff, at }], createdAt: at, updatedAt: at, version: 2,
    };
    expect(invoiceOfApi(toApiInvoice(invoice))).toEqual(invoice);
    const violation: SyncedViolation = {
      id: 'v1', title: 'Trash out', message: '<p>Bins</p>', category: 'Trash', status: 'resolved', dueDate: day,
      attachment: null, photos: [], photosRefused: [], resident: person, address: { id: 'ad1', street: '103 Maple Grove Lane', unitNumber: null },
      issuedBy: { ...person, id: 'u2', name: 'Ben Board' }, resolution: { by: { id: 'u2', name: 'Ben Board' }, at, notes: 'Moved' },
      messages: [{ id: 'm1', author: staff, message: '<p>Please</p>', isPublic: false, attachment: null, createdAt: at }],
      history: [{ id: 'h1', action: 'Violation issued', user: staff, at }],
      hoaName: 'Maple Grove', stage: 'fined', cureBy: day, finedCents: 5_000, nextFineAt: at, schedule: { courtesyNotice: true, warning: false, fineCents: 5_000, repeatDays: 14, capCents: 50_000, cureDays: 14 },
      letters: [{ id: 'l1', stage: 'fined', sentAt: at, cureBy: day, fineCents: 5_000 }],
      hearing: { id: 'hr1', note: 'I moved it', requestedAt: at, scheduledFor: null, decision: null, reason: null, decidedAt: null },
      createdAt: at, updatedAt: at, version: 5,
    };
    expect(violationOfApi(toApiViolation(violation, day))).toEqual(violation);
  });
});
