import { call, DEMO, login } from '../../helpers/http';
import { all, boardOnly, type MatrixContext, type MatrixRow } from './types';

/**
 * Users: board and superadmin manage the HOA's members; residents get 403 before any
 * row is looked up, so they get 403 for any HOA's row too. Each row acts on a member made for it.
 */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };
const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@matrix.test`;

/** A new invited resident of the HOA `token` manages; their id. */
export async function invitedMember(ctx: MatrixContext, token: string, addressId?: string): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/users/invite', { token, body: { email: unique('member'), role: 'resident', address_id: addressId } });
  if (r.status !== 201) throw new Error(`invite failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}
/** A new address of the HOA `token` manages; its id. */
export async function newAddress(ctx: MatrixContext, token: string): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/addresses', { token, body: { street: `${Math.floor(Math.random() * 1e6)} Matrix Road` } });
  if (r.status !== 201) throw new Error(`address failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}
/** A member of the HOA `token` manages, invited and then deleted; their id. */
async function deletedMember(ctx: MatrixContext, token: string): Promise<string> {
  const id = await invitedMember(ctx, token);
  const r = await call(ctx.t, 'DELETE', `/api/users/${id}`, { token });
  if (r.status !== 200) throw new Error(`delete failed: ${r.status} ${JSON.stringify(r.json)}`);
  return id;
}
export const cedarOwner = async (ctx: MatrixContext) => (await login(ctx.t, DEMO.cedar.superadmin)).token;

const mapleMember = (ctx: MatrixContext) => invitedMember(ctx, ctx.token.superadmin);
const cedarMember = async (ctx: MatrixContext) => invitedMember(ctx, await cedarOwner(ctx));
const onMember = (suffix: string, body?: unknown) => ({
  request: async (ctx: MatrixContext) => ({ path: `/api/users/${await mapleMember(ctx)}${suffix}`, body }),
  otherHoa: { request: async (ctx: MatrixContext) => ({ path: `/api/users/${await cedarMember(ctx)}${suffix}`, body }), expect: boardRowOtherHoa },
});

export const userRows: MatrixRow[] = [
  // The management list and the pickers' list.
  { route: 'GET /api/users', expect: boardOnly(200), request: () => ({ path: '/api/users?limit=100&includeDeleted=false' }) },
  {
    route: 'POST /api/users/invite',
    expect: boardOnly(201),
    request: () => ({ body: { email: unique('invite'), role: 'resident' } }),
    // Another HOA's address for the new member: 404.
    otherHoa: { request: async (ctx) => ({ body: { email: unique('invite'), role: 'resident', address_id: await newAddress(ctx, await cedarOwner(ctx)) } }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/users/bulk',
    expect: boardOnly(201),
    request: () => ({ body: { users: [{ resident_name: 'Matrix Bulk', resident_email: unique('bulk'), role: 'resident' }] } }),
  },
  { route: 'GET /api/users/:id', expect: boardOnly(200), ...onMember('') },
  { route: 'PUT /api/users/:id', expect: boardOnly(200), ...onMember('', { name: 'Renamed Member', role: 'resident', status: 'inactive' }) },
  { route: 'DELETE /api/users/:id', expect: boardOnly(200), ...onMember('') },
  { route: 'POST /api/users/:id/resend-invite', expect: boardOnly(200), ...onMember('/resend-invite') },
  // People at scale: every expired invitation again, Show deleted, revoke, restore.
  { route: 'POST /api/users/resend-expired', expect: boardOnly(200) },
  { route: 'GET /api/users/deleted', expect: boardOnly(200) },
  { route: 'DELETE /api/users/:id/invitation', expect: boardOnly(200), ...onMember('/invitation') },
  {
    route: 'POST /api/users/:id/restore',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/users/${await deletedMember(ctx, ctx.token.superadmin)}/restore` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/users/${await deletedMember(ctx, await cedarOwner(ctx))}/restore` }), expect: boardRowOtherHoa },
  },
  // The email change's link: no sign-in (the token is the key); an unknown one is 400 for anyone.
  { route: 'POST /api/email-change/confirm', expect: all(400), request: () => ({ body: { token: 'not-a-token' } }) },
  {
    route: 'POST /api/users/:id/assign-address',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/users/${await mapleMember(ctx)}/assign-address`, body: { address_id: await newAddress(ctx, ctx.token.superadmin) } }),
    otherHoa: {
      // Another HOA's member with an address of their own HOA.
      request: async (ctx) => {
        const cedar = await cedarOwner(ctx);
        return { path: `/api/users/${await invitedMember(ctx, cedar)}/assign-address`, body: { address_id: await newAddress(ctx, cedar) } };
      },
      expect: boardRowOtherHoa,
    },
  },
  {
    route: 'DELETE /api/users/:id/assign-address',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/users/${await invitedMember(ctx, ctx.token.superadmin, await newAddress(ctx, ctx.token.superadmin))}/assign-address` }),
    otherHoa: {
      request: async (ctx) => {
        const cedar = await cedarOwner(ctx);
        return { path: `/api/users/${await invitedMember(ctx, cedar, await newAddress(ctx, cedar))}/assign-address` };
      },
      expect: boardRowOtherHoa,
    },
  },
];
