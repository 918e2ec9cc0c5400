import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type FakeAnswer, type ReceivedRequest, startFakeHttpServer } from './fake-http-server';

/**
 * A local stand-in for Tencent Cloud SMS API 3.0 SendSms. It recomputes the TC3-HMAC-SHA256
 * signature from the received request with its own code (not the provider's), following
 * Tencent's documented steps, and answers the way the vendor does (HTTP 200, errors in Response).
 */

export interface TencentReceivedSms {
  phoneNumbers: string[];
  sdkAppId: string;
  signName: string;
  templateId: string;
  templateParams: string[];
  region: string;
}

/** accept: status Ok; limit: the daily per-number limit status; hang: never answer. */
export type TencentFakeBehaviour = 'accept' | 'limit' | 'hang';

export interface TencentSmsFake {
  endpoint: string;
  received: TencentReceivedSms[];
  requestCount(): number;
  behave(behaviour: TencentFakeBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;
const FIVE_MINUTES_S = 300;

const parseAuthorization = (value: string) => {
  const match = AUTHORIZATION.exec(value);
  if (!match) return null;
  const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = match;
  return { secretId, date, service, signedHeaders, signature };
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmacSha256 = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const headerText = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? '');

const answer = (response: Record<string, unknown>): FakeAnswer => ({
  status: 200,
  json: { Response: { ...response, RequestId: randomUUID() } },
});
const apiError = (code: string, message: string) => answer({ Error: { Code: code, Message: message } });

const expectedSignature = (
  request: ReceivedRequest,
  signedHeaders: string,
  secretKey: string,
  date: string,
) => {
  const url = new URL(request.url, 'http://fake');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headerText(request.headers, name).trim().toLowerCase()}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    url.search.slice(1),
    canonicalHeaders,
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const timestamp = headerText(request.headers, 'x-tc-timestamp');
  const stringToSign = [
    'TC3-HMAC-SHA256',
    timestamp,
    `${date}/sms/tc3_request`,
    sha256(canonicalRequest),
  ].join('\n');
  const secretDate = hmacSha256(`TC3${secretKey}`, date);
  const secretService = hmacSha256(secretDate, 'sms');
  const secretSigning = hmacSha256(secretService, 'tc3_request');
  return createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
};

export const startTencentSmsFake = async (credentials: {
  secretId: string;
  secretKey: string;
}): Promise<TencentSmsFake> => {
  const received: TencentReceivedSms[] = [];
  let behaviour: TencentFakeBehaviour = 'accept';
  let requests = 0;

  const handle = (request: ReceivedRequest): FakeAnswer | 'hang' => {
    requests += 1;
    const auth = parseAuthorization(headerText(request.headers, 'authorization'));
    if (!auth) return apiError('AuthFailure.InvalidAuthorization', 'Authorization header is malformed.');
    if (auth.secretId !== credentials.secretId)
      return apiError('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(headerText(request.headers, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > FIVE_MINUTES_S)
      return apiError('AuthFailure.SignatureExpire', 'Signature expired.');
    const expected = expectedSignature(request, auth.signedHeaders, credentials.secretKey, auth.date);
    const signsRequiredHeaders = ['content-type', 'host'].every((name) =>
      auth.signedHeaders.split(';').includes(name),
    );
    const dateMatches = new Date(timestamp * 1000).toISOString().slice(0, 10) === auth.date;
    if (
      !signsRequiredHeaders ||
      !dateMatches ||
      auth.service !== 'sms' ||
      !timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature))
    )
      return apiError(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    if (
      headerText(request.headers, 'x-tc-action') !== 'SendSms' ||
      headerText(request.headers, 'x-tc-version') !== '2021-01-11'
    )
      return apiError('InvalidAction', 'The action or version is not supported.');

    if (behaviour === 'hang') return 'hang';
    const body = JSON.parse(request.body) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet: string[];
    };
    const phone = body.PhoneNumberSet[0] ?? '';
    if (behaviour === 'limit')
      return answer({
        SendStatusSet: [
          {
            SerialNo: '',
            PhoneNumber: phone,
            Fee: 0,
            SessionContext: '',
            Code: 'LimitExceeded.PhoneNumberDailyLimit',
            Message:
              'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
            IsoCode: 'CN',
          },
        ],
      });
    received.push({
      phoneNumbers: body.PhoneNumberSet,
      sdkAppId: body.SmsSdkAppId,
      signName: body.SignName,
      templateId: body.TemplateId,
      templateParams: body.TemplateParamSet,
      region: headerText(request.headers, 'x-tc-region'),
    });
    return answer({
      SendStatusSet: [
        {
          SerialNo: '5000:1045710669157053657849499619',
          PhoneNumber: phone,
          Fee: 1,
          SessionContext: '',
          Code: 'Ok',
          Message: 'send success',
          IsoCode: 'CN',
        },
      ],
    });
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
