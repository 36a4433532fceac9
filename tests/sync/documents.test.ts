/**
 * Documents through sync: the cache value agrees with the REST answer for each role (and leaves out
 * what a role must not see), the `updateDocument` mutator edits offline and the push applies it or
 * refuses it with a notice, and renaming the uploader reaches the board's caches.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, type ApiDocument } from '../../schema/documents';
import { documents, users } from '../../schema/tables';
import { documentKey, DOCUMENT_SPACE, type SyncedDocument } from '../../sync/areas/documents';
import type { SyncedNotice } from '../../sync/areas/notices';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { localCaches } from '../helpers/replicache';
import { signedInClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const clientFor = signedInClient;

/** The REST answer a cache value stands for. */
const asApi = (d: SyncedDocument) => ({
  _id: d.id,
  title: d.title,
  category: d.category,
  file_type: d.fileType,
  file_size: d.fileSize,
  file_name: d.fileName,
  is_public: d.isPublic,
  notes: d.notes,
  tags: d.tags,
  s3_key: d.s3Key,
  uploaded_by: d.uploadedBy && { _id: d.uploadedBy.id, name: d.uploadedBy.name },
  createdAt: new Date(d.createdAt).toISOString(),
  updatedAt: new Date(d.updatedAt).toISOString(),
  version: d.version,
});

describe('the synced document', () => {
  it('says what REST says, for the board and for a resident', async () => {
    t = await createTestApp();
    // Text that needs escaping in JSON, and tags.
    const [doc] = await t.deps.database.db.select().from(documents).limit(1);
    await t.write((tx) => tx.update(documents).set({ title: 'Café "rules" \\ ☀️\n', tags: ['pool', 'summer'], notes: 'a\tb' }).where(eq(documents.id, doc.id)));
    for (const email of [DEMO.maple.board, DEMO.maple.resident, DEMO.cedar.superadmin]) {
      const c = await clientFor(t, email);
      await c.pull();
      const values = c.values<SyncedDocument>(`${DOCUMENT_SPACE}/`);
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) {
        const r = await call(t, 'GET', `/api/documents/${v.id}`, { token: c.token });
        const { fileSizeFormatted, ...rest } = r.json as ApiDocument;
        expect(rest).toEqual(asApi(v));
        expect(fileSizeFormatted).toMatch(/ (KB|MB)$/);
        if (email === DEMO.maple.resident) expect(v).toMatchObject({ isPublic: true, uploadedBy: null });
        else expect(v.uploadedBy?.name).toMatch(/\w/);
      }
    }
  });

  it('follows a rename of the uploader', async () => {
    t = await createTestApp();
    const board = await clientFor(t, DEMO.maple.board);
    await board.pull();
    const [ben] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.board));
    await t.write((tx) => updateUser(t!.deps, tx, ben, { name: 'Benjamin Board' }));
    await board.pull();
    const byBen = board.values<SyncedDocument>(`${DOCUMENT_SPACE}/`).filter((d) => d.uploadedBy?.id === ben.id);
    expect(byBen.length).toBeGreaterThan(0);
    expect(byBen.every((d) => d.uploadedBy!.name === 'Benjamin Board')).toBe(true);
  });
});

describe('updateDocument', () => {
  const localCache = localCaches();

  it('edits the cached document at once, only the fields given', async () => {
    const rep = localCache();
    const value: SyncedDocument = {
      id: 'd1', title: 'Bylaws', category: 'Bylaws', fileName: 'bylaws.pdf', fileType: 'pdf', fileSize: 1000, isPublic: true,
      notes: '', tags: [], s3Key: 'k', uploadedBy: { id: 'u1', name: 'Ben' }, createdAt: 1, updatedAt: 1, version: 1,
    };
    await rep.mutate.put({ key: documentKey('d1'), value });
    await rep.mutate.updateDocument({ id: 'd1', notes: 'Amended 2024', is_public: false });
    expect(await rep.query((tx) => tx.get(documentKey('d1')))).toMatchObject({ title: 'Bylaws', notes: 'Amended 2024', isPublic: false, updatedAt: expect.any(Number) });
    // The same rules as the server: too long notes never reach the cache.
    await expect(rep.mutate.updateDocument({ id: 'd1', notes: 'x'.repeat(501) })).rejects.toThrow(DOCUMENT_MESSAGES.notesTooLong);
  });

  it('applies the board’s offline edits on push; refuses a resident’s, too long notes and an unknown id with notices', async () => {
    t = await createTestApp();
    const board = await clientFor(t, DEMO.maple.board);
    const rita = await clientFor(t, DEMO.maple.resident);
    await board.pull();
    await rita.pull();
    const doc = board.values<SyncedDocument>(`${DOCUMENT_SPACE}/`).find((d) => d.isPublic)!;

    expect((await board.push([board.mutation('updateDocument', { id: doc.id, notes: 'Read before the meeting', is_public: false })])).status).toBe(200);
    await board.pull();
    expect(board.data.get(documentKey(doc.id))).toMatchObject({ notes: 'Read before the meeting', isPublic: false, version: doc.version + 1 });
    // Now Board Only: it leaves the resident's cache.
    await rita.pull();
    expect(rita.data.has(documentKey(doc.id))).toBe(false);

    await rita.push([rita.mutation('updateDocument', { id: doc.id, is_public: true })]);
    await board.push([board.mutation('updateDocument', { id: doc.id, notes: 'x'.repeat(501) }), board.mutation('updateDocument', { id: 'missing', notes: 'x' })]);
    await rita.pull();
    await board.pull();
    expect(rita.values<SyncedNotice>('notice/').map((n) => n.message)).toEqual([DOCUMENT_MESSAGES.boardOnly]);
    expect(board.values<SyncedNotice>('notice/').map((n) => n.message).sort()).toEqual([DOCUMENT_MESSAGES.notFound, DOCUMENT_MESSAGES.notesTooLong].sort());
    const [row] = await t.deps.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ notes: 'Read before the meeting', isPublic: false });
  });
});
