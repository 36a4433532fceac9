/**
 * The document vault in workerd: a board member uploads through a presigned URL the Worker signed
 * (the local S3), files the document from the issued key, a resident never learns of a Board Only
 * one (list, detail, download, pull), the download URL serves the bytes under their name, and a
 * delete removes the stored object through the AWS SDK in the Worker. The board's stats and edits, over
 * REST and through the push.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKey } from '../../sync/areas/documents';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';
import { db } from './db';

describe('documents in workerd', () => {
  // One sign-in each for the file.
  let owner: Awaited<ReturnType<typeof login>>, rita: typeof owner;
  beforeAll(async () => {
    [owner, rita] = await Promise.all([login(DEMO.maple.superadmin), login(DEMO.maple.resident)]);
  });
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created) await call('DELETE', `/api/documents/${id}`, { token: owner.token });
  });

  async function upload(title: string, isPublic: boolean, bytes: Uint8Array<ArrayBuffer>) {
    const presigned = await call('POST', '/api/documents/presigned-url', { token: owner.token, body: { fileName: `${title}.pdf`, fileType: 'application/pdf', fileSize: bytes.length, feature: 'documents' } });
    expect(presigned.status).toBe(200);
    expect((await fetch(presigned.json.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: bytes })).status).toBe(200);
    const doc = await call('POST', '/api/documents', { token: owner.token, body: { title, category: 'Financials', s3_key: presigned.json.s3Key, is_public: isPublic, notes: '', tags: [] } });
    expect(doc.status).toBe(201);
    created.push(doc.json._id);
    return doc.json as { _id: string; s3_key: string; file_name: string };
  }

  it('uploads, lists and downloads; Board Only stays with the board everywhere; delete removes the file', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 workerd budget');
    const open = await upload('Workerd Budget', true, bytes);
    const closed = await upload('Workerd Legal Memo', false, new TextEncoder().encode('%PDF-1.4 memo'));

    const residentList = await call('GET', '/api/documents?search=Workerd', { token: rita.token });
    expect(residentList.json.docs.map((d: { title: string }) => d.title)).toEqual(['Workerd Budget']);
    expect((await call('GET', `/api/documents/${closed._id}`, { token: rita.token })).status).toBe(404);
    expect((await call('POST', `/api/documents/${closed._id}/download`, { token: rita.token, body: {} })).status).toBe(404);
    const ritaCache = new SyncTestClient(workerApp, rita.token);
    await ritaCache.pull();
    expect(ritaCache.data.has(documentKey(open._id))).toBe(true);
    expect(ritaCache.data.has(documentKey(closed._id))).toBe(false);

    const download = await call('POST', `/api/documents/${open._id}/download`, { token: rita.token, body: {} });
    expect(download.status).toBe(200);
    const file = await fetch(download.json.downloadUrl);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(file.headers.get('content-disposition')).toContain('Workerd Budget.pdf');

    // The board's stats count what SQL counts, the newest first; residents are refused.
    const stats = await call('GET', '/api/documents/stats', { token: owner.token });
    const counted = (await db.execute({ sql: 'SELECT COUNT(*) AS n, SUM(is_public) AS p FROM documents WHERE hoa_id = ? AND deleted_at IS NULL', args: [owner.user.hoa_id] })).rows[0];
    expect([stats.json.totalDocuments, stats.json.publicDocuments]).toEqual([Number(counted.n), Number(counted.p)]);
    expect(stats.json.recentUploads.slice(0, 2).map((d: { title: string }) => d.title)).toEqual(['Workerd Legal Memo', 'Workerd Budget']);
    expect((await call('GET', '/api/documents/stats', { token: rita.token })).status).toBe(403);
    // Edited to public, the memo reaches Rita; a resident may not edit.
    expect((await call('PUT', `/api/documents/${closed._id}`, { token: rita.token, body: { is_public: false } })).status).toBe(403);
    const opened = await call('PUT', `/api/documents/${closed._id}`, { token: owner.token, body: { title: 'Workerd Legal Memo (shared)', is_public: true } });
    expect(opened.json).toMatchObject({ title: 'Workerd Legal Memo (shared)', is_public: true });
    expect((await call('GET', `/api/documents/${closed._id}`, { token: rita.token })).json.title).toBe('Workerd Legal Memo (shared)');

    await ritaCache.pull();
    expect(ritaCache.data.has(documentKey(closed._id))).toBe(true);
    // The same edit through the push: Board Only again, and it leaves Rita's cache at her next pull.
    const board = new SyncTestClient(workerApp, owner.token);
    await board.pull();
    expect((await board.push([board.mutation('updateDocument', { id: closed._id, is_public: false })])).status).toBe(200);
    await ritaCache.pull();
    expect(ritaCache.data.has(documentKey(closed._id))).toBe(false);
    await board.pull();
    expect(board.data.get(documentKey(closed._id))).toMatchObject({ title: 'Workerd Legal Memo (shared)', isPublic: false });

    const url = (await call('POST', `/api/documents/${closed._id}/download`, { token: owner.token, body: {} })).json.downloadUrl;
    expect((await fetch(url)).status).toBe(200);
    expect((await call('DELETE', `/api/documents/${closed._id}`, { token: owner.token })).status).toBe(200);
    created.splice(created.indexOf(closed._id), 1);
    // The stored object is gone: the URL signed before the delete now finds nothing.
    expect((await fetch(url)).status).toBe(404);
  });
});
