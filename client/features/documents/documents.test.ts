import type { ReadonlyJSONValue } from 'replicache';
import { describe, expect, it } from 'vitest';
import { documentPolicy } from '../../../schema/documents';
import { documentKey, type SyncedDocument } from '../../../sync/areas/documents';
import { SyncedCollection } from '../../lib/synced-collection';
import { titleFromFileName } from './UploadDocumentDialog';
import { documentList } from './use-documents';

const doc = (id: string, createdAt: number, over: Partial<SyncedDocument> = {}): SyncedDocument => ({
  id,
  title: `Document ${id}`,
  category: 'Other',
  fileName: `${id}.pdf`,
  fileType: 'pdf',
  fileSize: 1_000,
  isPublic: true,
  notes: '',
  tags: [],
  s3Key: `hoa/documents/${id}.pdf`,
  uploadedBy: null,
  createdAt,
  updatedAt: createdAt,
  version: 1,
  ...over,
});

/** A cached value, as Replicache holds it. */
const cached = (d: SyncedDocument) => d as unknown as ReadonlyJSONValue;

describe('upload dialog', () => {
  it('titles a document after its file name without the extension', () => {
    expect(titleFromFileName('Budget 2027.final.pdf')).toBe('Budget 2027.final');
    expect(titleFromFileName('minutes.docx')).toBe('minutes');
    expect(titleFromFileName('README')).toBe('README');
    // A leading dot is a name, not an extension.
    expect(titleFromFileName('.plan')).toBe('.plan');
  });
});

describe('the documents list', () => {
  it('is newest first and counts what the stat cards show', () => {
    const collection = new SyncedCollection(documentList);
    const rows = [
      doc('a', 1_000, { category: 'Bylaws' }),
      doc('b', 3_000, { category: 'Financials', isPublic: false }),
      doc('c', 2_000, { category: 'Financials' }),
      // Same time as c: the id breaks the tie, the greater first, as the REST list orders them (sync/order.ts).
      doc('d', 2_000, { category: 'Meeting Minutes', isPublic: false }),
    ];
    collection.applyDiff(rows.map((d) => ({ op: 'add', key: documentKey(d.id), newValue: cached(d) })));
    expect(collection.sorted.map((d) => d.id)).toEqual(['b', 'd', 'c', 'a']);
    expect(collection.counters()).toMatchObject({ public: 2, Bylaws: 1, Financials: 2, 'Meeting Minutes': 1, Legal: 0 });

    // Made Board Only: the public count follows.
    collection.applyDiff([{ op: 'change', key: documentKey('c'), oldValue: cached(rows[2]), newValue: cached({ ...rows[2], isPublic: false }) }]);
    expect(collection.counters().public).toBe(1);
  });
});

describe('the Actions menu', () => {
  it('offers Download to whoever sees the document and Delete to the board', () => {
    expect(documentPolicy.actionsFor({ isPublic: true }, 'resident')).toEqual({ download: true, delete: false, editNotes: false });
    expect(documentPolicy.actionsFor({ isPublic: false }, 'board')).toEqual({ download: true, delete: true, editNotes: true });
    expect(documentPolicy.actionsFor({ isPublic: false }, 'superadmin')).toEqual({ download: true, delete: true, editNotes: true });
  });
});
