/**
 * PBKDF2-SHA256 through crypto.subtle (works on Node and Workers).
 * Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>` so the count can be raised later:
 * verification reads the count from the hash, and `needsRehash` tells when to upgrade it.
 */
export const PBKDF2_ITERATIONS = 600_000; // OWASP Password Storage Cheat Sheet, PBKDF2-HMAC-SHA256
/** Cloudflare Workers' crypto.subtle refuses PBKDF2 above this count (see docs/decisions/001-pbkdf2-iteration-count.md). */
export const WORKERS_PBKDF2_MAX = 100_000;

const SCHEME = 'pbkdf2-sha256';
const enc = new TextEncoder();

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', enc.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${b64(salt)}$${b64(hash)}`;
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 4 || parts[0] !== SCHEME) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await derive(password, new Uint8Array(16), DUMMY_ITERATIONS);
    return false;
  }
  const iterations = Number(parts[1]);
  const expected = unb64(parts[3]);
  const actual = await derive(password, unb64(parts[2]), iterations);
  return constantTimeEqual(actual, expected);
}

let DUMMY_ITERATIONS = PBKDF2_ITERATIONS;
/** The entry sets the deployment's count once; dummy checks then cost the same as real ones. */
export function setDummyIterations(n: number) {
  DUMMY_ITERATIONS = n;
}

export function needsRehash(stored: string, iterations: number): boolean {
  return Number(stored.split('$')[1]) < iterations;
}
