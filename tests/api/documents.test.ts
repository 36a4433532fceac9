/**
 * Document vault API: upload through an issued key (name, type and size from the
 * upload, not the client), the spec's validation messages, paging and filters, editing, deleting
 * (the stored object goes), downloading, stats — and a resident never learning of a Board Only
 * document by list, get, download, stats or pull.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, type ApiDocument } from '../../schema/documents';
import { storageUploads } from '../../schema/tables';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import { DOCUMENT_SPACE, type SyncedDocument } from '../../sync/areas/documents';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { fakeStorage } from '../helpers/services';
import { SyncTestClient } from '../sync/client';

let t: TestApp;
let storage: ReturnType<typeof fakeStorage>;
let board: string;
let resident: string;

beforeEach(async () => {
  storage = fakeStorage();
  t = await createTestApp({ storage });
  [board, resident] = (await Promise.all([login(t, DEMO.maple.board), login(t, DEMO.maple.resident)])).map((s) => s.token);
});
afterEach(() => t.close());

const presign = (token: string, file = { fileName: 'Budget 2027.pdf', fileType: 'application/pdf', fileSize: 4096 }, area = 'documents') =>
  call(t, 'POST', `/api/${area}/presigned-url`, { token, body: { ...file, ...(area === 'documents' ? { feature: 'documents' } : {}) } });

async function upload(token: string, fields: Record<string, unknown> = {}): Promise<ApiDocument> {
  const key = (await presign(token)).json.s3Key;
  const r = await call(t, 'POST', '/api/documents', { token, body: { title: 'Budget 2027', category: 'Financials', s3_key: key, is_public: true, notes: '', tags: [], ...fields } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json;
}

const list = (token: string, query = '') => call(t, 'GET', `/api/documents${query}`, { token });

describe('upload', () => {
  it('stores the name, type and size of the issued upload, not what the client says', async () => {
    const key = (await presign(board)).json.s3Key;
    const r = await call(t, 'POST', '/api/documents', {
      token: board,
      body: { title: '  Budget 2027 ', category: 'Financials', s3_key: key, file_type: 'exe', file_size: 1, is_public: false, notes: 'Draft', tags: [] },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      title: 'Budget 2027',
      category: 'Financials',
      file_type: 'pdf',
      file_size: 4096,
      fileSizeFormatted: '4 KB',
      file_name: 'Budget 2027.pdf',
      is_public: false,
      notes: 'Draft',
      tags: [],
      s3_key: key,
      uploaded_by: { name: 'Ben Board' },
    });
  });

  it('answers the spec’s messages', async () => {
    const key = (await presign(board)).json.s3Key;
    const post = (body: Record<string, unknown>) => call(t, 'POST', '/api/documents', { token: board, body: { title: 'T', category: 'Legal', s3_key: key, ...body } });
    for (const missing of [{ title: '  ' }, { category: undefined }, { s3_key: undefined }]) {
      const r = await post(missing);
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(DOCUMENT_MESSAGES.required);
    }
    const long = await post({ notes: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual([{ path: 'notes', msg: DOCUMENT_MESSAGES.notesTooLong }]);
    expect((await post({ notes: 'x'.repeat(500) })).status).toBe(201);
    const type = await presign(board, { fileName: 'run.exe', fileType: 'application/octet-stream', fileSize: 10 });
    expect(type.json.errors[0].msg).toBe(UPLOAD_MESSAGES.documentTypeNotSupported);
    const size = await presign(board, { fileName: 'big.pdf', fileType: 'application/pdf', fileSize: 10_485_761 });
    expect(size.json.errors[0].msg).toBe('File size must be less than 10MB');
  });

  it('refuses a key of another HOA, of another feature, made up, or already used', async () => {
    const cedar = (await login(t, DEMO.cedar.board)).token;
    const post = (key: string) => call(t, 'POST', '/api/documents', { token: board, body: { title: 'T', category: 'Legal', s3_key: key } });
    const otherHoa = await post((await presign(cedar)).json.s3Key);
    expect(otherHoa).toMatchObject({ status: 400, json: { errors: [{ path: 's3_key', msg: UPLOAD_MESSAGES.unknownKey }] } });
    const otherFeature = await post((await presign(board, undefined, 'announcements')).json.s3Key);
    expect(otherFeature).toMatchObject({ status: 400, json: { errors: [{ path: 's3_key', msg: UPLOAD_MESSAGES.unknownKey }] } });
    expect((await post('hoa/x/documents/made-up.pdf')).status).toBe(400);
    const doc = await upload(board);
    expect(await post(doc.s3_key)).toMatchObject({ status: 409, json: { message: DOCUMENT_MESSAGES.keyTaken } });
  });

  it('is board work: a resident cannot presign or post', async () => {
    expect((await presign(resident)).status).toBe(403);
    const key = (await presign(board)).json.s3Key;
    const r = await call(t, 'POST', '/api/documents', { token: resident, body: { title: 'T', category: 'Legal', s3_key: key } });
    expect(r).toMatchObject({ status: 403, json: { message: DOCUMENT_MESSAGES.boardOnly } });
  });
});

describe('list', () => {
  it('pages 10 at a time, newest first, with search and category', async () => {
    const first = await list(board);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, limit: 10, totalDocs: 12, hasNextPage: true, totalPages: 2 });
    expect(first.json.docs).toHaveLength(10);
    const times = first.json.docs.map((d: ApiDocument) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await list(board, '?page=2');
    expect(second.json).toMatchObject({ page: 2, hasNextPage: false });
    expect(second.json.docs).toHaveLength(2);
    const ids = new Set([...first.json.docs, ...second.json.docs].map((d: ApiDocument) => d._id));
    expect(ids.size).toBe(12);

    const minutes = await list(board, '?search=MINUTES');
    expect(minutes.json.docs.map((d: ApiDocument) => d.title).sort()).toEqual([
      'Board Meeting Minutes - November',
      'Board Meeting Minutes - October',
      'Executive Session Minutes - October',
    ]);
    const financials = await list(board, '?category=Financials');
    expect(financials.json.docs.map((d: ApiDocument) => d.title).sort()).toEqual(['2026 Annual Budget', 'Reserve Study 2025']);
    const both = await list(board, '?category=Financials,Legal&search=20');
    expect(both.json.totalDocs).toBe(2);
    // `%` and `_` are searched for, not wildcards.
    expect((await list(board, '?search=%25')).json.totalDocs).toBe(0);
    await upload(board, { title: '100% reserve_fund' });
    expect((await list(board, '?search=0%25 r')).json.totalDocs).toBe(1);
    expect((await list(board, '?search=e_f')).json.totalDocs).toBe(1);
  });

  it('shows residents the public documents only, without the uploader', async () => {
    const r = await list(resident, '?limit=100');
    expect(r.json.totalDocs).toBe(8);
    expect(r.json.docs.every((d: ApiDocument) => d.is_public && d.uploaded_by === null)).toBe(true);
  });
});

describe('a Board Only document', () => {
  it('never reaches a resident: list, get, download, stats, pull', async () => {
    const secret = await upload(board, { title: 'Settlement agreement', category: 'Legal', is_public: false });
    const listed = await list(resident, '?limit=100&search=Settlement');
    expect(listed.json).toMatchObject({ totalDocs: 0, docs: [] });
    expect((await list(resident, '?category=Legal')).json.totalDocs).toBe(1);
    expect(await call(t, 'GET', `/api/documents/${secret._id}`, { token: resident })).toMatchObject({ status: 404, json: { message: DOCUMENT_MESSAGES.notFound } });
    expect((await call(t, 'POST', `/api/documents/${secret._id}/download`, { token: resident })).status).toBe(404);
    expect(storage.calls.filter((c) => c.op === 'download')).toEqual([]);
    expect((await call(t, 'GET', '/api/documents/stats', { token: resident })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/documents/${secret._id}`, { token: resident, body: { is_public: true } })).status).toBe(403);

    const sync = new SyncTestClient(t, resident);
    await sync.pull();
    const seen = sync.values<SyncedDocument>(`${DOCUMENT_SPACE}/`);
    expect(seen).toHaveLength(8);
    expect(seen.some((d) => d.id === secret._id || !d.isPublic)).toBe(false);
    expect(JSON.stringify([...sync.data.values()])).not.toContain('Settlement');

    // Made public, it arrives; made Board Only again, it leaves the resident's cache.
    await call(t, 'PUT', `/api/documents/${secret._id}`, { token: board, body: { is_public: true } });
    await sync.pull();
    expect(sync.data.has(`${DOCUMENT_SPACE}/${secret._id}`)).toBe(true);
    await call(t, 'PUT', `/api/documents/${secret._id}`, { token: board, body: { is_public: false } });
    await sync.pull();
    expect(sync.data.has(`${DOCUMENT_SPACE}/${secret._id}`)).toBe(false);
    expect(sync.lastPatch).toEqual([{ op: 'del', key: `${DOCUMENT_SPACE}/${secret._id}` }]);
  });
});

describe('edit, download, delete', () => {
  it('edits the fields given and keeps the others', async () => {
    const doc = await upload(board, { notes: 'First' });
    const r = await call(t, 'PUT', `/api/documents/${doc._id}`, { token: board, body: { notes: 'Second' } });
    expect(r.json).toMatchObject({ title: doc.title, category: doc.category, is_public: true, notes: 'Second', version: 2 });
    const bad = await call(t, 'PUT', `/api/documents/${doc._id}`, { token: board, body: { notes: 'x'.repeat(501), title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { msg: string }) => e.msg).sort()).toEqual([DOCUMENT_MESSAGES.notesTooLong, DOCUMENT_MESSAGES.required].sort());
  });

  it('downloads under the original file name', async () => {
    const doc = await upload(board);
    const r = await call(t, 'POST', `/api/documents/${doc._id}/download`, { token: resident });
    expect(r.status).toBe(200);
    expect(r.json.downloadUrl).toContain(doc.s3_key);
    expect(storage.calls.at(-1)).toEqual({ op: 'download', key: doc.s3_key, fileName: 'Budget 2027.pdf' });
  });

  it('deleting removes the stored object, the document and its upload record', async () => {
    const doc = await upload(board);
    const sync = new SyncTestClient(t, resident);
    await sync.pull();
    expect(sync.data.has(`${DOCUMENT_SPACE}/${doc._id}`)).toBe(true);

    const r = await call(t, 'DELETE', `/api/documents/${doc._id}`, { token: board });
    expect(r).toMatchObject({ status: 200, json: { message: DOCUMENT_MESSAGES.deleted } });
    expect(storage.calls.filter((c) => c.op === 'delete')).toEqual([{ op: 'delete', key: doc.s3_key }]);
    expect((await call(t, 'GET', `/api/documents/${doc._id}`, { token: board })).status).toBe(404);
    expect((await call(t, 'POST', `/api/documents/${doc._id}/download`, { token: board })).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/documents/${doc._id}`, { token: board })).status).toBe(404);
    const [issued] = await t.deps.database.db.select().from(storageUploads).where(eq(storageUploads.s3Key, doc.s3_key));
    expect(issued.deletedAt).not.toBeNull();
    // The key cannot be used again for a new document.
    const again = await call(t, 'POST', '/api/documents', { token: board, body: { title: 'T', category: 'Legal', s3_key: doc.s3_key } });
    expect(again.status).toBe(400);
    await sync.pull();
    expect(sync.data.has(`${DOCUMENT_SPACE}/${doc._id}`)).toBe(false);
  });

  it('keeps the document when storage fails, so the delete can be retried', async () => {
    const doc = await upload(board);
    const failing = storage.delete;
    storage.delete = async () => {
      throw new Error('connection refused');
    };
    const r = await call(t, 'DELETE', `/api/documents/${doc._id}`, { token: board });
    expect(r.status).toBe(503);
    expect((await call(t, 'GET', `/api/documents/${doc._id}`, { token: board })).status).toBe(200);
    storage.delete = failing;
    expect((await call(t, 'DELETE', `/api/documents/${doc._id}`, { token: board })).status).toBe(200);
  });
});

describe('stats', () => {
  it('counts what the board sees: totals, public, the newest 3, per category', async () => {
    const r = await call(t, 'GET', '/api/documents/stats', { token: board });
    expect(r.status).toBe(200);
    expect(r.json.totalDocuments).toBe(12);
    expect(r.json.publicDocuments).toBe(8);
    expect(r.json.recentUploads.map((d: ApiDocument) => d.title)).toEqual(['Board Meeting Minutes - November', 'Clubhouse Rental Form', 'Landscaping Contract - GreenScape']);
    expect(r.json.categories).toContainEqual({ category: 'Meeting Minutes', count: 3 });
    expect(r.json.categories.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(12);
    // Another HOA's documents are never counted.
    const cedarStats = await call(t, 'GET', '/api/documents/stats', { token: (await login(t, DEMO.cedar.board)).token });
    expect(cedarStats.json.totalDocuments).toBe(6);
  });
});
