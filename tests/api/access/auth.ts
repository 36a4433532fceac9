import { DEMO, DEMO_PASSWORD } from '../../helpers/http';
import { all, signedIn, type MatrixRow } from './types';

const emailOf = { anon: DEMO.maple.resident2, resident: DEMO.maple.resident, board: DEMO.maple.board, superadmin: DEMO.maple.superadmin };

export const authRows: MatrixRow[] = [
  { route: 'GET /api/health', expect: all(200) },
  {
    route: 'POST /api/auth/login',
    expect: all(200),
    request: (_ctx, who) => ({ body: { email: emailOf[who], password: DEMO_PASSWORD } }),
  },
  // Without a refresh cookie nobody is refreshed, whatever Bearer token they hold.
  { route: 'POST /api/auth/refresh', expect: all(401) },
  {
    route: 'POST /api/auth/logout',
    expect: all(204),
    request: (ctx, who) => ({ cookie: who === 'anon' ? undefined : ctx.cookie[who] }),
  },
  { route: 'GET /api/auth/profile', expect: signedIn(200) },
  {
    route: 'POST /api/auth/activate',
    expect: all(400),
    request: () => ({ body: { token: 'not-a-real-token', name: 'Someone', password: 'Password123' } }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    expect: all(200),
    request: (_ctx, who) => ({ body: { email: `nobody-${who}@example.test` } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    expect: all(400),
    request: () => ({ body: { token: 'not-a-real-token', password: 'Password123' } }),
  },
  {
    route: 'GET /api/auth/verify-reset-token',
    expect: all(400),
    request: () => ({ path: '/api/auth/verify-reset-token?token=nope' }),
  },
  {
    route: 'PUT /api/auth/change-password',
    expect: signedIn(200),
    request: () => ({ body: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD } }),
  },
  // One account, several HOAs: a Maple member is in no other HOA, so a switch to Cedar is 404.
  { route: 'GET /api/auth/memberships', expect: signedIn(200) },
  {
    route: 'POST /api/auth/switch',
    expect: signedIn(404),
    request: async (ctx) => ({ body: { hoa_id: await ctx.hoaId('cedar') } }),
  },
  {
    route: 'GET /api/auth/invitation',
    expect: all(400),
    request: () => ({ path: '/api/auth/invitation?token=nope' }),
  },
  {
    route: 'POST /api/auth/join',
    expect: signedIn(400),
    request: () => ({ body: { token: 'not-a-real-token' } }),
  },
  {
    route: 'POST /api/auth/join/sign-in',
    expect: all(400),
    request: () => ({ body: { token: 'not-a-real-token', password: DEMO_PASSWORD } }),
  },
];
