import type { TestApp } from '../../helpers/app';

export type Who = 'anon' | 'resident' | 'board' | 'superadmin';
export const WHO: Who[] = ['anon', 'resident', 'board', 'superadmin'];

export interface MatrixContext {
  t: TestApp;
  /** Access tokens of the Maple Grove demo users. */
  token: Record<Exclude<Who, 'anon'>, string>;
  /** Refresh cookies of the same sessions. */
  cookie: Record<Exclude<Who, 'anon'>, string>;
  /** Id lookups in the seeded data. */
  userId(email: string): Promise<string>;
  hoaId(name: 'maple' | 'cedar'): Promise<string>;
}

export interface MatrixRequest {
  /** Concrete path (route params filled in); defaults to the route's own path. */
  path?: string;
  body?: unknown;
  cookie?: string;
}

/**
 * One route of the access matrix. `expect` is the status each caller gets for a row of their own
 * HOA (or for a route without a row); `otherHoa` is what a Maple Grove caller of every role gets
 * for a Cedar Park row of the same route (always 404 where the route names a row).
 */
export interface MatrixRow {
  /** `METHOD /api/path/:param`, exactly as registered. */
  route: string;
  expect: Record<Who, number>;
  /** Builds the request for one caller; runs once per caller, so it may create what it needs. */
  request?: (ctx: MatrixContext, who: Who) => Promise<MatrixRequest> | MatrixRequest;
  /** `expect` per role where the role check comes before the row (a resident gets 403 for board work on any row). */
  otherHoa?: { request: (ctx: MatrixContext, who: Who) => Promise<MatrixRequest> | MatrixRequest; expect: number | Record<Exclude<Who, 'anon'>, number> };
}

export const all = (status: number): Record<Who, number> => ({ anon: status, resident: status, board: status, superadmin: status });
/** Signed-in callers get `status`, anonymous ones 401. */
export const signedIn = (status: number): Record<Who, number> => ({ anon: 401, resident: status, board: status, superadmin: status });
/** Board and superadmin get `status`, residents 403, anonymous 401. */
export const boardOnly = (status: number): Record<Who, number> => ({ anon: 401, resident: 403, board: status, superadmin: status });
/** Only the superadmin gets `status`. */
export const superadminOnly = (status: number): Record<Who, number> => ({ anon: 401, resident: 403, board: 403, superadmin: status });
