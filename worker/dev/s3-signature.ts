/**
 * AWS Signature Version 4 as S3 checks it, for the local S3's guard (worker/dev/local-s3.ts): s3rver
 * verifies no V4 signature, so the guard recomputes each request's signature with the credentials the
 * app signs with and refuses what S3 would refuse. Both forms: the presigned URL (the browser's PUT and
 * GET, `X-Amz-*` in the query) and the Authorization header (the app's own PutObject and DeleteObject).
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The request as it arrived: method, the raw path and query (`req.url`), headers with lower-case names. */
export interface ArrivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** An S3 error answer: status, S3's code and a message. */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
}

export interface VerifiedRequest {
  /** Header names the signature covers (lower case). */
  signedHeaders: Set<string>;
  /** Presigned (query) or Authorization header. */
  form: 'query' | 'header';
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a header-signed request's date may be from now (S3: 15 minutes). */
const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live (S3: 7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

const refuse = (status: number, code: string, message: string): S3Refusal => ({ status, code, message });
const mismatch = () => refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The query's pairs, decoded (a `+` is a plus, as S3 reads it). */
function queryPairs(query: string): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const key = decode(at < 0 ? part : part.slice(0, at));
    const value = decode(at < 0 ? '' : part.slice(at + 1));
    if (key === null || value === null) return null;
    pairs.push([key, value]);
  }
  return pairs;
}

/** `20260101T120000Z` → milliseconds, or NaN. */
function amzDateMs(value: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

const headerValue = (headers: ArrivedRequest['headers'], name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/**
 * Verifies the request's V4 signature against `credentials` at `now` (ms). Returns what it covers, or
 * the refusal S3 answers: no signature (anonymous access), an unknown key, an expired URL, a date too
 * far off, or a signature that does not match the request as it arrived (another type, another length,
 * another key or method than was signed).
 */
export function verifyS3Signature(req: ArrivedRequest, credentials: S3Credentials, now: number): VerifiedRequest | S3Refusal {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const pairs = queryPairs(q < 0 ? '' : req.url.slice(q + 1));
  if (!pairs) return refuse(400, 'InvalidArgument', 'The query string is not valid.');
  const param = (name: string) => pairs.find(([k]) => k === name)?.[1];

  let form: VerifiedRequest['form'];
  let credential: string | undefined;
  let signedHeaderList: string | undefined;
  let signature: string | undefined;
  let amzDate: string | undefined;
  let payloadHash: string;
  if (param('X-Amz-Algorithm') !== undefined) {
    form = 'query';
    if (param('X-Amz-Algorithm') !== ALGORITHM) return refuse(400, 'AuthorizationQueryParametersError', `X-Amz-Algorithm only supports "${ALGORITHM}".`);
    credential = param('X-Amz-Credential');
    signedHeaderList = param('X-Amz-SignedHeaders');
    signature = param('X-Amz-Signature');
    amzDate = param('X-Amz-Date');
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const expires = Number(param('X-Amz-Expires'));
    const signedAt = amzDateMs(amzDate);
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS || Number.isNaN(signedAt)) {
      return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Date and X-Amz-Expires must be a valid date and a number of seconds up to 7 days.');
    }
    if (now > signedAt + expires * 1000) return refuse(403, 'AccessDenied', 'Request has expired');
    if (signedAt > now + MAX_SKEW_MS) return refuse(403, 'AccessDenied', 'Request is not valid yet');
  } else {
    const authorization = headerValue(req.headers, 'authorization');
    if (!authorization) return refuse(403, 'AccessDenied', 'Access Denied');
    form = 'header';
    const m = /^AWS4-HMAC-SHA256 (.*)$/.exec(authorization.trim());
    if (!m) return refuse(400, 'InvalidArgument', `Only ${ALGORITHM} signatures are accepted.`);
    const fields = new Map(m[1].split(',').map((part) => part.trim().split('=', 2) as [string, string]));
    credential = fields.get('Credential');
    signedHeaderList = fields.get('SignedHeaders');
    signature = fields.get('Signature');
    amzDate = headerValue(req.headers, 'x-amz-date');
    const hash = headerValue(req.headers, 'x-amz-content-sha256');
    if (!hash) return refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    payloadHash = hash;
    const signedAt = amzDateMs(amzDate);
    if (Number.isNaN(signedAt)) return refuse(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(now - signedAt) > MAX_SKEW_MS) return refuse(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  if (!credential || !signedHeaderList || !signature || !amzDate) return refuse(400, 'AuthorizationQueryParametersError', 'The signature is incomplete.');

  const [accessKeyId, scopeDate, region, service, terminator, ...rest] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (rest.length > 0 || terminator !== 'aws4_request' || service !== 's3' || !region || scopeDate !== amzDate.slice(0, 8)) {
    return refuse(400, 'AuthorizationQueryParametersError', 'The credential scope is not valid.');
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || signedHeaders.some((h, i) => !h || h !== h.toLowerCase() || (i > 0 && signedHeaders[i - 1] >= h))) {
    return refuse(400, 'AuthorizationQueryParametersError', 'SignedHeaders must name host, in lower case and sorted.');
  }

  const canonicalQuery = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${(headerValue(req.headers, h) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  // S3 signs the path as it is sent (each segment encoded once), not normalised.
  const canonicalRequest = [req.method, path || '/', canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${scopeDate}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, scopeDate), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
  if (!given || !timingSafeEqual(given, expected)) return mismatch();
  return { signedHeaders: new Set(signedHeaders), form };
}

export const isRefusal = (r: VerifiedRequest | S3Refusal): r is S3Refusal => 'code' in r;

/** An S3 error body, as S3 writes it. */
export function s3ErrorXml(refusal: S3Refusal, resource: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${esc(refusal.message)}</Message><Resource>${esc(resource)}</Resource></Error>`;
}
