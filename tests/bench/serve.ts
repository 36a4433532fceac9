/**
 * The Node entry for the API benchmark, in its own process (the load generator must not share its
 * event loop): a fresh seeded database, low PBKDF2 count for the sign-in, and `EXTRA_ANNOUNCEMENTS`
 * more sent announcements in Maple Grove, `EXTRA_ROWS` more rows in each of its other REST lists
 * and `READ_MARKS_PER_ROW` read marks per row (extra-rows.ts); `KEPT_ANSWERS=off` computes every answer (worker/sync/counted.ts).
 * `DATA_DIR` keeps the database in that folder across runs (the fault test restarts the server on
 * it); `CLIENT_IP_HEADER` names the header the sign-in limit reads the address from (load script).
 * Prints `ready <port>` when listening.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeServer } from '../../worker/node';
import { setKeptAnswers } from '../../worker/sync/counted';
import { benchNodeOptions } from './bench-server';
import { benchHoaId, READ_MARKS_PER_ROW, seedExtraAnnouncements, seedExtraRows, seedReadMarks } from './extra-rows';

if (process.env.KEPT_ANSWERS === 'off') setKeptAnswers(false);
const keptDir = process.env.DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'hoa-bench-'));
const running = await startNodeServer({ ...benchNodeOptions(dataDir, Number(process.env.PORT ?? 8899)), clientIpHeader: process.env.CLIENT_IP_HEADER || null });

const extra = Number(process.env.EXTRA_ANNOUNCEMENTS ?? 0);
if (extra > 0) await seedExtraAnnouncements(running.deps.database, extra);

const extraRows = Number(process.env.EXTRA_ROWS ?? 0);
if (extraRows > 0) {
  const hoaId = await benchHoaId(running.deps.database);
  await seedExtraRows(running.deps.database.client, hoaId, extraRows);
  await seedReadMarks(running.deps.database.client, hoaId, READ_MARKS_PER_ROW * extraRows);
}

console.log(`ready ${(running.server.address() as { port: number }).port}`);
const stop = async () => {
  await running.close();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
