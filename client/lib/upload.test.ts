import { afterEach, describe, expect, it, vi } from 'vitest';
import { declaredType, fileProblem, uploadFile, uploadHint } from './upload';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

/** XMLHttpRequest as the upload uses it: one PUT, upload progress events, then load or error. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: { status: number; statusText: string } | 'network-error' = { status: 200, statusText: 'OK' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answer;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 150, total: 300 });
      if (answer === 'network-error') return this.onerror?.();
      this.status = answer.status;
      this.statusText = answer.statusText;
      this.onload?.();
    });
  }
}

describe('upload rules (from schema/uploads.ts)', () => {
  it('gives the first problem only, in the spec words of each feature', () => {
    expect(fileProblem('announcements', null)).toBe('No file selected');
    expect(fileProblem('announcements', file('notes.txt', 'text/plain', 10))).toBe('File type not allowed. Please upload PDF, DOC, DOCX, or image files');
    // A disallowed type that is also too large reports the type.
    expect(fileProblem('announcements', file('movie.mp4', 'video/mp4', 10_485_761))).toBe('File type not allowed. Please upload PDF, DOC, DOCX, or image files');
    expect(fileProblem('announcements', file('plan.pdf', 'application/pdf', 10_485_761))).toBe('File size must be less than 10MB');
    expect(fileProblem('announcements', file('plan.pdf', 'application/pdf', 10_485_760))).toBeNull();
    expect(fileProblem('documents', file('notes.txt', 'text/plain', 10))).toBe('File type not supported. Please use PDF, DOC, DOCX, JPG, JPEG, PNG, or GIF');
    expect(fileProblem('violations', file('notes.txt', 'text/plain', 10))).toBe('Invalid file type. Allowed: JPG, PNG, GIF, PDF, DOC, DOCX');
    // Every allowed type is checked against the server in tests/api/storage.test.ts; here, the client's own cases.
    expect(fileProblem('requests', file('a.JPG', 'image/jpeg', 100))).toBeNull();
    expect(fileProblem('requests', file('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 100))).toBeNull();
    // A permitted extension declared as a type it cannot have.
    expect(fileProblem('requests', file('page.pdf', 'text/html', 100))).toBe('File type not allowed. Please upload PDF, DOC, DOCX, or image files');
  });

  it('declares the extension type, from the rules, when the browser reports none', () => {
    expect(declaredType('announcements', file('minutes.docx', '', 5))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(declaredType('announcements', file('photo.JPG', '', 5))).toBe('image/jpeg');
    expect(declaredType('announcements', file('script.sh', '', 5))).toBe('application/octet-stream');
    expect(fileProblem('announcements', file('minutes.docx', '', 5))).toBeNull();
    expect(declaredType('announcements', file('photo.png', 'image/png', 5))).toBe('image/png');
  });

  it('says what a drop zone takes', () => {
    expect(uploadHint('announcements')).toBe('PDF, DOC, DOCX, JPG, JPEG, PNG or GIF, up to 10\u00a0MB');
  });
});

describe('uploadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.sent = [];
    FakeXhr.answer = { status: 200, statusText: 'OK' };
  });

  const presign = (s3Key = 'requests/h/key.pdf') => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ uploadUrl: 'http://s3.local/bucket/key?sig', s3Key }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return fetchMock;
  };
  const presignCall = (fetchMock: ReturnType<typeof presign>) => {
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
  };

  it("asks the feature's presigned URL, PUTs the file with its content type and reports progress", async () => {
    const fetchMock = presign();
    const progress: number[] = [];
    const pdf = file('plan.pdf', 'application/pdf', 300);
    const uploaded = await uploadFile('requests', pdf, { onProgress: (f) => progress.push(f) });
    expect(uploaded).toEqual({ s3Key: 'requests/h/key.pdf', fileName: 'plan.pdf', fileSize: 300, fileType: 'pdf' });
    expect(presignCall(fetchMock)).toEqual({ url: '/api/requests/presigned-url', body: { fileName: 'plan.pdf', fileType: 'application/pdf', fileSize: 300 } });
    const [put] = FakeXhr.sent;
    expect([put.method, put.url, put.headers, put.body]).toEqual(['PUT', 'http://s3.local/bucket/key?sig', { 'Content-Type': 'application/pdf' }, pdf]);
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it('names the feature in the body for documents', async () => {
    const fetchMock = presign('documents/h/key.pdf');
    await uploadFile('documents', file('bylaws.pdf', 'application/pdf', 10));
    expect(presignCall(fetchMock)).toEqual({ url: '/api/documents/presigned-url', body: { fileName: 'bylaws.pdf', fileType: 'application/pdf', fileSize: 10, feature: 'documents' } });
  });

  it('wraps a storage refusal and a lost connection as the spec words them', async () => {
    presign();
    FakeXhr.answer = { status: 403, statusText: 'Forbidden' };
    await expect(uploadFile('announcements', file('plan.pdf', 'application/pdf', 300))).rejects.toThrow('Failed to upload file: S3 upload failed: Forbidden');
    FakeXhr.answer = 'network-error';
    await expect(uploadFile('announcements', file('plan.pdf', 'application/pdf', 300))).rejects.toThrow('Failed to upload file: Network error');
  });

  it('wraps the API refusal of the presigned URL', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'File size must be less than 10MB' }), { status: 400 })));
    await expect(uploadFile('announcements', file('plan.pdf', 'application/pdf', 300))).rejects.toThrow('Failed to upload file: File size must be less than 10MB');
  });

  it('asks nothing for a file the rules refuse', async () => {
    const fetchMock = presign();
    await expect(uploadFile('violations', file('notes.txt', 'text/plain', 10))).rejects.toThrow('Failed to upload file: Invalid file type. Allowed: JPG, PNG, GIF, PDF, DOC, DOCX');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeXhr.sent).toEqual([]);
  });
});
