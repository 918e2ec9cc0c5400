import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, type ReceivedRequest, startFakeHttpServer } from './fake-http-server';

/**
 * A local stand-in for Alibaba Cloud Dysmsapi SendSms. It checks each request's signature by
 * recomputing it from what arrived, with its own code (not the provider's), following Alibaba's
 * documented RPC signature, and answers the way the vendor does.
 */

export interface AliyunReceivedSms {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  regionId: string;
}

/** accept: Code OK; limit: the vendor's flow-control business error; hang: never answer. */
export type AliyunFakeBehaviour = 'accept' | 'limit' | 'hang';

export interface AliyunSmsFake {
  endpoint: string;
  /** Messages the fake accepted, in order. */
  received: AliyunReceivedSms[];
  /** Requests of any outcome. */
  requestCount(): number;
  behave(behaviour: AliyunFakeBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** RFC 3986 percent-encoding of the UTF-8 bytes, byte by byte. */
const encode = (value: string): string =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && UNRESERVED.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const expectedSignature = (method: string, params: Map<string, string>, secret: string) => {
  const canonical = [...params.keys()]
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${encode(name)}=${encode(params.get(name)!)}`)
    .join('&');
  const stringToSign = `${method}&${encode('/')}&${encode(canonical)}`;
  return { stringToSign, signature: createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64') };
};

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const vendorError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  json: { RequestId: randomUUID(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message },
});

const FIFTEEN_MINUTES_MS = 15 * 60_000;

export const startAliyunSmsFake = async (credentials: {
  accessKeyId: string;
  accessKeySecret: string;
}): Promise<AliyunSmsFake> => {
  const received: AliyunReceivedSms[] = [];
  const usedNonces = new Set<string>();
  let behaviour: AliyunFakeBehaviour = 'accept';
  let requests = 0;

  const handle = (request: ReceivedRequest): FakeAnswer | 'hang' => {
    requests += 1;
    const params = new Map<string, string>(new URL(request.url, 'http://fake').searchParams);
    for (const [name, value] of new URLSearchParams(request.body)) params.set(name, value);
    const param = (name: string) => params.get(name) ?? '';

    if (param('AccessKeyId') !== credentials.accessKeyId)
      return vendorError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const { signature, stringToSign } = expectedSignature(
      request.method,
      params,
      credentials.accessKeySecret,
    );
    if (!sameText(param('Signature'), signature))
      // Like the vendor, quote the server's string to sign (it contains the template parameters).
      return vendorError(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
      );
    const sentAt = Date.parse(param('Timestamp'));
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > FIFTEEN_MINUTES_MS)
      return vendorError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (usedNonces.has(param('SignatureNonce')))
      return vendorError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    usedNonces.add(param('SignatureNonce'));
    if (
      param('Action') !== 'SendSms' ||
      param('Version') !== '2017-05-25' ||
      param('Format') !== 'JSON' ||
      param('SignatureMethod') !== 'HMAC-SHA1' ||
      param('SignatureVersion') !== '1.0'
    )
      return vendorError(400, 'InvalidParameter', 'A common parameter is not what SendSms expects.');

    if (behaviour === 'hang') return 'hang';
    if (behaviour === 'limit')
      return {
        status: 200,
        json: {
          RequestId: randomUUID(),
          Code: 'isv.BUSINESS_LIMIT_CONTROL',
          Message: '触发号码天级流控Permits:10',
        },
      };
    received.push({
      phoneNumbers: param('PhoneNumbers'),
      signName: param('SignName'),
      templateCode: param('TemplateCode'),
      templateParam: JSON.parse(param('TemplateParam') || '{}') as Record<string, string>,
      regionId: param('RegionId'),
    });
    return {
      status: 200,
      json: { RequestId: randomUUID(), BizId: '900619746936498440^0', Code: 'OK', Message: 'OK' },
    };
  };

  const server = await startFakeHttpServer(handle);
  return {
    endpoint: server.origin,
    received,
    requestCount: () => requests,
    behave: (next) => {
      behaviour = next;
    },
    reset: () => {
      received.length = 0;
      requests = 0;
      behaviour = 'accept';
    },
    close: server.close,
  };
};
