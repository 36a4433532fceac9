import { createClient } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDatabase, type Database } from '../db';
import { createFileClient } from './file-client';

const BUSY_TIMEOUT_MS = 5000;
/**
 * Page cache per connection (KiB; SQLite's default is 2 MB). A first pull's transaction writes ~2 MB
 * of CVR entries at 10,000 rows: in the default cache they crowd out the pages the patch then reads
 * (spilled to the WAL mid-transaction, or, with spilling off, the table's pages evicted). 10k-row
 * patch statement alone: 54–57 ms with 2 MB, 48–52 ms with 64 MB (85 ms with 2 MB and no spilling).
 */
const CACHE_KIB = 32 * 1024;

/**
 * Opens a libSQL database for the Node entry, scripts and tests. A `file:` URL gets the folder
 * created, WAL, a busy timeout and the file client (prepared statements reused); anything else
 * (`libsql://`, `http://`, an in-memory database) goes through @libsql/client. The server passes
 * `checkpointInBackground` (./checkpoints.ts); scripts and tests, short-lived, do without the thread.
 */
export async function openDatabase(url: string, authToken?: string, opts: { checkpointInBackground?: boolean } = {}): Promise<Database> {
  const path = url.startsWith('file:') ? url.slice('file:'.length).split('?')[0] : '';
  if (path && path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    const client = createFileClient(path, {
      timeoutMs: BUSY_TIMEOUT_MS,
      pragmas: ['PRAGMA journal_mode = WAL', `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`, 'PRAGMA synchronous = NORMAL', `PRAGMA cache_size = -${CACHE_KIB}`],
      checkpointInBackground: opts.checkpointInBackground,
    });
    return createDatabase(client);
  }
  return createDatabase(createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS } as Parameters<typeof createClient>[0]));
}
