import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, announcementFormSchema } from '../../../schema/announcements';
import { checkForm } from '../../lib/use-synced-form';
import { recipientsText, successRate } from './announcements-api';
import { deliveryCountsOf } from './DeliveryStatistics';
import { ANNOUNCEMENT_FIELDS, EMPTY_FORM, formValuesOf, toWire, type AnnouncementFormValues } from './form-values';
import type { AnnouncementView } from './use-announcements';

const check = (values: AnnouncementFormValues) => checkForm(announcementFormSchema, toWire(values), ANNOUNCEMENT_FIELDS);

describe('announcement form', () => {
  it('reports the spec messages under their fields', () => {
    const empty = check({ ...EMPTY_FORM, title: '   ', message: '<p> </p>', audienceType: 'custom' });
    expect(empty).toEqual({
      ok: false,
      errors: { title: ANNOUNCEMENT_MESSAGES.titleRequired, message: ANNOUNCEMENT_MESSAGES.messageRequired, customRecipients: ANNOUNCEMENT_MESSAGES.recipientsRequired },
      formError: null,
    });
  });

  it('trims, keeps recipients only for a custom audience, and maps to the wire shape', () => {
    const values = { ...EMPTY_FORM, title: '  Pool  ', message: ' <p>Open</p> ', audienceType: 'residents' as const, customRecipients: ['u1'] };
    const checked = check(values);
    expect(checked.ok && checked.data).toMatchObject({ title: 'Pool', message: '<p>Open</p>', audience_type: 'residents', custom_recipients: [], attachment: null });
    const attachment = { s3Key: 'k', fileName: 'plan.pdf', fileSize: 2048, fileType: 'pdf' };
    expect(toWire({ ...values, audienceType: 'custom', attachment })).toMatchObject({
      custom_recipients: ['u1'],
      attachment: { s3_key: 'k', filename: 'plan.pdf', file_size: 2048, file_type: 'pdf' },
    });
  });

  it('prefills the edit screen from the cache, with no file chosen yet', () => {
    const cached = {
      id: 'a1',
      title: 'Pool',
      message: '<p>Open</p>',
      category: 'event',
      status: 'draft',
      audienceType: 'residents',
      customRecipients: ['stale'],
      attachment: { s3Key: 'k', filename: 'plan.pdf', fileSize: 2048, fileType: 'pdf' },
      deliveryMethods: ['in_app', 'email'],
      pinned: true,
      createdBy: null,
      totalRecipients: 2,
      deliveryCounts: null,
      createdAt: 1,
      updatedAt: 1,
      sentAt: null,
      scheduledAt: null,
      version: 1,
    } satisfies Omit<AnnouncementView, 'isReadBy'>;
    expect(formValuesOf(cached)).toEqual({
      title: 'Pool',
      message: '<p>Open</p>',
      category: 'event',
      audienceType: 'residents',
      customRecipients: [],
      pinned: true,
      attachment: { s3Key: 'k', fileName: 'plan.pdf', fileSize: 2048, fileType: 'pdf' },
      file: null,
    });
  });
});

describe('detail figures', () => {
  it('rounds the success rate to a whole percent, 0 when nothing was sent', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(1, 3)).toBe(33);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(4, 4)).toBe(100);
  });
  it('words recipients in the singular or plural', () => {
    expect(recipientsText(1)).toBe('1 recipient');
    expect(recipientsText(0)).toBe('0 recipients');
    expect(recipientsText(12)).toBe('12 recipients');
  });
  it("counts deliveries from the server's lists when loaded, else from the cache", () => {
    const cached = { total: 2, delivered: 1, failed: 1, pending: 0 };
    const person = (id: string) => ({ _id: id, name: id, email: `${id}@x.test` });
    const stats = { total_sent: 2, email_delivered: [{ ...person('a'), delivered_at: null }, { ...person('b'), delivered_at: null }], email_failed: [], pending: [] };
    expect(deliveryCountsOf(cached, null)).toBe(cached);
    expect(deliveryCountsOf(cached, stats)).toEqual({ total: 2, delivered: 2, failed: 0, pending: 0 });
    expect(deliveryCountsOf(null, null)).toBeNull();
  });
});
