import { z } from 'zod';
import { lazy } from './lazy';

/**
 * File uploads: the allowed types, the size limit and the messages per
 * feature, shared by the upload widgets (first check, before any request) and the presigned-url
 * endpoints (the check that counts).
 */
export const UPLOAD_FEATURES = ['announcements', 'requests', 'documents', 'violations', 'applications'] as const;
export type UploadFeature = (typeof UPLOAD_FEATURES)[number];

/** 10 MB, one file. */
export const MAX_UPLOAD_BYTES = 10_485_760;

/** Extension → the MIME types a browser reports for it. */
const TYPES = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
} as const satisfies Record<string, readonly string[]>;
export type UploadExtension = keyof typeof TYPES;

export const UPLOAD_MESSAGES = {
  noFile: 'No file selected',
  tooLarge: 'File size must be less than 10MB',
  emptyFile: 'The file is empty',
  fileNameRequired: 'File name is required',
  /** The attachment key was not issued by this server to this HOA for this feature. */
  unknownKey: 'Attachment not found. Please upload the file again.',
  fileNotFound: 'File not found',
  /** Announcements and requests. */
  typeNotAllowed: 'File type not allowed. Please upload PDF, DOC, DOCX, or image files',
  documentTypeNotSupported: 'File type not supported. Please use PDF, DOC, DOCX, JPG, JPEG, PNG, or GIF',
  violationTypeInvalid: 'Invalid file type. Allowed: JPG, PNG, GIF, PDF, DOC, DOCX',
  applicationTypeInvalid: 'Invalid file type. Plans must be PDF; photos JPG, PNG or GIF',
  featureInvalid: 'Invalid upload feature',
  /** A client's upload id already names another file. */
  uploadIdTaken: 'This upload id belongs to another file.',
  /** The object is not in storage, or not with the size and type declared for it. */
  notStored: 'The file did not arrive in full. Please attach it again.',
  uploadNotFound: 'Upload not found',
  uploadIdInvalid: 'The upload id must be 8 to 64 letters, digits or dashes.',
} as const;

export interface UploadRule {
  extensions: readonly UploadExtension[];
  typeMessage: string;
  /** The `accept` attribute for the file input. */
  accept: string;
}

const ALL: UploadExtension[] = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif'];
/** Architectural applications: plans as PDF, photos. */
const APPLICATION_FILES: UploadExtension[] = ['pdf', 'jpg', 'jpeg', 'png', 'gif'];
const accept = (exts: readonly UploadExtension[]) =>
  [...exts.map((e) => `.${e}`), ...new Set(exts.flatMap((e) => TYPES[e]))].join(',');

export const UPLOAD_RULES: Record<UploadFeature, UploadRule> = {
  announcements: { extensions: ALL, typeMessage: UPLOAD_MESSAGES.typeNotAllowed, accept: accept(ALL) },
  requests: { extensions: ALL, typeMessage: UPLOAD_MESSAGES.typeNotAllowed, accept: accept(ALL) },
  documents: { extensions: ALL, typeMessage: UPLOAD_MESSAGES.documentTypeNotSupported, accept: accept(ALL) },
  violations: { extensions: ALL, typeMessage: UPLOAD_MESSAGES.violationTypeInvalid, accept: accept(ALL) },
  applications: { extensions: APPLICATION_FILES, typeMessage: UPLOAD_MESSAGES.applicationTypeInvalid, accept: accept(APPLICATION_FILES) },
};

/** Size in MB to two decimals; below 0.01 MB in KB, so a small file never reads "0.00 MB". */
export const fileSizeText = (bytes: number) => (bytes < 10_486 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export interface DeclaredFile {
  fileName: string;
  fileType: string;
  fileSize: number;
}

/**
 * The first problem with a file, or null. The extension must be allowed and the declared MIME type
 * must be one that extension has (a `.pdf` declared as text/html is refused): the type is signed into
 * the upload URL and served back on download, so it has to be one we allow.
 */
export function checkUpload(feature: UploadFeature, file: DeclaredFile | null | undefined): { field: keyof DeclaredFile | 'file'; message: string } | null {
  if (!file) return { field: 'file', message: UPLOAD_MESSAGES.noFile };
  const rule = UPLOAD_RULES[feature];
  const ext = fileExtension(file.fileName) as UploadExtension;
  const mime = file.fileType.toLowerCase().split(';')[0].trim();
  if (!rule.extensions.includes(ext) || !(TYPES[ext] as readonly string[]).includes(mime)) {
    return { field: 'fileType', message: rule.typeMessage };
  }
  if (file.fileSize > MAX_UPLOAD_BYTES) return { field: 'fileSize', message: UPLOAD_MESSAGES.tooLarge };
  if (file.fileSize <= 0) return { field: 'fileSize', message: UPLOAD_MESSAGES.emptyFile };
  return null;
}

/** A client's upload id: it becomes part of the storage key, so letters, digits and dashes only. */
export const UPLOAD_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * `hoa/{hoaId}/{feature}/{uploadId}-{safe filename}`: readable in a bucket listing, unguessable, never
 * colliding. The server names every key with it, and a device names the key of a photo it queued
 * offline with the same rule (its upload id and its HOA), so a mutation can carry the key before the
 * upload has happened.
 */
export function storageKeyName(hoaId: string, feature: UploadFeature, fileName: string, uploadId: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot).toLowerCase().replace(/[^.a-z0-9]/g, '') : '';
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `hoa/${hoaId}/${feature}/${uploadId}-${stem || 'file'}${ext}`;
}

/** `POST /api/<area>/presigned-url`. `feature` is sent by the documents screen; elsewhere the path decides. */
export const presignedUrlBody = lazy(() => z.object({
  fileName: z.string({ error: UPLOAD_MESSAGES.fileNameRequired }).trim().min(1, UPLOAD_MESSAGES.fileNameRequired).max(255),
  fileType: z.string({ error: UPLOAD_MESSAGES.noFile }).trim().min(1, UPLOAD_MESSAGES.noFile).max(200),
  fileSize: z.number({ error: UPLOAD_MESSAGES.noFile }).int(UPLOAD_MESSAGES.noFile).nonnegative(UPLOAD_MESSAGES.noFile),
  feature: z.enum(UPLOAD_FEATURES, { error: UPLOAD_MESSAGES.featureInvalid }).optional(),
  /** Chosen by the client for an upload it may retry (a photo queued offline): the same id, the same key. */
  uploadId: z.string().regex(UPLOAD_ID, UPLOAD_MESSAGES.uploadIdInvalid).optional(),
}));
export type PresignedUrlBody = z.infer<typeof presignedUrlBody>;

export const downloadUrlBody = lazy(() => z.object({
  s3Key: z.string({ error: UPLOAD_MESSAGES.fileNotFound }).trim().min(1, UPLOAD_MESSAGES.fileNotFound).max(600),
}));

/** Response of the presigned-url endpoints. */
export interface PresignedUpload {
  uploadUrl: string;
  s3Key: string;
}

/** An attachment as synced values carry it. */
export const syncedAttachmentSchema = lazy(() => z.object({
  s3Key: z.string(),
  filename: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
}));
export type SyncedAttachment = z.output<typeof syncedAttachmentSchema>;

/** An attachment in REST answers: `file_type` is the extension. */
export interface ApiAttachment {
  s3_key: string;
  filename: string;
  file_size: number;
  file_type: string;
}

export const toApiAttachment = (a: SyncedAttachment | null): ApiAttachment | null =>
  a ? { s3_key: a.s3Key, filename: a.filename, file_size: a.fileSize, file_type: a.fileType } : null;

/** The REST shape back in the cache's (a detail screen shows a REST answer until the cache has the row). */
export const fromApiAttachment = (a: ApiAttachment | null): SyncedAttachment | null =>
  a ? { s3Key: a.s3_key, filename: a.filename, fileSize: a.file_size, fileType: a.file_type } : null;

/** `POST /api/<area>/:id/attachments` (multipart): the attachment upload result. */
export interface AttachmentUploadResult {
  s3Key: string;
  fileName: string;
  fileSize: number;
  fileType: string;
}

/** A file just uploaded (the upload result's names) as synced values carry it. */
export const attachmentOfUpload = (u: AttachmentUploadResult): SyncedAttachment => ({ s3Key: u.s3Key, filename: u.fileName, fileSize: u.fileSize, fileType: u.fileType });
