/**
 * Members sync benchmark: `npx tsx tests/bench/members-sync.bench.ts` (also in `npm run bench`).
 * Maple Grove with 10,000 more active members (BENCH_MEMBERS), half of them with an address: the
 * first pull of a board member through the real HTTP handler on a libSQL file (the compact patch the
 * app asks for), a resident's (who receives only themselves), the pull after one member is renamed,
 * and on the client side what a picker screen does with them: the synced collection filled and
 * sorted by name, the rows in the picker's shape, and a search over them. Prints figures; asserts nothing.
 */
import { eq } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { addresses, hoas, users } from '../../schema/tables';
import { COLUMNS_PATCH_QUERY, expandPatch } from '../../sync/patch-columns';
import { MEMBER_SPACE, type SyncedMember } from '../../sync/areas/members';
import { prefixOf } from '../../sync/keys';
import { SyncedCollection, type DiffOp } from '../../client/lib/synced-collection';
import { byName, matchingUsers, toPickable } from '../../client/lib/user-selection';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import { median, ms } from './stats';

const N = Number(process.env.BENCH_MEMBERS ?? 10_000);
const FIRST = ['Ava', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Farid', 'Grace', 'Hugo', 'Isla', 'Jonas', 'Keiko', 'Liam'];
const LAST = ['Anders', 'Brooks', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hoang', 'Ivanova', 'Jensen'];

async function seedMembers(t: TestApp, n: number) {
  const db = t.deps.database.db;
  const [hoa] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const now = t.clock();
  await t.write(async (tx) => {
    for (let i = 0; i < n; i += 500) {
      const people = [];
      const homes = [];
      for (let j = i; j < Math.min(n, i + 500); j++) {
        const id = `bench-member-${String(j).padStart(6, '0')}`;
        const home = j % 2 ? null : `bench-home-${String(j).padStart(6, '0')}`;
        if (home) homes.push({ id: home, hoaId: hoa.id, street: `${100 + (j % 900)} Bench Street`, unitNumber: j % 4 ? null : String(1 + (j % 12)), createdAt: now, updatedAt: now });
        const name = `${FIRST[j % FIRST.length]} ${LAST[Math.floor(j / FIRST.length) % LAST.length]} ${j}`;
        people.push({ id, hoaId: hoa.id, name, email: `member.${j}@maplegrove.test`, role: j % 50 ? ('resident' as const) : ('board' as const), status: 'active' as const, addressId: home, createdAt: now, updatedAt: now });
      }
      if (homes.length) await tx.insert(addresses).values(homes);
      await tx.insert(users).values(people);
    }
  });
}

/** A pull through the HTTP handler: server time until the body is read, and the operations it carried. */
async function pull(t: TestApp, client: SyncTestClient) {
  const started = performance.now();
  const res = await t.app.request(`http://localhost/api/sync/pull?${COLUMNS_PATCH_QUERY}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pullVersion: 1, clientGroupID: client.clientGroupID, cookie: client.cookie, profileID: 'p1', schemaVersion: '1' }),
  });
  const text = await res.text();
  const server = performance.now() - started;
  const body = JSON.parse(text) as { cookie: unknown; patch: Parameters<typeof expandPatch>[0] };
  client.cookie = body.cookie;
  const ops = expandPatch(body.patch);
  return { server, text, members: ops.filter((op) => op.op === 'put' && op.key.startsWith(prefixOf(MEMBER_SPACE))) as unknown as { key: string; value: SyncedMember }[] };
}

const t = await createTestApp();
try {
  const started = performance.now();
  await seedMembers(t, N);
  console.log(`Members sync benchmark (libSQL file, in-process HTTP); node ${process.version}, load average ${loadavg()[0].toFixed(1)}; seeded ${N.toLocaleString('en-US')} members in ${ms(performance.now() - started)}`);

  const board = (await login(t, DEMO.maple.board)).token;
  const firsts: number[] = [];
  let first: Awaited<ReturnType<typeof pull>> | undefined;
  for (let i = 0; i < 5; i++) {
    first = await pull(t, new SyncTestClient(t, board));
    firsts.push(first.server);
  }
  console.log(
    `board: first pull with ${first!.members.length.toLocaleString('en-US')} members, server median ${ms(median(firsts))}; ${(first!.text.length / 1048576).toFixed(2)} MiB of JSON, ${(gzipSync(first!.text, { level: 3 }).length / 1024).toFixed(0)} KiB gzipped (the whole first pull, every area)`,
  );

  const resident = await pull(t, new SyncTestClient(t, (await login(t, DEMO.maple.resident)).token));
  console.log(`resident: first pull, server ${ms(resident.server)}, ${resident.members.length} member row (their own)`);

  const device = new SyncTestClient(t, board);
  await pull(t, device);
  const renames: number[] = [];
  for (let i = 0; i < 10; i++) {
    const [someone] = await t.deps.database.db.select().from(users).where(eq(users.id, `bench-member-${String(i * 97).padStart(6, '0')}`));
    await t.write((tx) => updateUser(t.deps, tx, someone, { name: `${someone.name} Renamed` }));
    const after = await pull(t, device);
    if (after.members.length !== 1) throw new Error(`a rename sent ${after.members.length} members`);
    renames.push(after.server);
  }
  console.log(`board: pull after one member is renamed, server median ${ms(median(renames))} (one member sent)`);

  // The picker screen: the collection filled from the cache's values, in the picker's shape, then searched.
  const diff: DiffOp[] = first!.members.map((p) => ({ op: 'add', key: p.key, newValue: p.value as never }));
  const fill: number[] = [];
  const shape: number[] = [];
  const search: number[] = [];
  for (let i = 0; i < 10; i++) {
    const collection = new SyncedCollection<SyncedMember>({ prefix: prefixOf(MEMBER_SPACE), compare: byName });
    let at = performance.now();
    collection.applyDiff(diff);
    fill.push(performance.now() - at);
    at = performance.now();
    const pickable = collection.sorted.map(toPickable);
    shape.push(performance.now() - at);
    at = performance.now();
    matchingUsers(pickable, ['gar', 'member.99', 'Isla J'][i % 3]);
    search.push(performance.now() - at);
  }
  console.log(`picker: ${diff.length.toLocaleString('en-US')} members into the collection (sorted by name) median ${ms(median(fill))}, into the picker's shape ${ms(median(shape))}, one search ${ms(median(search))}`);
  console.log(`load average after: ${loadavg()[0].toFixed(1)}`);
} finally {
  await t.close();
}
