import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud RPC signature, version 1.0 (HMAC-SHA1), as documented for Dysmsapi and the other
 * RPC-style APIs:
 *   CanonicalizedQueryString = sorted params (without Signature), each percentEncode(name)=percentEncode(value), joined by &
 *   StringToSign = HTTPMethod & percentEncode("/") & percentEncode(CanonicalizedQueryString)
 *   Signature    = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))
 */

/**
 * RFC 3986 encoding of UTF-8 bytes: only A-Z a-z 0-9 - _ . ~ stay as they are. encodeURIComponent
 * also leaves ! ' ( ) * alone, which Alibaba encodes; a space is %20, never +.
 */
export const aliyunPercentEncode = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Names are ASCII, so sorting by UTF-16 code unit is the byte order the vendor uses. */
export const aliyunCanonicalQuery = (params: Record<string, string>): string =>
  Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(params[name]!)}`)
    .join('&');

export const aliyunStringToSign = (method: 'GET' | 'POST', canonicalQuery: string): string =>
  `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonicalQuery)}`;

export const aliyunSignature = (accessKeySecret: string, stringToSign: string): string =>
  createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');

/** The signed parameters, encoded the same way, ready as a query string or form body. */
export const signAliyunParams = (
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string => {
  const canonicalQuery = aliyunCanonicalQuery(params);
  const signature = aliyunSignature(accessKeySecret, aliyunStringToSign(method, canonicalQuery));
  return `${canonicalQuery}&Signature=${aliyunPercentEncode(signature)}`;
};
