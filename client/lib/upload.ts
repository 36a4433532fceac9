/**
 * File uploads of every area: check the file against the feature's rules of
 * schema/uploads.ts, ask `POST /api/<feature>/presigned-url` for a URL, then PUT the file straight to
 * storage with its content type, reporting progress. Errors read as the spec words them.
 */
import { checkUpload, fileExtension, MAX_UPLOAD_BYTES, UPLOAD_RULES, type PresignedUpload, type SyncedAttachment, type UploadFeature } from '../../schema/uploads';
import { api, ApiError, errorMessage } from './api';

/** What an upload leaves behind ("Attachment upload result"). */
export interface UploadedFile {
  s3Key: string;
  fileName: string;
  fileSize: number;
  /** The extension, lower case ("pdf"), as the areas store it. */
  fileType: string;
}

export const uploadFailed = (message: string) => `Failed to upload file: ${message}`;
export const storageRefused = (statusText: string) => `S3 upload failed: ${statusText}`;

/**
 * The MIME type a file is declared with (the presigned-url body and the PUT's Content-Type). Some
 * systems report none for Office files: then the first type the feature's rules allow for the
 * extension, read from the rules themselves (their `accept` list) rather than from a second table.
 */
export function declaredType(feature: UploadFeature, file: File): string {
  if (file.type) return file.type;
  const allowed = UPLOAD_RULES[feature].accept.split(',').filter((t) => t.includes('/'));
  return allowed.find((mime) => checkUpload(feature, { fileName: file.name, fileType: mime, fileSize: 1 }) === null) ?? 'application/octet-stream';
}

/** The first problem with a chosen file under the feature's rules ("No file selected" for none), or null. */
export function fileProblem(feature: UploadFeature, file: File | null | undefined): string | null {
  const declared = file ? { fileName: file.name, fileType: declaredType(feature, file), fileSize: file.size } : null;
  return checkUpload(feature, declared)?.message ?? null;
}

/** What a drop zone says it takes: "PDF, DOC, DOCX, JPG, JPEG, PNG or GIF, up to 10 MB", from the rules. */
export function uploadHint(feature: UploadFeature): string {
  const names = UPLOAD_RULES[feature].extensions.map((e) => e.toUpperCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `${list}, up to ${Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)}\u00a0MB`;
}

export interface UploadOptions {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** PUT with XMLHttpRequest: fetch reports no upload progress. Rejects with the message to show. */
function putFile(url: string, file: File, contentType: string, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else reject(new Error(storageRefused(xhr.statusText || String(xhr.status))));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload canceled'));
    xhr.send(file);
  });
}

/** Uploads `file` for `feature`; throws Error with "Failed to upload file: {message}". */
export async function uploadFile(feature: UploadFeature, file: File, { onProgress }: UploadOptions = {}): Promise<UploadedFile> {
  const fileType = declaredType(feature, file);
  try {
    // The server checks again; this only spares a request for a file it would refuse.
    const problem = fileProblem(feature, file);
    if (problem) throw new Error(problem);
    const { uploadUrl, s3Key } = await api<PresignedUpload>(`/api/${feature}/presigned-url`, {
      method: 'POST',
      // The documents screen names its feature in the body; elsewhere the path does.
      body: { fileName: file.name, fileType, fileSize: file.size, ...(feature === 'documents' ? { feature } : {}) },
    });
    onProgress?.(0);
    await putFile(uploadUrl, file, fileType, onProgress);
    return { s3Key, fileName: file.name, fileSize: file.size, fileType: fileExtension(file.name) };
  } catch (e) {
    const reason = e instanceof ApiError ? errorMessage(e, 'Network error') : e instanceof Error ? e.message : String(e);
    throw new Error(uploadFailed(reason), { cause: e });
  }
}

/** A synced value's attachment in the upload kit's shape (cards and download buttons). */
export const uploadedFileOf = (a: SyncedAttachment): UploadedFile => ({ s3Key: a.s3Key, fileName: a.filename, fileSize: a.fileSize, fileType: a.fileType });
