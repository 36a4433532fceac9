// s3rver ships no types; the part used by worker/dev/local-s3-process.ts.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** Creates the configured buckets (run() does this before listening). */
    configureBuckets(): Promise<void>;
    /** Listens as Node's server.listen takes it (a port, or a Unix socket path). */
    listen(...args: unknown[]): Promise<Server>;
    /** The server close() closes; run() sets it, and so must whoever calls listen() itself. */
    httpServer?: Server;
    close(): Promise<void>;
  }
}
