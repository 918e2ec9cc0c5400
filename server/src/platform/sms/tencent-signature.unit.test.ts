import { describe, expect, it } from 'vitest';
import type { TencentSettings } from './settings';
import { createTencentSmsProvider } from './tencent-provider';
import {
  tc3Authorization,
  tc3CanonicalRequest,
  tc3Date,
  tc3Signature,
  tc3SigningKey,
  tc3StringToSign,
} from './tencent-signature';

describe("Tencent's published TC3 example (CVM DescribeInstances, timestamp 1551113065)", () => {
  const request = {
    method: 'POST' as const,
    path: '/',
    contentType: 'application/json; charset=utf-8',
    host: 'cvm.tencentcloudapi.com',
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  };

  it('gives the documented canonical request, string to sign and signature', () => {
    const canonical = tc3CanonicalRequest(request);
    expect(canonical).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n' +
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    const stringToSign = tc3StringToSign(1551113065, 'cvm', canonical);
    expect(stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n' +
        '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(tc3Signature('Gu5t9xGARNpq86cd98joQYCN3EXAMPLE', 1551113065, 'cvm', stringToSign)).toBe(
      '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('takes the credential date in UTC (00:44 on the 26th in UTC+8 is still the 25th)', () => {
    expect(tc3Date(1551113065)).toBe('2019-02-25');
  });
});

/*
 * Worked SendSms example, checked with Python's hashlib / hmac:
 * 1. payload hash   = sha256(payload) = d49d40eb…3953
 * 2. canonical request = POST \n / \n (empty query) \n content-type:…\nhost:…\n \n content-type;host \n payload hash
 * 3. string to sign = TC3-HMAC-SHA256 \n 1714979289 \n 2024-05-06/sms/tc3_request \n sha256(canonical request)
 * 4. SecretDate = HMAC("TC3exampleSecretKey", "2024-05-06"), SecretService = HMAC(SecretDate, "sms"),
 *    SecretSigning = HMAC(SecretService, "tc3_request"); signature = hex HMAC(SecretSigning, string to sign)
 */
const workedPayload =
  '{"PhoneNumberSet":["+8613800138000"],"SmsSdkAppId":"1400006666","SignName":"示例","TemplateId":"1234567","TemplateParamSet":["123456"]}';
const workedRequest = {
  method: 'POST' as const,
  path: '/',
  contentType: 'application/json; charset=utf-8',
  host: 'sms.tencentcloudapi.com',
  payload: workedPayload,
};
const workedCanonical =
  'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:sms.tencentcloudapi.com\n\ncontent-type;host\n' +
  'd49d40eb3a0bd7e2ebf7ed9c15b3b711ebf1d070fbdddc36358c0838f7c93953';
const workedStringToSign =
  'TC3-HMAC-SHA256\n1714979289\n2024-05-06/sms/tc3_request\n' +
  '26ba8e7a137713cbb0c78b11d9245c76eaafee3d57b521629a8fddce82dbd187';
const workedAuthorization =
  'TC3-HMAC-SHA256 Credential=AKIDexampleSecretId/2024-05-06/sms/tc3_request, SignedHeaders=content-type;host, ' +
  'Signature=7dff3836e4a06a4ba510841b39f4016eb2c960548b5761174698d0c362df8a45';

describe('Tencent SendSms worked example', () => {
  it('builds the canonical request, string to sign, key chain and signature step by step', () => {
    expect(tc3CanonicalRequest(workedRequest)).toBe(workedCanonical);
    expect(tc3StringToSign(1714979289, 'sms', workedCanonical)).toBe(workedStringToSign);
    expect(tc3SigningKey('exampleSecretKey', '2024-05-06', 'sms').toString('hex')).toBe(
      'db33a36245f90612ef0a6d00053602c8954ed26cc420b37b7a17554f899835c5',
    );
    expect(
      tc3Authorization(
        { secretId: 'AKIDexampleSecretId', secretKey: 'exampleSecretKey' },
        'sms',
        1714979289,
        workedRequest,
      ),
    ).toBe(workedAuthorization);
  });

  it('lower-cases and trims the signed header values', () => {
    expect(tc3CanonicalRequest({ ...workedRequest, contentType: ' Application/JSON; Charset=UTF-8 ' })).toBe(
      workedCanonical,
    );
  });

  it('is exactly what the provider POSTs for that message and clock', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch: typeof fetch = async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return Response.json({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } });
    };
    const settings: TencentSettings = {
      provider: 'tencent',
      timeoutMs: 1000,
      secretId: 'AKIDexampleSecretId',
      secretKey: 'exampleSecretKey',
      sdkAppId: '1400006666',
      signName: '示例',
      templateId: '1234567',
      endpoint: 'https://sms.tencentcloudapi.com',
      region: 'ap-guangzhou',
    };
    const provider = createTencentSmsProvider(settings, {
      fetch: fakeFetch,
      now: () => new Date(1714979289_456),
    });

    await provider.send({
      mobile: '13800138000',
      template: 'verification-code',
      params: { code: '123456' },
      text: '您的验证码是123456',
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://sms.tencentcloudapi.com/');
    expect(calls[0]!.init.body).toBe(workedPayload);
    expect(calls[0]!.init.headers).toEqual({
      authorization: workedAuthorization,
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': '1714979289',
      'x-tc-region': 'ap-guangzhou',
    });
  });
});
