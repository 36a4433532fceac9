import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { activateBody, changePasswordBody, forgotPasswordBody, loginBody, resetPasswordBody, verifyResetTokenQuery } from '../../schema/auth';
import * as auth from '../domain/auth';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { clientMeta } from '../middleware/client-meta';
import { validate } from '../middleware/validate';

export const REFRESH_COOKIE = 'hoa_refresh';
const COOKIE_PATH = '/api/auth';

/** httpOnly, SameSite=Strict, Secure everywhere but plain-http localhost. */
function setRefreshCookie(c: Context<AppEnv>, issued: auth.IssuedSession) {
  const url = new URL(c.req.url);
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  setCookie(c, REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    secure: !local,
    sameSite: 'Strict',
    path: COOKIE_PATH,
    expires: new Date(issued.refreshExpiresAt),
  });
}

const body = ({ accessToken, user }: auth.IssuedSession) => ({ accessToken, user });

export const authRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginBody), async (c) => {
    const issued = await auth.login(c.var.deps, c.req.valid('json'), clientMeta(c));
    setRefreshCookie(c, issued);
    return c.json(body(issued));
  })
  .post('/refresh', async (c) => {
    try {
      const issued = await auth.refresh(c.var.deps, getCookie(c, REFRESH_COOKIE), clientMeta(c));
      setRefreshCookie(c, issued);
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
    setRefreshCookie(c, issued);
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
  );
