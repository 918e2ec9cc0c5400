import { createHash, createHmac } from 'node:crypto';

/** The SHA-256 of an empty payload (GET, HEAD, DELETE). */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** RFC 3986 encoding as AWS wants it: everything but unreserved characters (and `/` in paths). */
const encode = (text: string, keepSlash: boolean) =>
  [...Buffer.from(text)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) return char;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** `20130524T000000Z` */
export const amzDateOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * AWS Signature Version 4 for one S3 request (the header form): answers the headers to send, the
 * given ones plus x-amz-date, x-amz-content-sha256 and Authorization. `payloadHash` is the hex
 * SHA-256 of the body (the files module knows it before it sends a file).
 */
export const signS3Request = (request: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  credentials: SigningCredentials;
  now: Date;
}): Record<string, string> => {
  const { method, url, payloadHash, credentials } = request;
  const amzDate = amzDateOf(request.now);
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': payloadHash,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const headerValue = (name: string) =>
    String(Object.entries(headers).find(([key]) => key.toLowerCase() === name)![1])
      .trim()
      .replace(/\s+/g, ' ');
  const canonicalHeaders = names.map((name) => `${name}:${headerValue(name)}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => [encode(key, false), encode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const path = encode(decodeURIComponent(url.pathname), true);
  const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
};
