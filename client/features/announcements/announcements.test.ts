import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { recipientsText, successRate } from './announcements-api';
import { attachmentError, declaredType } from './AttachmentDropZone';
import { EMPTY_FORM, toWire, validateAnnouncementForm } from './form-values';
import { uploadAttachment } from './upload';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('attachment checks (community §5)', () => {
  it('gives the first error only, in the spec words', () => {
    expect(attachmentError(null)).toBe('No file selected');
    expect(attachmentError(file('notes.txt', 'text/plain', 10))).toBe('File type not allowed. Please upload PDF, DOC, DOCX, or image files');
    // A disallowed type that is also too large reports the type.
    expect(attachmentError(file('movie.mp4', 'video/mp4', 10_485_761))).toBe('File type not allowed. Please upload PDF, DOC, DOCX, or image files');
    expect(attachmentError(file('plan.pdf', 'application/pdf', 10_485_761))).toBe('File size must be less than 10MB');
    expect(attachmentError(file('plan.pdf', 'application/pdf', 10_485_760))).toBeNull();
    for (const [name, type] of [
      ['a.doc', 'application/msword'],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.JPG', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
    ]) {
      expect(attachmentError(file(name, type, 100)), name).toBeNull();
    }
  });

  it('declares the extension type when the browser reports none', () => {
    expect(declaredType(file('minutes.docx', '', 5))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(attachmentError(file('minutes.docx', '', 5))).toBeNull();
    expect(declaredType(file('photo.png', 'image/png', 5))).toBe('image/png');
  });
});

describe('announcement form', () => {
  it('reports the spec messages under their fields', () => {
    const empty = validateAnnouncementForm({ ...EMPTY_FORM, title: '   ', message: '<p> </p>', audienceType: 'custom' });
    expect(empty).toEqual({
      ok: false,
      errors: { title: ANNOUNCEMENT_MESSAGES.titleRequired, message: ANNOUNCEMENT_MESSAGES.messageRequired, customRecipients: ANNOUNCEMENT_MESSAGES.recipientsRequired },
    });
  });

  it('trims, keeps recipients only for a custom audience, and maps to the wire shape', () => {
    const values = { ...EMPTY_FORM, title: '  Pool  ', message: ' <p>Open</p> ', audienceType: 'residents' as const, customRecipients: ['u1'] };
    const checked = validateAnnouncementForm(values);
    expect(checked.ok && checked.data).toMatchObject({ title: 'Pool', message: '<p>Open</p>', audience_type: 'residents', custom_recipients: [], attachment: null });
    const attachment = { s3Key: 'k', filename: 'plan.pdf', fileSize: 2048, fileType: 'pdf' };
    expect(toWire({ ...values, audienceType: 'custom' }, attachment)).toMatchObject({
      custom_recipients: ['u1'],
      attachment: { s3_key: 'k', filename: 'plan.pdf', file_size: 2048, file_type: 'pdf' },
    });
  });
});

describe('detail figures (community §9)', () => {
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
});

describe('attachment upload (community §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const presign = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ uploadUrl: 'http://s3.local/bucket/key?sig', s3Key: 'announcements/h/key.pdf' }), { status: 200 })),
    );

  it('asks for a presigned URL, then PUTs the file with its content type', async () => {
    presign();
    const put = vi.fn(async () => new Response(null, { status: 200 }));
    const meta = await uploadAttachment(file('plan.pdf', 'application/pdf', 300), put);
    expect(meta).toEqual({ s3Key: 'announcements/h/key.pdf', filename: 'plan.pdf', fileSize: 300, fileType: 'pdf' });
    const presignCall = vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit];
    expect(presignCall[0]).toBe('/api/announcements/presigned-url');
    expect(JSON.parse(String(presignCall[1].body))).toEqual({ fileName: 'plan.pdf', fileType: 'application/pdf', fileSize: 300 });
    const [url, init] = put.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://s3.local/bucket/key?sig');
    expect(init.method).toBe('PUT');
    expect(init.headers).toEqual({ 'Content-Type': 'application/pdf' });
  });

  it('wraps a storage refusal as the spec words it', async () => {
    presign();
    const put = vi.fn(async () => new Response(null, { status: 403, statusText: 'Forbidden' }));
    await expect(uploadAttachment(file('plan.pdf', 'application/pdf', 300), put)).rejects.toThrow('Failed to upload file: S3 upload failed: Forbidden');
  });

  it('wraps the API refusal of the presigned URL', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'File size must be less than 10MB' }), { status: 400 })));
    await expect(uploadAttachment(file('plan.pdf', 'application/pdf', 300))).rejects.toThrow('Failed to upload file: File size must be less than 10MB');
  });
});
