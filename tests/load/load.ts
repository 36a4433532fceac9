/**
 * `npm run load`: 60 seconds of 200 connections against the Node entry (its own process, a fresh
 * seeded database, loopback only), each a signed-in demo user mixing what the app does: list reads,
 * pulls, pushes (read marks and new drafts) and sign-ins. Every kind checks that it did real work,
 * not only that it got an answer:
 *
 * - list: a page of the user's announcements (`docs`) that is not empty; the sent ones feed the read marks;
 * - pull: a patch and a cookie; a connection's first pull (no cookie) brings its whole cache;
 * - push: the change is seen applied in a later pull of the same client (the read mark's or the
 *   draft's key is in the client's cache once its lastMutationID covers the change); a change the
 *   server refused (a notice instead) counts as no work. A change not taken (429, 503, a capped push)
 *   is sent again, with the same id, as a client would;
 * - sign-in: an access token for the user who signed in.
 *
 * Prints per kind: answers, 2xx, 4xx, 5xx, failed connections, verified work, p50 and p99, and the
 * load average. Exits 1 on any 5xx, failed connection, 2xx that did no real work, change never seen
 * applied, or a silent server. `LOAD_SECONDS`, `LOAD_CONNECTIONS` change the shape; `LOAD_URL` aims
 * it at a server already running (e.g. `npm run dev:worker`; its sign-in limit then applies).
 */
import { loadavg } from 'node:os';
import { startBenchServer, type BenchServer } from '../bench/bench-server';
import { median, p99 } from '../bench/stats';
import { DEMO, DEMO_PASSWORD } from '../helpers/http';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/** The header the started server reads a client's address from: each sign-in comes from its own. */
const IP_HEADER = 'x-load-client-ip';

const KINDS = ['list', 'pull', 'push', 'sign-in'] as const;
type Kind = (typeof KINDS)[number];
/** Of every 20 steps: 9 list reads, 5 pulls, 4 pushes, 2 sign-ins. */
const MIX: Kind[] = [...Array(9).fill('list'), ...Array(5).fill('pull'), ...Array(4).fill('push'), ...Array(2).fill('sign-in')];
const USERS = [DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.superadmin, DEMO.cedar.board, DEMO.cedar.resident];

interface Tally {
  answers: number;
  ok: number;
  client: number;
  server: number;
  failed: number;
  /** Answers that did what the kind is for (checked as the header says). */
  verified: number;
  /** 2xx answers that did nothing: an empty list, a refused change, a sign-in without a token. */
  hollow: number;
  ms: number[];
}
const tallies = new Map<Kind, Tally>(KINDS.map((k) => [k, { answers: 0, ok: 0, client: 0, server: 0, failed: 0, verified: 0, hollow: 0, ms: [] }]));
const resetTallies = () => {
  for (const k of KINDS) tallies.set(k, { answers: 0, ok: 0, client: 0, server: 0, failed: 0, verified: 0, hollow: 0, ms: [] });
};
/** Statuses seen, for the line that lists them. */
const statuses = new Map<string, number>();

const randomIp = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;
const pick = <T>(xs: T[]) => xs[(Math.random() * xs.length) | 0];

interface PatchOp {
  op: 'put' | 'del' | 'clear';
  key?: string;
}
interface PullBody {
  cookie?: unknown;
  lastMutationIDChanges?: Record<string, number>;
  patch?: PatchOp[];
}
interface Change {
  id: number;
  name: string;
  args: Record<string, unknown>;
  /** The cache key that shows the change applied. */
  key: string;
}

/** One connection's user: their token, their client group, its cache's keys and the changes not yet seen applied. */
class VirtualUser {
  token = '';
  cookie: unknown = null;
  readonly clientGroupID = `load-${crypto.randomUUID()}`;
  readonly clientID = `load-${crypto.randomUUID()}`;
  nextMutationID = 1;
  /** A change the server has not taken yet (429, 503, capped, no answer): sent again as it is. */
  queued: Change | null = null;
  /** Taken by the server (200), waiting for a pull to show it applied. */
  readonly pending: Change[] = [];
  lastMutationID = 0;
  readonly keys = new Set<string>();
  published: string[] = [];
  totalPages = 1;
  /** Cookies as a browser keeps them: the device cookie makes a user's sign-ins count against this device only. */
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly email: string,
  ) {}

  get board() {
    return this.email.startsWith('board') || this.email.startsWith('owner');
  }

  /** One request; its status is tallied under `kind` (null: not counted, set-up). */
  async call(kind: Kind | null, path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: unknown } | null> {
    const headers: Record<string, string> = { [IP_HEADER]: randomIp() };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const started = performance.now();
    const tally = kind ? tallies.get(kind)! : null;
    try {
      const res = await fetch(`${this.base}${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
      const text = await res.text();
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      if (tally) {
        tally.ms.push(performance.now() - started);
        tally.answers++;
        if (res.status < 300) tally.ok++;
        else if (res.status < 500) tally.client++;
        else tally.server++;
        statuses.set(`${kind} ${res.status}`, (statuses.get(`${kind} ${res.status}`) ?? 0) + 1);
      }
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      return { status: res.status, body };
    } catch {
      if (tally) {
        tally.failed++;
        tally.ms.push(performance.now() - started);
      }
      return null;
    }
  }

  /** Counts a 2xx as real work or not. */
  private judge(kind: Kind, real: boolean) {
    const tally = tallies.get(kind)!;
    if (real) tally.verified++;
    else tally.hollow++;
  }

  async signIn(kind: Kind | null = 'sign-in') {
    const res = await this.call(kind, '/api/auth/login', { method: 'POST', json: { email: this.email, password: DEMO_PASSWORD } });
    if (res?.status !== 200) return;
    const body = res.body as { accessToken?: unknown; user?: { email?: string } };
    const real = typeof body.accessToken === 'string' && body.accessToken.split('.').length === 3 && body.user?.email === this.email;
    if (kind) this.judge(kind, real);
    if (real) this.token = body.accessToken as string;
  }

  async list(kind: Kind | null = 'list') {
    const page = 1 + ((Math.random() * this.totalPages) | 0);
    const res = await this.call(kind, `/api/announcements?page=${page}`);
    if (res?.status !== 200) return;
    const body = res.body as { docs?: { _id: string; status: string }[]; page?: number; totalPages?: number };
    const real = Array.isArray(body.docs) && body.docs.length > 0 && body.page === page;
    if (kind) this.judge(kind, real);
    if (!real) return;
    this.totalPages = Math.max(1, body.totalPages ?? 1);
    const sent = body.docs!.filter((a) => a.status === 'sent').map((a) => a._id);
    if (sent.length > 0) this.published = sent;
  }

  async pull(kind: Kind | null = 'pull') {
    const first = this.cookie === null;
    const res = await this.call(kind, '/api/sync/pull', { method: 'POST', json: { pullVersion: 1, clientGroupID: this.clientGroupID, cookie: this.cookie, profileID: 'load', schemaVersion: '1' } });
    if (res?.status !== 200) return;
    const body = res.body as PullBody;
    const patch = Array.isArray(body.patch) ? body.patch : null;
    const real = patch !== null && body.cookie != null && (!first || (patch[0]?.op === 'clear' && patch.some((op) => op.op === 'put')));
    if (kind) this.judge(kind, real);
    if (!real) return;
    for (const op of patch!) {
      if (op.op === 'clear') this.keys.clear();
      else if (op.op === 'put' && op.key) this.keys.add(op.key);
      else if (op.op === 'del' && op.key) this.keys.delete(op.key);
    }
    this.cookie = body.cookie;
    this.lastMutationID = Math.max(this.lastMutationID, body.lastMutationIDChanges?.[this.clientID] ?? 0);
    this.settle();
  }

  /** Changes the server has processed (lastMutationID): applied when their key is in the cache, refused otherwise. */
  settle() {
    const push = tallies.get('push')!;
    while (this.pending.length > 0 && this.pending[0].id <= this.lastMutationID) {
      const change = this.pending.shift()!;
      if (this.keys.has(change.key)) push.verified++;
      else push.hollow++;
    }
  }

  /** A read mark of a sent announcement, or (board members, half the time) a new draft. */
  private newChange(): Change | null {
    const id = this.nextMutationID;
    if (this.board && (Math.random() < 0.5 || this.published.length === 0)) {
      const draft = crypto.randomUUID();
      return {
        id,
        name: 'createAnnouncementDraft',
        args: { id: draft, title: 'Load test draft', message: '<p>Written under load.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null },
        key: `announcement/${draft}`,
      };
    }
    if (this.published.length === 0) return null;
    const announcement = pick(this.published);
    return { id, name: 'markAnnouncementRead', args: { id: announcement }, key: `announcementRead/${announcement}` };
  }

  async push() {
    const change = this.queued ?? this.newChange();
    if (!change) return this.list();
    this.queued = change;
    const res = await this.call('push', '/api/sync/push', {
      method: 'POST',
      json: {
        pushVersion: 1,
        clientGroupID: this.clientGroupID,
        profileID: 'load',
        schemaVersion: '1',
        mutations: [{ id: change.id, clientID: this.clientID, timestamp: Date.now(), name: change.name, args: change.args }],
      },
    });
    // Taken: a 200 that left nothing unprocessed. Its work is judged when a pull shows it.
    if (res?.status === 200 && !((res.body as { unprocessed?: number } | null)?.unprocessed ?? 0)) {
      this.queued = null;
      this.nextMutationID++;
      this.pending.push(change);
    }
  }

  step(kind: Kind) {
    if (kind === 'sign-in') return this.signIn();
    if (kind === 'list') return this.list();
    if (kind === 'pull') return this.pull();
    return this.push();
  }
}

/** Every active member of the demo HOAs (the boards list them); the neighbours sign in with the demo password too. */
async function activeAccounts(base: string): Promise<string[]> {
  const emails = new Set<string>(USERS);
  for (const board of [DEMO.maple.board, DEMO.cedar.board]) {
    const headers = { 'content-type': 'application/json', [IP_HEADER]: randomIp() };
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: board, password: DEMO_PASSWORD }) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const page = await fetch(`${base}/api/users?status=active&limit=100`, { headers: { authorization: `Bearer ${accessToken}`, [IP_HEADER]: randomIp() } });
    for (const u of ((await page.json()) as { docs?: { email: string; status: string }[] }).docs ?? []) if (u.status === 'active') emails.add(u.email);
  }
  return [...emails];
}

async function main() {
  const external = process.env.LOAD_URL;
  let server: BenchServer | undefined;
  if (!external) server = await startBenchServer({ host: '127.0.0.1', clientIpHeader: IP_HEADER });
  const base = external ?? server!.url;
  // Spread over every active demo account, as 200 people would be: the push budget and the
  // new-group limit are per user, so 6 accounts shared 33 ways would mostly measure 429s.
  const accounts = await activeAccounts(base);
  const users = Array.from({ length: CONNECTIONS }, (_, i) => new VirtualUser(base, accounts[i % accounts.length]));
  // The first sign-ins one account at a time, as 200 people on their own devices would (at once,
  // the same account's attempts would each take a failure slot first: the guessing limit).
  for (const u of users) {
    await u.signIn(null);
    await u.list(null);
  }
  if (users.some((u) => !u.token)) throw new Error('not every connection could sign in');
  resetTallies();
  statuses.clear();

  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    users.map(async (u) => {
      while (performance.now() < deadline) await u.step(pick(MIX));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const load = loadavg();

  // Each connection pulls once more (not counted) so every change it pushed can be judged.
  for (const u of users) if (u.pending.length > 0) await u.pull(null);
  const unconfirmed = users.reduce((n, u) => n + u.pending.length, 0);

  const health = await fetch(`${base}/api/health`).then(
    (r) => r.status,
    () => 'no answer',
  );
  await server?.stop();

  const all = [...tallies.values()];
  const sum = (f: (t: Tally) => number) => all.reduce((n, t) => n + f(t), 0);
  const answers = sum((t) => t.answers);
  console.log(`Load: ${CONNECTIONS} connections over ${accounts.length} accounts for ${elapsed.toFixed(1)} s against ${external ? base : 'the Node entry'}; node ${process.version}, load average ${load.map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min) at the end`);
  console.log(`  ${answers} answers, ${(answers / elapsed).toFixed(0)} per second`);
  console.log(`  ${'kind'.padEnd(8)} ${'answers'.padStart(8)} ${'2xx'.padStart(7)} ${'4xx'.padStart(6)} ${'5xx'.padStart(5)} ${'failed'.padStart(6)} ${'did work'.padStart(9)} ${'no work'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}`);
  for (const [kind, t] of tallies) {
    const p = (f: (xs: number[]) => number) => (t.ms.length ? `${f(t.ms).toFixed(1)} ms` : '-');
    console.log(
      `  ${kind.padEnd(8)} ${String(t.answers).padStart(8)} ${String(t.ok).padStart(7)} ${String(t.client).padStart(6)} ${String(t.server).padStart(5)} ${String(t.failed).padStart(6)} ${String(t.verified).padStart(9)} ${String(t.hollow).padStart(8)} ${p(median).padStart(9)} ${p(p99).padStart(9)}`,
    );
  }
  console.log(`  by status: ${[...statuses].sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  const hollow = sum((t) => t.hollow);
  const serverErrors = sum((t) => t.server);
  const failures = sum((t) => t.failed);
  console.log(`  5xx: ${serverErrors}; failed connections: ${failures}; 2xx that did no work: ${hollow}; changes never seen applied: ${unconfirmed}; /api/health afterwards: ${health}`);
  process.exit(serverErrors === 0 && failures === 0 && hollow === 0 && unconfirmed === 0 && health === 200 ? 0 : 1);
}

await main();
