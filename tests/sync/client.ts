/**
 * A minimal Replicache stand-in for server tests: keeps the key → value map a real client would
 * have, applies pull patches, and numbers mutations per client like Replicache does.
 */
import type { PatchOperation } from 'replicache';
import { COLUMNS_PATCH_QUERY, expandPatch } from '../../sync/patch-columns';
import type { TestApp } from '../helpers/app';
import { call, login } from '../helpers/http';

export interface PendingMutation {
  id: number;
  clientID: string;
  name: string;
  args: unknown;
  timestamp: number;
}

export class SyncTestClient {
  cookie: unknown = null;
  readonly data = new Map<string, unknown>();
  lastMutationID = 0;
  nextMutationID = 1;
  lastPatch: PatchOperation[] = [];
  /** Pull the compact patch, as the app's puller does (`?patch=columns`); `lastPatch` holds it expanded. */
  columns = false;
  /** The server's row budget while this client pulls (`pullRowBudget`): a tiny one cuts its whole-view pulls into chunks. */
  rowBudget?: number;
  /** The user's HOA, from the access token (handy for direct domain calls). */
  get hoaId(): string {
    return JSON.parse(atob(this.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).hoa;
  }

  constructor(
    readonly t: { app: TestApp['app'] } & Pick<TestApp, 'app'>,
    public token: string,
    readonly clientGroupID = `cg-${crypto.randomUUID()}`,
    readonly clientID = `c-${crypto.randomUUID()}`,
  ) {}

  mutation(name: string, args: unknown): PendingMutation {
    return { id: this.nextMutationID++, clientID: this.clientID, name, args, timestamp: Date.now() };
  }

  async push(mutations: PendingMutation[], clientGroupID = this.clientGroupID) {
    return call(this.t as TestApp, 'POST', '/api/sync/push', {
      token: this.token,
      body: { pushVersion: 1, clientGroupID, profileID: 'p1', schemaVersion: '1', mutations },
    });
  }

  async rawPull(cookie: unknown = this.cookie, clientGroupID = this.clientGroupID) {
    const config = (this.t as Partial<TestApp>).deps?.config;
    const budget = config?.pullRowBudget;
    if (config && this.rowBudget !== undefined) config.pullRowBudget = this.rowBudget;
    try {
      return await call(this.t as TestApp, 'POST', `/api/sync/pull${this.columns ? `?${COLUMNS_PATCH_QUERY}` : ''}`, {
        token: this.token,
        body: { pullVersion: 1, clientGroupID, cookie, profileID: 'p1', schemaVersion: '1' },
      });
    } finally {
      if (config) config.pullRowBudget = budget;
    }
  }

  /** Pulls and applies the patch; returns the response body. */
  async pull() {
    const r = await this.rawPull();
    if (r.status !== 200) throw new Error(`pull ${r.status} ${JSON.stringify(r.json)}`);
    if (r.json.error) return r.json;
    this.lastPatch = expandPatch(r.json.patch);
    for (const op of this.lastPatch) {
      if (op.op === 'clear') this.data.clear();
      else if (op.op === 'put') this.data.set(op.key, op.value);
      else this.data.delete(op.key);
    }
    const mine = r.json.lastMutationIDChanges[this.clientID];
    if (mine !== undefined) this.lastMutationID = mine;
    this.cookie = r.json.cookie;
    return r.json;
  }

  /**
   * Pulls until the view is whole (a first pull cut at the server's row budget comes in chunks, each
   * cookie but the last saying `more`, as the app's puller goes on at once); returns each answer.
   */
  async pullAll() {
    const answers = [await this.pull()];
    while ((answers.at(-1)?.cookie as { more?: boolean } | undefined)?.more) {
      if (answers.length > 10_000) throw new Error('a chunked pull that does not end');
      answers.push(await this.pull());
    }
    return answers;
  }

  keys(prefix: string): string[] {
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
  values<T>(prefix: string): T[] {
    return this.keys(prefix).map((k) => this.data.get(k) as T);
  }
}

/** A sync client signed in as `email`, with the signed-in user's id. */
/** What a client holds, as one object with its keys in order: two clients compare with toEqual. */
export const heldData = (c: SyncTestClient) => Object.fromEntries([...c.data].sort());

/** A new client group's first pull, as the app makes it (the compact patch). */
export async function newCompactGroup(app: TestApp, token: string) {
  const client = new SyncTestClient(app, token);
  client.columns = true;
  await client.pull();
  return client;
}

export async function signedInClient(app: TestApp, email: string) {
  const session = await login(app, email);
  return Object.assign(new SyncTestClient(app, session.token), { userId: (session.user._id ?? session.user.id) as string });
}
