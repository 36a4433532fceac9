/**
 * Attachment upload at submit time (community §4, §7): ask the API for a presigned URL, then PUT the
 * file straight to storage with its content type. Errors read as the spec words them.
 */
import { fileExtension, type PresignedUpload } from '../../../schema/uploads';
import { api, ApiError, errorMessage } from '../../lib/api';
import { declaredType, type AttachmentMeta } from './AttachmentDropZone';

export const uploadFailed = (message: string) => `Failed to upload file: ${message}`;

/** Uploads `file` and returns the metadata the announcement stores; throws Error with the §8 text. */
export async function uploadAttachment(file: File, fetcher: typeof fetch = fetch): Promise<AttachmentMeta> {
  const fileType = declaredType(file);
  try {
    const { uploadUrl, s3Key } = await api<PresignedUpload>('/api/announcements/presigned-url', {
      method: 'POST',
      body: { fileName: file.name, fileType, fileSize: file.size },
    });
    let res: Response;
    try {
      res = await fetcher(uploadUrl, { method: 'PUT', headers: { 'Content-Type': fileType }, body: file });
    } catch (e) {
      throw new Error(e instanceof Error ? e.message : 'Network error', { cause: e });
    }
    if (!res.ok) throw new Error(`S3 upload failed: ${res.statusText || res.status}`);
    return { s3Key, filename: file.name, fileSize: file.size, fileType: fileExtension(file.name) };
  } catch (e) {
    const reason = e instanceof ApiError ? errorMessage(e, 'Network error') : e instanceof Error ? e.message : String(e);
    throw new Error(uploadFailed(reason), { cause: e });
  }
}
