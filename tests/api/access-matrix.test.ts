import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hoas, users } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { accessMatrix } from './access';
import { WHO, type MatrixContext } from './access/types';

/** Every /api route the app registers, as `METHOD /path`. */
function registeredRoutes(t: TestApp): string[] {
  const seen = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.endsWith('*')) continue;
    seen.add(`${r.method} ${r.path}`);
  }
  return [...seen].sort();
}

async function context(t: TestApp): Promise<MatrixContext> {
  const [resident, board, superadmin] = await Promise.all([
    login(t, DEMO.maple.resident),
    login(t, DEMO.maple.board),
    login(t, DEMO.maple.superadmin),
  ]);
  const db = t.deps.database.db;
  return {
    t,
    token: { resident: resident.token, board: board.token, superadmin: superadmin.token },
    cookie: { resident: resident.cookie, board: board.cookie, superadmin: superadmin.cookie },
    async userId(email) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return u.id;
    },
    async hoaId(name) {
      const [h] = await db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, name === 'maple' ? 'Maple Grove HOA' : 'Cedar Park HOA'));
      return h.id;
    },
  };
}

describe('access matrix', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('lists every registered /api route exactly once', async () => {
    t = await createTestApp();
    const listed = accessMatrix.map((r) => r.route);
    const duplicates = listed.filter((r, i) => listed.indexOf(r) !== i);
    expect(duplicates).toEqual([]);
    const missing = registeredRoutes(t).filter((r) => !listed.includes(r));
    expect(missing, 'routes missing from tests/api/access').toEqual([]);
    const stale = listed.filter((r) => !registeredRoutes(t!).includes(r));
    expect(stale, 'matrix rows for routes that do not exist').toEqual([]);
  });

  for (const row of accessMatrix) {
    it(`${row.route}`, async () => {
      t = await createTestApp();
      const ctx = await context(t);
      const [method, routePath] = row.route.split(' ');
      const got: Record<string, number> = {};
      for (const who of WHO) {
        const req = (await row.request?.(ctx, who)) ?? {};
        const r = await call(t, method, req.path ?? routePath, {
          token: who === 'anon' ? undefined : ctx.token[who],
          body: req.body,
          cookie: req.cookie,
        });
        got[who] = r.status;
      }
      expect(got).toEqual(row.expect);
      if (row.otherHoa) {
        for (const who of WHO.filter((w) => w !== 'anon')) {
          const req = await row.otherHoa.request(ctx, who);
          const r = await call(t, method, req.path ?? routePath, { token: ctx.token[who as 'board'], body: req.body });
          const want = typeof row.otherHoa.expect === 'number' ? row.otherHoa.expect : row.otherHoa.expect[who as 'board'];
          expect({ who, status: r.status }).toEqual({ who, status: want });
        }
      }
    });
  }
});
