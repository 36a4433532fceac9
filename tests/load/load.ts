/**
 * `npm run load`: 60 seconds of 200 connections against the Node entry (its own process, a fresh
 * seeded database, loopback only), each a signed-in demo user mixing what the app does: list reads,
 * pulls, pushes (read marks and new drafts) and sign-ins. The connections are spread over every
 * active demo account (the neighbours sign in with the demo password too), as 200 people would be,
 * not 6 accounts shared 33 ways (the push budget and new-group limit are per user). Each kind checks
 * it did real work (a list with rows, a pull with a cookie, a push whose read marks name listed rows
 * and are not refused, a sign-in with a token). Prints per kind: answers, 2xx, 4xx, 5xx, did-work,
 * p50/p99; exits 1 on any 5xx, failed connection, kind that did no real work or a silent server. `LOAD_SECONDS`, `LOAD_CONNECTIONS` change the shape; `LOAD_URL`
 * aims it at a server already running (e.g. `npm run dev:worker`; its sign-in limit then applies).
 */
import { loadavg } from 'node:os';
import { startBenchServer, type BenchServer } from '../bench/bench-server';
import { median } from '../bench/stats';
import { DEMO, DEMO_PASSWORD } from '../helpers/http';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/** The header the started server reads a client's address from: each sign-in comes from its own. */
const IP_HEADER = 'x-load-client-ip';

type Kind = 'list' | 'pull' | 'push' | 'sign-in';
/** Of every 20 steps: 9 list reads, 5 pulls, 4 pushes, 2 sign-ins. */
const MIX: Kind[] = [...Array(9).fill('list'), ...Array(5).fill('pull'), ...Array(4).fill('push'), ...Array(2).fill('sign-in')];
const USERS = [DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.superadmin, DEMO.cedar.board, DEMO.cedar.resident];

interface KindFigures {
  answers: number;
  ok: number;
  client: number;
  server: number;
  /** Answers that did what the kind is for (see `step`). */
  worked: number;
  ms: number[];
}
const figures = new Map<Kind, KindFigures>();
const figuresOf = (kind: Kind) => {
  let f = figures.get(kind);
  if (!f) figures.set(kind, (f = { answers: 0, ok: 0, client: 0, server: 0, worked: 0, ms: [] }));
  return f;
};
let failures = 0;
const count = (kind: Kind, status: number | 'no answer', ms: number) => {
  const f = figuresOf(kind);
  f.ms.push(ms);
  if (status === 'no answer') return;
  f.answers++;
  if (status < 300) f.ok++;
  else if (status < 500) f.client++;
  else f.server++;
};
const worked = (kind: Kind) => figuresOf(kind).worked++;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

const draft = () => ({
  name: 'createAnnouncementDraft',
  args: { id: crypto.randomUUID(), title: 'Load test draft', message: '<p>Written under load.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null },
});

const randomIp = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;

/** One connection's user: their token, their client group and what they last pulled. */
class VirtualUser {
  token = '';
  cookie: unknown = null;
  readonly clientGroupID = `load-${crypto.randomUUID()}`;
  readonly clientID = `load-${crypto.randomUUID()}`;
  nextMutationID = 1;
  published: string[] = [];
  role = 'resident';
  /** Cookies as a browser keeps them: the device cookie makes a user's sign-ins count against this device only. */
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly email: string,
  ) {}

  async call(kind: Kind, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response | null> {
    const headers: Record<string, string> = { [IP_HEADER]: randomIp() };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const started = performance.now();
    try {
      const res = await fetch(`${this.base}${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
      const body = await res.arrayBuffer();
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      count(kind, res.status, performance.now() - started);
      return new Response(body, { status: res.status, headers: res.headers });
    } catch {
      failures++;
      count(kind, 'no answer', performance.now() - started);
      return null;
    }
  }

  async signIn() {
    const res = await this.call('sign-in', '/api/auth/login', { method: 'POST', json: { email: this.email, password: DEMO_PASSWORD } });
    if (res?.status !== 200) return;
    const body = (await res.json()) as { accessToken: string; user?: { role?: string } };
    this.token = body.accessToken;
    this.role = body.user?.role ?? this.role;
    if (this.token) worked('sign-in');
  }

  async step(kind: Kind): Promise<void> {
    if (kind === 'sign-in') return this.signIn();
    if (kind === 'list') {
      // The first page, as people open the list (later pages of a resident's few announcements are empty).
      const res = await this.call('list', '/api/announcements?page=1');
      if (res?.status === 200) {
        // The REST list answers a page: `{docs, page, …}`.
        const body = (await res.json()) as { docs?: { _id: string; status: string }[] };
        const docs = body.docs ?? [];
        if (docs.length > 0) worked('list');
        const sent = docs.filter((a) => a.status === 'sent').map((a) => a._id);
        if (sent.length > 0) this.published = sent;
      }
      return;
    }
    if (kind === 'pull') {
      const res = await this.call('pull', '/api/sync/pull', { method: 'POST', json: { pullVersion: 1, clientGroupID: this.clientGroupID, cookie: this.cookie, profileID: 'load', schemaVersion: '1' } });
      if (res?.status === 200) {
        const body = (await res.json()) as { cookie?: unknown };
        if (body.cookie !== undefined) {
          this.cookie = body.cookie;
          worked('pull');
        }
      }
      return;
    }
    // Pushes: a read mark of something listed, or (board members) a new draft. Nothing listed yet: a list read first.
    const board = this.role !== 'resident';
    if (!(board && Math.random() < 0.5) && this.published.length === 0) return this.step('list');
    const id = this.nextMutationID++;
    const mutation =
      board && (this.published.length === 0 || Math.random() < 0.5) ? draft() : { name: 'markAnnouncementRead', args: { id: this.published[(Math.random() * this.published.length) | 0] } };
    const res = await this.call('push', '/api/sync/push', {
      method: 'POST',
      json: { pushVersion: 1, clientGroupID: this.clientGroupID, profileID: 'load', schemaVersion: '1', mutations: [{ id, clientID: this.clientID, timestamp: Date.now(), ...mutation }] },
    });
    // Applied, not refused: a refusal leaves a notice, counted once at the end (`refusalsOf`).
    if (res?.status === 200) worked('push');
    else this.nextMutationID = id;
  }

  /** The notices (refused changes) this user's pushes left, read by a fresh pull at the end. */
  async refusals(): Promise<number> {
    const res = await fetch(`${this.base}/api/sync/pull`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', [IP_HEADER]: randomIp() },
      body: JSON.stringify({ pullVersion: 1, clientGroupID: this.clientGroupID, cookie: null, profileID: 'load', schemaVersion: '1' }),
    });
    const body = (await res.json()) as { patch?: { op: string; key?: string }[] };
    return (body.patch ?? []).filter((op) => op.op === 'put' && op.key?.startsWith('notice/')).length;
  }
}

async function main() {
  const external = process.env.LOAD_URL;
  let server: BenchServer | undefined;
  if (!external) server = await startBenchServer({ host: '127.0.0.1', clientIpHeader: IP_HEADER });
  const base = external ?? server!.url;
  const accounts = await activeAccounts(base);
  const users = Array.from({ length: CONNECTIONS }, (_, i) => new VirtualUser(base, accounts[i % accounts.length]));
  // The first sign-ins one account at a time, as 200 people on their own devices would (at once,
  // the same account's attempts would each take a failure slot first: the guessing limit).
  for (const u of users) await u.signIn();
  if (users.some((u) => !u.token)) throw new Error('not every connection could sign in');
  figures.clear();
  failures = 0;

  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    users.map(async (u) => {
      while (performance.now() < deadline) await u.step(MIX[(Math.random() * MIX.length) | 0]);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  const health = await fetch(`${base}/api/health`).then(
    (r) => r.status,
    () => 'no answer',
  );

  const refused = (await Promise.all(users.filter((u, i) => users.findIndex((v) => v.clientGroupID === u.clientGroupID) === i).map((u) => u.refusals()))).reduce((a, b) => a + b, 0);
  await server?.stop();

  const all = [...figures.values()];
  const total = all.reduce((a, f) => a + f.answers, 0);
  const serverErrors = all.reduce((a, f) => a + f.server, 0);
  const push = figuresOf('push');
  push.worked = Math.max(0, push.worked - refused);
  console.log(`Load: ${CONNECTIONS} connections over ${accounts.length} accounts for ${elapsed.toFixed(1)} s against ${external ? base : 'the Node entry'}; node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end`);
  console.log(`  ${total} answers, ${(total / elapsed).toFixed(0)} per second`);
  console.log(`  ${'kind'.padEnd(8)} ${'answers'.padStart(8)} ${'2xx'.padStart(7)} ${'4xx'.padStart(6)} ${'5xx'.padStart(5)} ${'did work'.padStart(9)}     p50      p99`);
  for (const [kind, f] of figures) {
    console.log(`  ${kind.padEnd(8)} ${String(f.answers).padStart(8)} ${String(f.ok).padStart(7)} ${String(f.client).padStart(6)} ${String(f.server).padStart(5)} ${String(f.worked).padStart(9)} ${median(f.ms).toFixed(1).padStart(7)} ms ${p99(f.ms).toFixed(1).padStart(7)} ms`);
  }
  console.log(`  pushed changes refused (notices): ${refused}; failed connections: ${failures}; /api/health afterwards: ${health}`);
  const idle = [...figures].filter(([, f]) => f.answers > 0 && f.worked === 0).map(([k]) => k);
  if (idle.length) console.log(`  did no real work: ${idle.join(', ')}`);
  process.exit(serverErrors === 0 && failures === 0 && health === 200 && idle.length === 0 ? 0 : 1);
}

/** Every active member of the demo HOAs (the boards list them), signed in with the demo password. */
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

await main();
