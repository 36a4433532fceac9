import type { Context } from 'hono';
import type { ClientMeta } from '../domain/auth';

/**
 * The caller's address and agent, for rate limits and the sessions list.
 * Cloudflare sets cf-connecting-ip at its edge (clients cannot forge it there); on Node the socket
 * address is used. X-Forwarded-For is not trusted: anyone could send it to dodge the per-IP limit.
 */
export function clientMeta(c: Context): ClientMeta {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  const ip = c.req.header('cf-connecting-ip') ?? socket?.remoteAddress ?? 'unknown';
  return { ip, userAgent: c.req.header('user-agent') ?? null };
}
