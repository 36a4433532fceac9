import type { FileStorage } from '../../worker/services/storage/types';

/** The webhook signing secret of the local payment provider in tests. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_local_secret';

/**
 * Storage for API tests that do not touch bytes: URLs are computed like presigned ones and every
 * call is recorded. tests/api/storage.test.ts runs the real S3 client against s3rver instead.
 */
export function fakeStorage() {
  const calls: { op: 'upload' | 'download' | 'put' | 'delete'; key: string; contentType?: string; contentLength?: number; fileName?: string }[] = [];
  /** What a browser's PUT to a presigned URL would have stored (`receive`), and what `put` stored. */
  const objects = new Map<string, { size: number; contentType: string }>();
  const storage: FileStorage & { calls: typeof calls; receive(key: string, size: number, contentType: string): void } = {
    calls,
    receive(key, size, contentType) {
      objects.set(key, { size, contentType });
    },
    async head(key) {
      return objects.get(key) ?? null;
    },
    async presignUpload({ key, contentType, contentLength }) {
      calls.push({ op: 'upload', key, contentType, contentLength });
      return `https://storage.test/bucket/${key}?X-Amz-Signature=fake&content-length=${contentLength}`;
    },
    async presignDownload({ key, fileName }) {
      calls.push({ op: 'download', key, fileName });
      return `https://storage.test/bucket/${key}?X-Amz-Signature=fake&response-content-disposition=${encodeURIComponent(fileName)}`;
    },
    async put({ key, contentType, body }) {
      calls.push({ op: 'put', key, contentType, contentLength: body.byteLength });
      objects.set(key, { size: body.byteLength, contentType });
    },
    async delete(key) {
      calls.push({ op: 'delete', key });
      objects.delete(key);
    },
  };
  return storage;
}
