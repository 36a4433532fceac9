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
  /**
   * Runs `fn` after the transaction now running commits (dropped if it rolls back). Write
   * transactions are serialised, so "the one running" is well defined; used to poke sync clients.
   */
  afterCommit(fn: () => void): void;
}

export function createDatabase(client: Client): Database {
  const db = drizzle(client, { schema: tables });
  let tail: Promise<unknown> = Promise.resolve();
  let pending: (() => void)[] | null = null;
  return {
    db,
    client,
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const run = tail.then(async () => {
        pending = [];
        try {
          const result = await db.transaction(fn);
          const hooks = pending;
          pending = null;
          for (const hook of hooks) {
            try {
              hook();
            } catch (e) {
              // The commit stands; a failed notification must not turn it into an error.
              console.error('afterCommit hook failed', e);
            }
          }
          return result;
        } finally {
          pending = null;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
    afterCommit(fn: () => void) {
      if (!pending) throw new Error('afterCommit called outside deps.database.transaction');
      pending.push(fn);
    },
  };
}
