/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser where a
 * user signed in successfully carries a signed `hoa_device` cookie naming that user. Failed sign-ins
 * from devices an account does not know share one lock-out per account; a known device has its own
 * counter, so a stranger guessing passwords cannot keep the owner out of their own account.
 *
 * Format: `<userId>.<nonce>.<signature>`, the signature an HMAC-SHA256 of `device:<userId>.<nonce>`
 * under the JWT secret. Nothing is stored; the nonce tells devices apart for their counters.
 */
import { randomToken } from './tokens';

export const DEVICE_COOKIE = 'hoa_device';
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60_000;

const enc = new TextEncoder();
const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function sign(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', key, enc.encode(`device:${payload}`)));
}

export async function issueDeviceCookie(secret: string, userId: string): Promise<string> {
  const payload = `${userId}.${randomToken().slice(0, 22)}`;
  return `${payload}.${await sign(secret, payload)}`;
}

/** The device's user and its own id (for its failure counter), or null for a missing, malformed or forged cookie. */
export async function readDeviceCookie(secret: string, cookie: string | undefined): Promise<{ userId: string; deviceId: string } | null> {
  if (!cookie || cookie.length > 300) return null;
  const parts = cookie.split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const expected = await sign(secret, `${parts[0]}.${parts[1]}`);
  if (expected.length !== parts[2].length) return null;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ parts[2].charCodeAt(i);
  return diff === 0 ? { userId: parts[0], deviceId: parts[1] } : null;
}
