/**
 * Which role opens each route of the table, and for a route with an id the screen whose link leads to
 * one: the plan the accessibility scan (tests/e2e/accessibility.e2e.test.ts) and the Lighthouse
 * benchmark (tests/bench/lighthouse.bench.ts) both walk. Plain data and SQL, no test runner.
 */
import { DEMO } from './http';

export type Who = 'visitor' | 'resident' | 'board' | 'superadmin';
export const WHO: readonly Who[] = ['visitor', 'resident', 'board', 'superadmin'];
export const EMAIL = { resident: DEMO.maple.resident, board: DEMO.maple.board, superadmin: DEMO.maple.superadmin };

export interface PlannedRoute {
  route: string;
  who: Who;
  /** For a route with an id: the screen (a route of the plan) whose link leads to one. */
  from?: string;
  /** The tab of `from` that shows the link. */
  tab?: string;
}

/** Each route, who opens it, and for a route with an id the screen whose link leads there. */
export const PLAN: PlannedRoute[] = [
  ...['/login', '/forgot-password', '/reset-password', '/invite/accept', '/signup', '/signup/hoa-setup', '/signup/complete', '/support', '/reactivation', '/confirm-email'].map((route) => ({ route, who: 'visitor' as const })),
  ...['/announcements', '/requests', '/requests/create', '/documents', '/compliance', '/applications', '/applications/create', '/dues', '/meetings', '/votes', '/account', '/autopay', '/directory', '/profile', '/choose-hoa'].map((route) => ({ route, who: 'resident' as const })),
  { route: '/announcements/:id', who: 'resident', from: '/announcements' },
  { route: '/requests/:id', who: 'resident', from: '/requests' },
  { route: '/requests/:id/messages', who: 'resident', from: '/requests/:id' },
  { route: '/compliance/:id', who: 'resident', from: '/compliance' },
  { route: '/compliance/:id/messages', who: 'resident', from: '/compliance/:id' },
  { route: '/applications/:id', who: 'resident', from: '/applications' },
  { route: '/invoices/:id', who: 'resident', from: '/dues', tab: 'My Invoices' },
  { route: '/meetings/:id', who: 'resident', from: '/meetings' },
  { route: '/votes/:id', who: 'resident', from: '/votes' },
  { route: '/receipts/:id', who: 'resident', from: '/account' },
  ...['/dashboard', '/announcements/create', '/compliance/create', '/compliance/fine-schedule', '/inspections', '/inspections/new', '/dues/create', '/meetings/new', '/votes/new', '/questions', '/users', '/addresses', '/activity'].map((route) => ({ route, who: 'board' as const })),
  { route: '/announcements/:id', who: 'board', from: '/announcements' },
  { route: '/announcements/:id/edit', who: 'board', from: '/announcements/:id' }, // a draft's (see BOARD_STARTS)
  { route: '/compliance/:id', who: 'board', from: '/compliance' },
  { route: '/violations/:id/letters/:letterId', who: 'board', from: '/compliance/:id' }, // a case with a letter (see BOARD_STARTS)
  { route: '/inspections/:id', who: 'board', from: '/inspections' },
  { route: '/dues/:id', who: 'board', from: '/dues' },
  { route: '/meetings/:id', who: 'board', from: '/meetings' },
  { route: '/votes/:id', who: 'board', from: '/votes' },
  { route: '/votes/:id/edit', who: 'board', from: '/votes/:id' }, // one not yet open
  { route: '/questions/:id', who: 'board', from: '/questions' }, // the resident's question (see CHARGE_TO_ASK_ABOUT)
  { route: '/account/:userId', who: 'board', from: '/users' },
  ...['/stripe-setup', '/plan-selection'].map((route) => ({ route, who: 'superadmin' as const })),
];

/**
 * Routes that are the same screen as one in the plan: '/violations' paths the screens of '/compliance';
 * a meeting's edit form is the new-meeting form filled in (the demo has no draft meeting to edit).
 */
export const SAME_SCREEN = (route: string) => route === '/' || route.startsWith('/violations') || ['/compliance/:id/letters/:letterId', '/meetings/:id/edit'].includes(route);

const BOARDS_HOA = 'SELECT hoa_id FROM users WHERE email = ?';

/**
 * The board's detail screens that lead on, each with the query (its one argument the board's email)
 * that finds its row: a draft announcement, the vote opening last (others have no Edit), a case with a letter.
 */
export const BOARD_STARTS: [route: string, path: string, sql: string][] = [
  ['/announcements/:id', '/announcements/', `SELECT id FROM announcements WHERE hoa_id = (${BOARDS_HOA}) AND status = 'draft' LIMIT 1`],
  ['/compliance/:id', '/compliance/', `SELECT violation_id AS id FROM violation_letters WHERE hoa_id = (${BOARDS_HOA}) LIMIT 1`],
  ['/votes/:id', '/votes/', `SELECT id FROM votes WHERE hoa_id = (${BOARDS_HOA}) ORDER BY opens_at DESC LIMIT 1`],
];

/** A charge on the resident's statement (the one argument her email), which she asks about so the board has a question to open. */
export const CHARGE_TO_ASK_ABOUT = "SELECT l.id FROM ledger_lines l JOIN users u ON u.id = l.user_id WHERE u.email = ? AND l.kind = 'charge' LIMIT 1";

/** The resident's dispute of that charge, as her app sends it (POST /api/ledger-questions with her token). */
export async function askAboutACharge(baseUrl: string, residentToken: string, lineId: string): Promise<Response> {
  return fetch(`${baseUrl}/api/ledger-questions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${residentToken}` },
    body: JSON.stringify({ line_id: lineId, kind: 'dispute', message: '<p>I paid this in cash at the meeting.</p>' }),
  });
}

/** The board's starting paths, from the database of the running server (`first` runs a query with the board's email and returns the first row's id). */
export async function boardStarts(first: (sql: string, email: string) => Promise<string>): Promise<[string, string][]> {
  const starts: [string, string][] = [];
  for (const [route, prefix, sql] of BOARD_STARTS) starts.push([route, prefix + (await first(sql, DEMO.maple.board))]);
  return starts;
}

/**
 * A concrete path for each planned route of `who`: itself without an id; else `known` first (e.g. boardStarts),
 * else `linkOn(route, from, tab)` (the first link on the concrete screen `from` whose path fits the route).
 */
export function pathResolver(who: Who, known: [string, string][], linkOn: (route: string, from: string | undefined, tab?: string) => Promise<string>) {
  const concrete = new Map(known);
  const resolve = async (route: string): Promise<string> => {
    if (!route.includes(':')) return route;
    const found = concrete.get(route);
    if (found) return found;
    const { from, tab } = PLAN.find((p) => p.route === route && p.who === who) ?? {};
    const path = await linkOn(route, from && (from.includes(':') ? await resolve(from) : from), tab);
    concrete.set(route, path);
    return path;
  };
  return resolve;
}
