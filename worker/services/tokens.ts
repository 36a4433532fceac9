import { jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '../../schema/roles';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  sub: string;
  hoa: string;
  role: Role;
  sid: string;
}

/**
 * The HMAC key, imported into WebCrypto once per secret: jose would import raw bytes again on every
 * sign and verify, and every authenticated request verifies.
 */
const keys = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
}

export async function signAccessToken(secret: string, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ hoa: claims.hoa, role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await key(secret));
}

/**
 * Tokens this process verified, until they expire: a client sends the same token with every request
 * for 15 minutes, and checking its signature again each time was a fifth of a simple request. Keyed
 * by secret and token, so only a token that passed the full check is ever found here.
 */
const verified = new Map<string, { claims: AccessClaims; expMs: number }>();
const VERIFIED_MAX = 10_000;

/** A token's expiry may lie this much further than its lifetime from now (clocks of other isolates). */
const CLOCK_SKEW_SECONDS = 5;

/**
 * Whether a token claims no longer a life than `ttlSeconds`, which is what the server issues it for:
 * `exp - iat` at most that, and `exp` no further from now (so a forged issue time in the future does
 * not stretch it). A token signed by anything else with the key (an old tool, a leaked script) with a
 * long expiry would otherwise be good until then.
 */
function withinLifetime(payload: { iat?: number; exp?: number }, ttlSeconds: number, nowMs: number): boolean {
  const { iat, exp } = payload;
  return typeof iat === 'number' && typeof exp === 'number' && exp - iat <= ttlSeconds && exp <= nowMs / 1000 + ttlSeconds + CLOCK_SKEW_SECONDS;
}

/**
 * Returns the claims, or null for a bad signature, wrong algorithm, no expiry, an expired token, or
 * one that claims a longer life than an access token is issued for.
 */
export async function verifyAccessToken(secret: string, token: string, nowMs: number): Promise<AccessClaims | null> {
  const cacheKey = `${secret.length}:${secret}:${token}`;
  const known = verified.get(cacheKey);
  if (known) {
    if (known.expMs > nowMs) return known.claims;
    verified.delete(cacheKey);
  }
  const claims = await verifySignedToken(secret, token, nowMs);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, claims);
  }
  return claims?.claims ?? null;
}

async function verifySignedToken(secret: string, token: string, nowMs: number): Promise<{ claims: AccessClaims; expMs: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      // A token without an expiry would be valid forever; without an issue time its lifetime is unknown.
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (!withinLifetime(payload, ACCESS_TOKEN_TTL_SECONDS, nowMs)) return null;
    if (typeof payload.sub !== 'string' || typeof payload.hoa !== 'string' || typeof payload.sid !== 'string') return null;
    // A poke ticket (below) is signed with the same key but is never an access token.
    if (payload.aud !== undefined) return null;
    if (!isRole(payload.role)) return null;
    return { claims: { sub: payload.sub, hoa: payload.hoa, role: payload.role, sid: payload.sid }, expMs: payload.exp! * 1000 };
  } catch {
    return null;
  }
}

/** A poke ticket lives this long: the client asks for one right before it opens the socket. */
export const POKE_TICKET_TTL_SECONDS = 30;
const POKE_AUDIENCE = 'poke-socket';

export interface PokeTicket {
  userId: string;
  hoaId: string;
  /** Single use: the HOA's poke room remembers the ids it has admitted until they expire. */
  id: string;
  expMs: number;
}

/**
 * A short-lived ticket that opens one poke socket on Workers (a WebSocket cannot carry the
 * Authorization header, and the access token must not sit in a URL that logs may keep).
 */
export async function signPokeTicket(secret: string, who: { userId: string; hoaId: string }, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ hoa: who.hoaId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(who.userId)
    .setAudience(POKE_AUDIENCE)
    .setJti(newId())
    .setIssuedAt(iat)
    .setExpirationTime(iat + POKE_TICKET_TTL_SECONDS)
    .sign(await key(secret));
}

/** The ticket's facts, or null for anything but an unexpired poke ticket signed with `secret`. */
export async function verifyPokeTicket(secret: string, ticket: string, nowMs: number): Promise<PokeTicket | null> {
  try {
    const { payload } = await jwtVerify(ticket, await key(secret), {
      algorithms: ['HS256'],
      audience: POKE_AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    if (typeof payload.hoa !== 'string' || !withinLifetime(payload, POKE_TICKET_TTL_SECONDS, nowMs)) return null;
    return { userId: payload.sub!, hoaId: payload.hoa, id: payload.jti!, expMs: payload.exp! * 1000 };
  } catch {
    return null;
  }
}

/** 32 random bytes, base64url: refresh, reset and activation tokens. Only their hash is stored. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The refresh token that follows `token` in its family: an HMAC of it under the server's key, so the
 * server can name the successor again (a refresh answer that was lost) while storing only hashes.
 * Nobody without the key can tell it from the token.
 */
export async function successorToken(secret: string, token: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await key(secret), new TextEncoder().encode(`hoa-refresh-successor:${token}`));
  return base64url(new Uint8Array(mac));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const newId = () => crypto.randomUUID();
