import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { activateBody, changePasswordBody, forgotPasswordBody, invitationQuery, joinBody, joinSignInBody, loginBody, resetPasswordBody, switchHoaBody, verifyResetTokenQuery } from '../../schema/auth';
import * as auth from '../domain/auth';
import * as accounts from '../domain/auth-memberships';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { clientMeta } from '../middleware/client-meta';
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_MS } from '../services/device-cookie';
import { validate } from '../middleware/validate';

export const REFRESH_COOKIE = 'hoa_refresh';
const COOKIE_PATH = '/api/auth';

/** The session cookies: httpOnly, SameSite=Strict, Secure everywhere but plain-http localhost. */
export function setSessionCookies(c: Context<AppEnv>, issued: auth.IssuedSession) {
  const url = new URL(c.req.url);
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const options = { httpOnly: true, secure: !local, sameSite: 'Strict', path: COOKIE_PATH } as const;
  setCookie(c, REFRESH_COOKIE, issued.refreshToken, { ...options, expires: new Date(issued.refreshExpiresAt) });
  if (issued.deviceCookie) setCookie(c, DEVICE_COOKIE, issued.deviceCookie, { ...options, expires: new Date(Date.now() + DEVICE_COOKIE_TTL_MS) });
}

/** Address, agent and the device cookie (login reads it for its lock-out rule). */
const requestMeta = (c: Context<AppEnv>): auth.ClientMeta => ({ ...clientMeta(c), deviceCookie: getCookie(c, DEVICE_COOKIE) });

const body = ({ accessToken, user }: auth.IssuedSession) => ({ accessToken, user });

export const authRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginBody), async (c) => {
    const issued = await auth.login(c.var.deps, c.req.valid('json'), requestMeta(c));
    setSessionCookies(c, issued);
    // An account in several HOAs: the list, so the app can offer the HOA picker.
    return c.json({ ...body(issued), ...(issued.memberships ? { memberships: issued.memberships } : {}) });
  })
  .post('/refresh', async (c) => {
    try {
      const issued = await auth.refresh(c.var.deps, getCookie(c, REFRESH_COOKIE), clientMeta(c));
      setSessionCookies(c, issued);
      return c.json(body(issued));
    } catch (e) {
      deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
      throw e;
    }
  })
  .post('/logout', async (c) => {
    await auth.logout(c.var.deps, getCookie(c, REFRESH_COOKIE));
    deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH });
    return c.body(null, 204);
  })
  .get('/profile', requireAuth, async (c) => c.json(await auth.profile(c.var.deps, c.var.actor)))
  .post('/activate', validate('json', activateBody), async (c) => {
    const issued = await auth.activate(c.var.deps, c.req.valid('json'), clientMeta(c));
    setSessionCookies(c, issued);
    return c.json({ token: issued.token, ...body(issued) });
  })
  .post('/forgot-password', validate('json', forgotPasswordBody), async (c) =>
    c.json(await auth.forgotPassword(c.var.deps, c.req.valid('json').email, clientMeta(c))),
  )
  .post('/reset-password', validate('json', resetPasswordBody), async (c) =>
    c.json(await auth.resetPassword(c.var.deps, c.req.valid('json'))),
  )
  .get('/verify-reset-token', validate('query', verifyResetTokenQuery), async (c) =>
    c.json(await auth.verifyResetToken(c.var.deps, c.req.valid('query').token)),
  )
  .put('/change-password', requireAuth, validate('json', changePasswordBody), async (c) =>
    c.json(await auth.changePassword(c.var.deps, c.var.actor, c.req.valid('json'))),
  )
  // One account, several HOAs (worker/domain/auth-memberships.ts).
  .get('/memberships', requireAuth, async (c) => c.json(await accounts.memberships(c.var.deps, c.var.actor)))
  .post('/switch', requireAuth, validate('json', switchHoaBody), async (c) => {
    const issued = await accounts.switchHoa(c.var.deps, c.var.actor, c.req.valid('json').hoa_id, requestMeta(c));
    setSessionCookies(c, issued);
    return c.json(body(issued));
  })
  .get('/invitation', validate('query', invitationQuery), async (c) => c.json(await accounts.invitationInfo(c.var.deps, c.req.valid('query').token)))
  .post('/join', requireAuth, validate('json', joinBody), async (c) => {
    const issued = await accounts.joinHoa(c.var.deps, c.req.valid('json').token, { actor: c.var.actor }, requestMeta(c));
    setSessionCookies(c, issued);
    return c.json(body(issued));
  })
  .post('/join/sign-in', validate('json', joinSignInBody), async (c) => {
    const { token, password } = c.req.valid('json');
    const issued = await accounts.joinHoa(c.var.deps, token, { password }, requestMeta(c));
    setSessionCookies(c, issued);
    return c.json(body(issued));
  });
