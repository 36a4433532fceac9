/**
 * The document calls that need the server: upload (the file through the upload kit,
 * then the document), delete, and the download URL. Edits go through the `updateDocument` mutator.
 */
import type { ApiDocument, DocumentFormInput } from '../../../schema/documents';
import { api } from '../../lib/api';
import type { UploadedFile } from '../../lib/upload';

export const createDocument = (file: UploadedFile, fields: DocumentFormInput) =>
  api<ApiDocument>('/api/documents', {
    method: 'POST',
    body: { ...fields, s3_key: file.s3Key, file_type: file.fileType, file_size: file.fileSize, tags: [] },
  });

export const deleteDocument = (id: string) => api<{ message: string }>(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Asks for a short-lived URL and navigates to it: storage answers it as an attachment under the
 * original file name, so the browser downloads it and the app stays where it is.
 */
export async function downloadDocument(id: string): Promise<void> {
  const { downloadUrl } = await api<{ downloadUrl: string }>(`/api/documents/${encodeURIComponent(id)}/download`, { method: 'POST' });
  window.location.assign(downloadUrl);
}
