/**
 * The local S3 of the embedded default (Node only): s3rver on loopback, files under `<dataDir>/s3`,
 * with CORS for the app's origin so the browser PUTs to presigned URLs exactly as in production.
 */
import S3rver from 's3rver';
import type { S3StorageConfig } from '../services/storage/s3';

export interface LocalS3 {
  config: S3StorageConfig & { endpoint: string };
  close(): Promise<void>;
}

/** s3rver's fixed credentials: it verifies signatures against these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function corsXml(origins: string[]) {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

export async function startLocalS3(opts: { directory: string; port?: number; bucket?: string; allowedOrigins: string[]; reset?: boolean }): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'hoa-local';
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory: opts.directory,
    resetOnClose: opts.reset ?? false,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [corsXml(opts.allowedOrigins)] }],
  });
  const address = await server.run();
  return {
    config: { endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', bucket, ...CREDENTIALS },
    close: () => server.close(),
  };
}
