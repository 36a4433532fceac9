/**
 * The Node entry for the API benchmark, in its own process (the load generator must not share its
 * event loop): a fresh seeded database, low PBKDF2 count for the sign-in, and `EXTRA_ANNOUNCEMENTS`
 * more sent announcements in Maple Grove, `EXTRA_ROWS` more rows in each of its other REST lists
 * (extra-rows.ts); `KEPT_ANSWERS=off` computes every answer (worker/sync/counted.ts).
 * `DATA_DIR` keeps the database in that folder across runs (the fault test restarts the server on
 * it); `CLIENT_IP_HEADER` names the header the sign-in limit reads the address from (load script).
 * Prints `ready <port>` when listening.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { announcements, hoas, users } from '../../schema/tables';
import { startNodeServer } from '../../worker/node';
import { setKeptAnswers } from '../../worker/sync/counted';
import { benchUuid } from './bench-ids';
import { seedExtraRows } from './extra-rows';

if (process.env.KEPT_ANSWERS === 'off') setKeptAnswers(false);
const keptDir = process.env.DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'hoa-bench-'));
const running = await startNodeServer({
  port: Number(process.env.PORT ?? 8899),
  databaseUrl: `file:${join(dataDir, 'bench.db')}`,
  dataDir,
  clientDir: resolve('dist/client'),
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  seed: true,
  passwordIterations: 1_000,
  log: () => {},
  clientIpHeader: process.env.CLIENT_IP_HEADER || null,
});

const extra = Number(process.env.EXTRA_ANNOUNCEMENTS ?? 0);
if (extra > 0) {
  const { db } = running.deps.database;
  const [hoa] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const [author] = await db.select().from(users).where(eq(users.email, 'board@maplegrove.test'));
  const now = Date.now();
  await running.deps.database.transaction(async (tx) => {
    for (let i = 0; i < extra; i += 500) {
      const batch = [];
      for (let j = i; j < Math.min(extra, i + 500); j++) {
        batch.push({
          id: benchUuid(j),
          hoaId: hoa.id,
          title: `Announcement number ${j}`,
          message: `<p>Body of announcement ${j}: the pool, the trees, the dues and the parking rules.</p>`,
          category: (['general', 'maintenance', 'event', 'reminder', 'urgent'] as const)[j % 5],
          status: 'sent' as const,
          audienceType: 'all' as const,
          deliveryMethods: ['in_app' as const, 'email' as const],
          createdBy: author.id,
          createdAt: now - (j + 10) * 60_000,
          updatedAt: now - (j + 10) * 60_000,
          sentAt: now - (j + 10) * 60_000,
          version: 1,
        });
      }
      await tx.insert(announcements).values(batch);
    }
  });
}

const extraRows = Number(process.env.EXTRA_ROWS ?? 0);
if (extraRows > 0) {
  const [hoa] = await running.deps.database.db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  await seedExtraRows(running.deps.database.client, hoa.id, extraRows);
}

console.log(`ready ${(running.server.address() as { port: number }).port}`);
const stop = async () => {
  await running.close();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
