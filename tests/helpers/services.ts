import type { FileStorage } from '../../worker/services/storage/types';

/** The webhook signing secret of the local payment provider in tests. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_local_secret';

/**
 * Storage for API tests that do not touch bytes: URLs are computed like presigned ones and every
 * call is recorded. tests/api/storage.test.ts runs the real S3 client against s3rver instead.
 */
export function fakeStorage() {
  const calls: { op: 'upload' | 'download' | 'put' | 'delete'; key: string; contentType?: string; contentLength?: number; fileName?: string }[] = [];
  const storage: FileStorage & { calls: typeof calls } = {
    calls,
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
    },
    async delete(key) {
      calls.push({ op: 'delete', key });
    },
  };
  return storage;
}
