/** Object storage for attachments: the browser uploads and downloads with presigned URLs. */
export interface FileStorage {
  /** A PUT URL whose signature covers the key, the content type and the exact content length. */
  presignUpload(input: { key: string; contentType: string; contentLength: number; expiresInSeconds?: number }): Promise<string>;
  /** A short-lived GET URL that downloads under the original file name. */
  presignDownload(input: { key: string; fileName: string; expiresInSeconds?: number }): Promise<string>;
  /** Stores bytes the app received itself (a multipart upload), under `key` with that content type. */
  put(input: { key: string; contentType: string; body: Uint8Array }): Promise<void>;
  delete(key: string): Promise<void>;
  /** The stored object's size and type, or null when there is none under `key`. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): ASCII fallback plus the exact name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
