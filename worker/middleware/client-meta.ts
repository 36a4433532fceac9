import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ClientMeta } from '../domain/auth';
import type { AppEnv } from '../env';

/** The TCP peer's address on Node (`@hono/node-server` passes the request's socket as `c.env.incoming`). */
export function socketAddress(c: Context): string | null {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return socket?.remoteAddress ?? null;
}

/**
 * The caller's address and agent, for rate limits and the sessions list. The address comes from the
 * header a trusted proxy sets (`config.clientIpHeader`: `cf-connecting-ip` on Cloudflare, whose edge
 * overwrites it) and otherwise from the socket. Without a configured proxy no header is read: anyone
 * could send `cf-connecting-ip` or `X-Forwarded-For` and get a fresh rate-limit budget per request.
 */
export function clientMeta(c: Context<AppEnv>): ClientMeta {
  const header = c.get('deps').config.clientIpHeader;
  const ip = (header ? c.req.header(header)?.trim() : undefined) || socketAddress(c) || 'unknown';
  return { ip, userAgent: c.req.header('user-agent') ?? null };
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Whether a URL's host name (as `new URL(…).hostname` gives it) is this machine. */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname.toLowerCase());
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip'];

/**
 * Whether the request comes from this machine, directly: a loopback socket, a loopback Host (a DNS
 * rebinding page has its own host name) and no proxy header (a reverse proxy on the same machine
 * connects over loopback on behalf of anyone).
 */
export function isLoopbackRequest(c: Context<AppEnv>): boolean {
  // The request URL is built from the Host header (Node) or is the one the runtime received (workerd).
  if (!isLoopbackHost(new URL(c.req.url).hostname)) return false;
  const address = socketAddress(c);
  const peerHeader = c.get('deps')?.config.loopbackPeerHeader;
  if (!address && peerHeader) {
    // workerd has no socket: under wrangler dev the runtime sets this header from the peer's address
    // (Cloudflare's edge would set the client's public one, never loopback).
    const peer = c.req.header(peerHeader)?.trim();
    return !!peer && LOOPBACK_ADDRESSES.has(peer) && !PROXY_HEADERS.some((h) => h !== peerHeader && c.req.header(h) !== undefined);
  }
  if (!address || !LOOPBACK_ADDRESSES.has(address)) return false;
  return !PROXY_HEADERS.some((h) => c.req.header(h) !== undefined);
}

/** The local providers' pages (/dev/mail, /dev/pay) answer only this machine; anyone else gets a plain 404. */
export const loopbackOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isLoopbackRequest(c)) return c.text('Not found', 404);
  c.header('Cache-Control', 'no-store');
  await next();
});
