/** Document vault: categories, the spec's messages, limits, the policy and the REST shapes, shared by client and server. */
import { z } from 'zod';
import { isPrivileged, type Role } from './roles';
import { lazy } from './lazy';

export const DOCUMENT_CATEGORIES = ['Bylaws', 'Financials', 'Meeting Minutes', 'Legal', 'Architectural', 'Insurance', 'Maintenance', 'Other'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Rows per page and per Load more step. */
export const DOCUMENT_PAGE_SIZE = 10;
/** Notes limit. */
export const DOCUMENT_NOTES_MAX = 500;
/** Limits the spec does not show; they only keep abusive payloads out. */
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_TAGS_MAX = 20;
/** "Recent Uploads" shows the first 3. */
export const RECENT_UPLOADS = 3;

export const DOCUMENT_MESSAGES = {
  required: 'Please fill in all required fields',
  notesTooLong: 'Notes cannot exceed 500 characters',
  uploaded: 'Document uploaded successfully!',
  loadFailed: 'Failed to load documents',
  uploadFailed: 'Failed to upload document',
  storageFailed: 'Failed to upload file to S3',
  downloadFailed: 'Failed to download document',
  deleteFailed: 'Failed to delete document',
  // Server and screen texts beyond the spec's (it shows none for these cases).
  notFound: 'Document not found',
  boardOnly: 'Only board members can upload, edit or delete documents',
  titleTooLong: 'Title must be at most 200 characters',
  categoryInvalid: 'Category is invalid',
  keyTaken: 'This file is already stored as a document. Please upload the file again.',
  deleted: 'Document deleted',
  noDocuments: 'No documents found',
  noMatches: 'No documents match your filters',
  noMore: 'No more documents',
  needsConnection: 'Needs a connection',
  manageOffline: 'Uploading and deleting need a connection.',
} as const;

/** "Public" or "Board Only" (Public is visible to all residents, Board Only is private). */
export const accessLabel = (isPublic: boolean) => (isPublic ? 'Public' : 'Board Only');

/**
 * The document policy, one rule each: the domain enforces it, the mutator predicts
 * with it, the screens decide what to show with it.
 */
export const documentPolicy = {
  /** Upload, edit, delete; see Uploaded By and the stat cards: board and superadmin. */
  mayManage: (role: Role) => isPrivileged(role),
  /** Public documents are everyone's; Board Only ones the board's. */
  mayRead: (doc: { isPublic: boolean }, role: Role) => doc.isPublic || isPrivileged(role),
  /** What this role may do with this document (the Actions menu, the Notes dialog). */
  actionsFor(doc: { isPublic: boolean }, role: Role) {
    const manage = documentPolicy.mayManage(role);
    return { download: documentPolicy.mayRead(doc, role), delete: manage, editNotes: manage };
  },
};

const title = lazy(() => z
  .string({ error: DOCUMENT_MESSAGES.required })
  .max(DOCUMENT_TITLE_MAX * 4, { error: DOCUMENT_MESSAGES.titleTooLong, abort: true })
  .trim()
  .min(1, DOCUMENT_MESSAGES.required)
  .max(DOCUMENT_TITLE_MAX, DOCUMENT_MESSAGES.titleTooLong));
const category = lazy(() => z.enum(DOCUMENT_CATEGORIES, { error: (issue) => (issue.input === undefined || issue.input === '' ? DOCUMENT_MESSAGES.required : DOCUMENT_MESSAGES.categoryInvalid) }));
const notes = lazy(() => z.string().max(DOCUMENT_NOTES_MAX, DOCUMENT_MESSAGES.notesTooLong));

/** The editable fields, as the Upload dialog, the REST bodies and the `updateDocument` mutator carry them. */
export const documentFields = lazy(() => ({
  title,
  category,
  /** Defaults to Public. */
  is_public: z.boolean().default(true),
  notes: notes.default(''),
}));

/** Upload dialog values before the file is uploaded. */
export const documentFormSchema = lazy(() => z.object(documentFields));
export type DocumentFormInput = z.input<typeof documentFormSchema>;

/**
 * `POST /api/documents`. `file_type` and `file_size` are accepted
 * for the spec's client and ignored: the stored values come from the upload the server issued.
 */
export const documentUploadSchema = lazy(() => z.object({
  ...documentFields,
  s3_key: z.string({ error: DOCUMENT_MESSAGES.required }).trim().min(1, DOCUMENT_MESSAGES.required).max(600),
  file_type: z.string().max(200).optional(),
  file_size: z.number().optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(DOCUMENT_TAGS_MAX).default([]),
}));
export type DocumentUpload = z.output<typeof documentUploadSchema>;

/** `PUT /api/documents/:id` and the `updateDocument` mutator: any of the editable fields (the Notes dialog sends notes alone). */
export const documentUpdateSchema = lazy(() => z.object({
  title: title.optional(),
  category: category.optional(),
  is_public: z.boolean().optional(),
  notes: notes.optional(),
}));
export type DocumentUpdate = z.output<typeof documentUpdateSchema>;

/** `GET /api/documents` query: page, limit 10, title search, category (one, or comma-joined). */
export const documentListQuery = lazy(() => z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  limit: z.coerce.number().int().min(1).max(100).default(DOCUMENT_PAGE_SIZE).catch(DOCUMENT_PAGE_SIZE),
  search: z.string().max(200).optional().catch(undefined).transform((s) => s?.trim() || undefined),
  category: z
    .string()
    .max(500)
    .optional()
    .catch(undefined)
    .transform((s) => (s ? s.split(',').filter((c): c is DocumentCategory => (DOCUMENT_CATEGORIES as readonly string[]).includes(c)) : [])),
}));
export type DocumentListQuery = z.output<typeof documentListQuery>;

// ------------------------------------------------------------------ REST response shapes

export interface ApiDocument {
  _id: string;
  title: string;
  category: DocumentCategory;
  /** The extension ("pdf"). */
  file_type: string;
  file_size: number;
  fileSizeFormatted: string;
  /** The original file name; the download carries it. */
  file_name: string;
  is_public: boolean;
  notes: string;
  tags: string[];
  s3_key: string;
  /** Board and superadmin only (null for residents). */
  uploaded_by: { _id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ApiDocumentPage {
  docs: ApiDocument[];
  hasNextPage: boolean;
  page: number;
  totalDocs: number;
  totalPages: number;
  limit: number;
}

/** `GET /api/documents/stats` (board and superadmin): the board's stat cards. */
export interface ApiDocumentStats {
  totalDocuments: number;
  publicDocuments: number;
  recentUploads: ApiDocument[];
  categories: { category: DocumentCategory; count: number }[];
}
