import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, DOWNLOAD_URL_TTL_SECONDS, UPLOAD_URL_TTL_SECONDS, type FileStorage } from './types';

export interface S3StorageConfig {
  /** e.g. https://<account>.r2.cloudflarestorage.com, or the local s3rver. Unset: AWS S3 of the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3, R2 or s3rver through the AWS SDK (fetch-based on Workers, so it runs on both entries). */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Path-style URLs work on R2, MinIO and s3rver alike; virtual-host style needs DNS per bucket.
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums the browser cannot compute must not be part of the signed PUT.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    presignUpload({ key, contentType, contentLength, expiresInSeconds = UPLOAD_URL_TTL_SECONDS }) {
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: contentLength });
      // Sign content-type and content-length as headers, so S3 refuses a different type or size.
      return getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
    },
    presignDownload({ key, fileName, expiresInSeconds = DOWNLOAD_URL_TTL_SECONDS }) {
      const command = new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: contentDisposition(fileName) });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
    async put({ key, contentType, body }) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: body.byteLength, Body: body }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async head(key) {
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: found.ContentLength ?? 0, contentType: (found.ContentType ?? '').toLowerCase() };
      } catch (e) {
        // A missing object: NotFound, or a bare 404 from stores that answer HEAD without a body.
        if (e instanceof NotFound || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
  };
}
