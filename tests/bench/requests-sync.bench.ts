/**
 * Requests sync benchmark: `npx tsx tests/bench/requests-sync.bench.ts` (also in `npm run bench`).
 * Maple Grove with 10,000 requests (BENCH_REQUESTS), each with its history and every third with a
 * thread of three messages (one internal), pulled for the first time by a board member through the
 * real HTTP handler on a libSQL file, and by a resident who owns a tenth of them. Prints figures;
 * asserts nothing.
 */
import { eq } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '../../schema/requests';
import { hoas, requestComments, requestHistory, requests, users } from '../../schema/tables';
import { handlePull, serializePullResponse } from '../../worker/sync/pull';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import { median, ms } from './stats';

const N = Number(process.env.BENCH_REQUESTS ?? 10_000);

async function seedRequests(t: TestApp, n: number) {
  const db = t.deps.database.db;
  const [hoa] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const members = await db.select().from(users).where(eq(users.hoaId, hoa.id));
  const board = members.find((u) => u.email === DEMO.maple.board)!;
  const rita = members.find((u) => u.email === DEMO.maple.resident)!;
  const ray = members.find((u) => u.email === DEMO.maple.resident2)!;
  const now = t.clock();
  await t.write(async (tx) => {
    for (let i = 0; i < n; i += 250) {
      const rows = [];
      const comments = [];
      const history = [];
      for (let j = i; j < Math.min(n, i + 250); j++) {
        const id = `bench-req-${String(j).padStart(6, '0')}`;
        // A tenth are the demo resident's; the rest the other resident's.
        const filer = j % 10 === 0 ? rita : ray;
        const at = now - j * 60_000;
        rows.push({
          id,
          hoaId: hoa.id,
          userId: filer.id,
          addressId: filer.addressId,
          title: `Request number ${j}: ${['leaking tap', 'fence height', 'pool hours', 'parking permit'][j % 4]}`,
          description: `<p>Details of request ${j}: what happened, where, and since when. <strong>Please</strong> take a look.</p>`,
          category: REQUEST_CATEGORIES[j % REQUEST_CATEGORIES.length],
          status: REQUEST_STATUSES[j % REQUEST_STATUSES.length],
          assignedTo: j % 2 ? board.id : null,
          resolutionDeadline: j % 3 ? null : at + 7 * 86_400_000,
          resolutionNotes: j % 5 ? null : 'Resolved with the contractor.',
          createdAt: at,
          updatedAt: at,
          version: 1,
        });
        history.push({ id: `${id}-h0`, hoaId: hoa.id, parentId: id, userId: filer.id, isStaff: false, action: 'Request created', isPublic: true, at });
        history.push({ id: `${id}-h1`, hoaId: hoa.id, parentId: id, userId: board.id, isStaff: true, action: 'Status changed from Open to In Progress', isPublic: true, at: at + 1000 });
        if (j % 3 === 0) {
          comments.push({ id: `${id}-m0`, hoaId: hoa.id, parentId: id, authorId: board.id, isStaff: true, message: '<p>Thanks, we are on it.</p>', isPublic: true, createdAt: at + 2000 });
          comments.push({ id: `${id}-m1`, hoaId: hoa.id, parentId: id, authorId: board.id, isStaff: true, message: '<p>Vendor quote attached to the file.</p>', isPublic: false, createdAt: at + 3000 });
          comments.push({ id: `${id}-m2`, hoaId: hoa.id, parentId: id, authorId: filer.id, isStaff: false, message: '<p>Thank you!</p>', isPublic: true, createdAt: at + 4000 });
        }
      }
      await tx.insert(requests).values(rows);
      await tx.insert(requestHistory).values(history);
      if (comments.length) await tx.insert(requestComments).values(comments);
    }
  });
  return hoa.id;
}

/** The first pull of a new client group, through the HTTP handler: server time until the body is read, the client's parse. */
async function firstPulls(t: TestApp, token: string, runs: number) {
  const server: number[] = [];
  const parse: number[] = [];
  let text = '';
  let puts = 0;
  for (let i = 0; i < runs; i++) {
    const fresh = new SyncTestClient(t, token);
    const started = performance.now();
    const res = await t.app.request('http://localhost/api/sync/pull', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pullVersion: 1, clientGroupID: fresh.clientGroupID, cookie: null, profileID: 'p1', schemaVersion: '1' }),
    });
    text = await res.text();
    const read = performance.now();
    puts = (JSON.parse(text) as { patch: { key: string }[] }).patch.filter((p) => p.key?.startsWith('request/')).length;
    server.push(read - started);
    parse.push(performance.now() - read);
  }
  return { server, parse, text, puts };
}

const t = await createTestApp();
try {
  const started = performance.now();
  const hoaId = await seedRequests(t, N);
  console.log(`Requests sync benchmark (libSQL file, in-process HTTP); node ${process.version}, load average ${loadavg()[0].toFixed(1)}; seeded ${N.toLocaleString('en-US')} requests in ${ms(performance.now() - started)}`);
  for (const email of [DEMO.maple.board, DEMO.maple.resident]) {
    const { token } = await login(t, email);
    const r = await firstPulls(t, token, 5);
    const [me] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    const pullOnly: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      serializePullResponse(await handlePull(t.deps, { userId: me.id, hoaId, role: me.role, sessionId: 'bench' }, { pullVersion: 1, clientGroupID: `bench-only-${email}-${i}`, cookie: null }));
      pullOnly.push(performance.now() - at);
    }
    const rate = (list: number[]) => Math.round(r.puts / (median(list) / 1000)).toLocaleString('en-US');
    console.log(
      [
        `${me.role} (${email}): first pull of ${r.puts.toLocaleString('en-US')} requests`,
        `  server median ${ms(median(r.server))} (${rate(r.server)} requests/s), client parse ${ms(median(r.parse))}; ${(r.text.length / 1048576).toFixed(2)} MiB of JSON, ${(gzipSync(r.text, { level: 3 }).length / 1024).toFixed(0)} KiB gzipped`,
        `  the pull itself median ${ms(median(pullOnly))} (${rate(pullOnly)} requests/s; handlePull and serialising, without the HTTP handler)`,
      ].join('\n'),
    );
  }
  console.log(`load average after: ${loadavg()[0].toFixed(1)}`);
} finally {
  await t.close();
}
