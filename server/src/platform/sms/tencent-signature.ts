import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 signature, TC3-HMAC-SHA256, as Tencent documents it:
 *   CanonicalRequest = Method \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n SignedHeaders \n hex(SHA256(payload))
 *   StringToSign     = "TC3-HMAC-SHA256" \n Timestamp \n Date/service/tc3_request \n hex(SHA256(CanonicalRequest))
 *   SecretDate = HMAC("TC3" + SecretKey, Date); SecretService = HMAC(SecretDate, service);
 *   SecretSigning = HMAC(SecretService, "tc3_request"); Signature = hex(HMAC(SecretSigning, StringToSign))
 * Only content-type and host are signed, the minimum Tencent requires.
 */

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const TC3_SIGNED_HEADERS = 'content-type;host';

export interface Tc3Request {
  method: 'POST';
  /** Path of the endpoint, normally "/". */
  path: string;
  contentType: string;
  /** Host header exactly as sent, with the port when it is not the default. */
  host: string;
  payload: string;
}

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** Date of the timestamp in UTC: a local date would fail every call around midnight. */
export const tc3Date = (timestampSeconds: number): string =>
  new Date(timestampSeconds * 1000).toISOString().slice(0, 10);

export const tc3CredentialScope = (timestampSeconds: number, service: string): string =>
  `${tc3Date(timestampSeconds)}/${service}/tc3_request`;

/** POST JSON carries no query string, so that line is empty. Header values are trimmed and lower-cased. */
export const tc3CanonicalRequest = (request: Tc3Request): string =>
  [
    request.method,
    request.path,
    '',
    `content-type:${request.contentType.trim().toLowerCase()}\nhost:${request.host.trim().toLowerCase()}\n`,
    TC3_SIGNED_HEADERS,
    sha256Hex(request.payload),
  ].join('\n');

export const tc3StringToSign = (
  timestampSeconds: number,
  service: string,
  canonicalRequest: string,
): string =>
  [
    TC3_ALGORITHM,
    String(timestampSeconds),
    tc3CredentialScope(timestampSeconds, service),
    sha256Hex(canonicalRequest),
  ].join('\n');

export const tc3SigningKey = (secretKey: string, date: string, service: string): Buffer =>
  hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');

export const tc3Signature = (
  secretKey: string,
  timestampSeconds: number,
  service: string,
  stringToSign: string,
) =>
  createHmac('sha256', tc3SigningKey(secretKey, tc3Date(timestampSeconds), service))
    .update(stringToSign, 'utf8')
    .digest('hex');

/** The Authorization header value for one request. */
export const tc3Authorization = (
  credentials: { secretId: string; secretKey: string },
  service: string,
  timestampSeconds: number,
  request: Tc3Request,
): string => {
  const stringToSign = tc3StringToSign(timestampSeconds, service, tc3CanonicalRequest(request));
  const signature = tc3Signature(credentials.secretKey, timestampSeconds, service, stringToSign);
  return `${TC3_ALGORITHM} Credential=${credentials.secretId}/${tc3CredentialScope(timestampSeconds, service)}, SignedHeaders=${TC3_SIGNED_HEADERS}, Signature=${signature}`;
};
