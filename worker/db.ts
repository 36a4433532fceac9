import type { Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as tables from '../schema/tables';

export type Db = LibSQLDatabase<typeof tables>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Domain functions take either: a read can run inside or outside a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  client: Client;
  /**
   * A write transaction (BEGIN IMMEDIATE). Serialised within the process: on a libSQL file the
   * native busy-wait would block the event loop while another async transaction holds the lock.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export function createDatabase(client: Client): Database {
  const db = drizzle(client, { schema: tables });
  let tail: Promise<unknown> = Promise.resolve();
  return {
    db,
    client,
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const run = tail.then(() => db.transaction(fn));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
