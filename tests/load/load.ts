/**
 * `npm run load`: 60 seconds of 200 connections against the Node entry (its own process, a fresh
 * seeded database, loopback only), each a signed-in demo user mixing what the app does: list reads,
 * pulls, pushes (read marks and new drafts) and sign-ins. Prints the count of answers per kind and
 * status, latencies, and whether the server still answers afterwards; exits 1 on any 5xx, failed
 * connection or a silent server. `LOAD_SECONDS`, `LOAD_CONNECTIONS` change the shape; `LOAD_URL`
 * aims it at a server already running (e.g. `npm run dev:worker`; its sign-in limit then applies).
 */
import { loadavg } from 'node:os';
import { startBenchServer, type BenchServer } from '../bench/bench-server';
import { median, p95 } from '../bench/stats';
import { DEMO, DEMO_PASSWORD } from '../helpers/http';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/** The header the started server reads a client's address from: each sign-in comes from its own. */
const IP_HEADER = 'x-load-client-ip';

type Kind = 'list' | 'pull' | 'push' | 'sign-in';
/** Of every 20 steps: 9 list reads, 5 pulls, 4 pushes, 2 sign-ins. */
const MIX: Kind[] = [...Array(9).fill('list'), ...Array(5).fill('pull'), ...Array(4).fill('push'), ...Array(2).fill('sign-in')];
const USERS = [DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.superadmin, DEMO.cedar.board, DEMO.cedar.resident];

const seen = new Map<string, number>();
const took = new Map<Kind, number[]>();
let failures = 0;
const count = (kind: Kind, status: number | 'no answer', ms: number) => {
  seen.set(`${kind} ${status}`, (seen.get(`${kind} ${status}`) ?? 0) + 1);
  if (!took.has(kind)) took.set(kind, []);
  took.get(kind)!.push(ms);
};

const randomIp = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;

/** One connection's user: their token, their client group and what they last pulled. */
class VirtualUser {
  token = '';
  cookie: unknown = null;
  readonly clientGroupID = `load-${crypto.randomUUID()}`;
  readonly clientID = `load-${crypto.randomUUID()}`;
  nextMutationID = 1;
  published: string[] = [];
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
    if (res?.status === 200) this.token = ((await res.json()) as { accessToken: string }).accessToken;
  }

  async step(kind: Kind) {
    if (kind === 'sign-in') return this.signIn();
    if (kind === 'list') {
      const res = await this.call('list', `/api/announcements?page=${1 + ((Math.random() * 3) | 0)}`);
      if (res?.status === 200) {
        const body = (await res.json()) as { announcements?: { _id: string; status: string }[] };
        this.published = (body.announcements ?? []).filter((a) => a.status === 'sent').map((a) => a._id);
      }
      return;
    }
    if (kind === 'pull') {
      const res = await this.call('pull', '/api/sync/pull', { method: 'POST', json: { pullVersion: 1, clientGroupID: this.clientGroupID, cookie: this.cookie, profileID: 'load', schemaVersion: '1' } });
      if (res?.status === 200) this.cookie = ((await res.json()) as { cookie: unknown }).cookie ?? this.cookie;
      return;
    }
    // Pushes: a read mark of something listed, or (board members) a new draft.
    const id = this.nextMutationID++;
    const board = this.email.startsWith('board') || this.email.startsWith('owner');
    const mutation =
      board && Math.random() < 0.5
        ? { name: 'createAnnouncementDraft', args: { id: crypto.randomUUID(), title: 'Load test draft', message: '<p>Written under load.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null } }
        : { name: 'markAnnouncementRead', args: { id: this.published[(Math.random() * this.published.length) | 0] ?? crypto.randomUUID() } };
    await this.call('push', '/api/sync/push', {
      method: 'POST',
      json: { pushVersion: 1, clientGroupID: this.clientGroupID, profileID: 'load', schemaVersion: '1', mutations: [{ id, clientID: this.clientID, timestamp: Date.now(), ...mutation }] },
    });
  }
}

async function main() {
  const external = process.env.LOAD_URL;
  let server: BenchServer | undefined;
  if (!external) server = await startBenchServer({ host: '127.0.0.1', clientIpHeader: IP_HEADER });
  const base = external ?? server!.url;
  const users = Array.from({ length: CONNECTIONS }, (_, i) => new VirtualUser(base, USERS[i % USERS.length]));
  // The first sign-ins one account at a time, as 200 people on their own devices would (at once,
  // the same account's attempts would each take a failure slot first: the guessing limit).
  for (const u of users) await u.signIn();
  if (users.some((u) => !u.token)) throw new Error('not every connection could sign in');
  seen.clear();
  took.clear();
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
  await server?.stop();

  const total = [...seen.values()].reduce((a, b) => a + b, 0);
  const serverErrors = [...seen].filter(([k]) => / 5\d\d$/.test(k)).reduce((a, [, n]) => a + n, 0);
  console.log(`Load: ${CONNECTIONS} connections for ${elapsed.toFixed(1)} s against ${external ? base : 'the Node entry'}; node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end`);
  console.log(`  ${total} answers, ${(total / elapsed).toFixed(0)} per second`);
  for (const [kind, list] of took) console.log(`  ${kind.padEnd(8)} ${String(list.length).padStart(7)}  median ${median(list).toFixed(1)} ms  p95 ${p95(list).toFixed(1)} ms  max ${Math.max(...list).toFixed(0)} ms`);
  console.log(`  by status: ${[...seen].sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  console.log(`  5xx: ${serverErrors}; failed connections: ${failures}; /api/health afterwards: ${health}`);
  process.exit(serverErrors === 0 && failures === 0 && health === 200 ? 0 : 1);
}

await main();
