import { createClient } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDatabase, type Database } from '../db';

/**
 * Opens a libSQL database for the Node entry, scripts and tests.
 * For `file:` URLs: creates the folder, turns on WAL and a busy timeout.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: 5000 } as Parameters<typeof createClient>[0]);
  if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  return createDatabase(client);
}
