import { describe, expect, it } from 'vitest';
import { createAliyunSmsProvider } from './aliyun-provider';
import {
  aliyunCanonicalQuery,
  aliyunPercentEncode,
  aliyunSignature,
  aliyunStringToSign,
  signAliyunParams,
} from './aliyun-signature';
import type { AliyunSettings } from './settings';

describe('Aliyun percent-encoding', () => {
  it('encodes everything but A-Z a-z 0-9 - _ . ~, with a space as %20 and * as %2A', () => {
    expect(aliyunPercentEncode("a b*c~d!e'f(g)h+i/j=k&l%m")).toBe(
      'a%20b%2Ac~d%21e%27f%28g%29h%2Bi%2Fj%3Dk%26l%25m',
    );
    expect(aliyunPercentEncode('Az09-_.~')).toBe('Az09-_.~');
  });

  it('encodes each UTF-8 byte of non-ASCII text', () => {
    expect(aliyunPercentEncode('示例')).toBe('%E7%A4%BA%E4%BE%8B');
  });
});

describe("Alibaba's published signature example (ECS DescribeRegions, testid / testsecret)", () => {
  const params = {
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    Format: 'XML',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    SignatureVersion: '1.0',
    Timestamp: '2016-02-23T12:46:24Z',
    Version: '2014-05-26',
  };

  it('gives the documented string to sign and signature', () => {
    const stringToSign = aliyunStringToSign('GET', aliyunCanonicalQuery(params));
    expect(stringToSign).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(aliyunSignature('testsecret', stringToSign)).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

/*
 * Worked SendSms example, derived by hand and checked with Python's urllib.parse.quote(safe='-_.~')
 * and `openssl dgst -sha1 -hmac 'testSecret&'`:
 * 1. Sort by name in byte order: SignName comes before SignatureMethod ('N' 0x4E < 'a' 0x61).
 * 2. Encode names and values: 示例 -> %E7%A4%BA%E4%BE%8B, {"code":"123456"} -> %7B%22code%22%3A%22123456%22%7D,
 *    07:08:09 -> 07%3A08%3A09.
 * 3. StringToSign = POST & %2F & the canonical string encoded once more (% -> %25, = -> %3D, & -> %26).
 * 4. base64(HMAC-SHA1("testSecret&", StringToSign)).
 */
const workedParams: Record<string, string> = {
  AccessKeyId: 'LTAI5tExampleKeyId',
  Action: 'SendSms',
  Format: 'JSON',
  PhoneNumbers: '13800138000',
  RegionId: 'cn-hangzhou',
  SignName: '示例',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_154950909',
  TemplateParam: '{"code":"123456"}',
  Timestamp: '2024-05-06T07:08:09Z',
  Version: '2017-05-25',
};
const workedCanonicalQuery =
  'AccessKeyId=LTAI5tExampleKeyId&Action=SendSms&Format=JSON&PhoneNumbers=13800138000&RegionId=cn-hangzhou' +
  '&SignName=%E7%A4%BA%E4%BE%8B&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466' +
  '&SignatureVersion=1.0&TemplateCode=SMS_154950909&TemplateParam=%7B%22code%22%3A%22123456%22%7D' +
  '&Timestamp=2024-05-06T07%3A08%3A09Z&Version=2017-05-25';
const workedStringToSign =
  'POST&%2F&AccessKeyId%3DLTAI5tExampleKeyId%26Action%3DSendSms%26Format%3DJSON%26PhoneNumbers%3D13800138000' +
  '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E7%25A4%25BA%25E4%25BE%258B%26SignatureMethod%3DHMAC-SHA1' +
  '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_154950909' +
  '%26TemplateParam%3D%257B%2522code%2522%253A%2522123456%2522%257D%26Timestamp%3D2024-05-06T07%253A08%253A09Z' +
  '%26Version%3D2017-05-25';
const workedSignature = '0sEuStt3LEh8R+tQHkrIZZu90O4=';

describe('Aliyun SendSms worked example', () => {
  it('builds the canonical query, string to sign and signature step by step', () => {
    expect(aliyunCanonicalQuery(workedParams)).toBe(workedCanonicalQuery);
    expect(aliyunStringToSign('POST', workedCanonicalQuery)).toBe(workedStringToSign);
    expect(aliyunSignature('testSecret', workedStringToSign)).toBe(workedSignature);
  });

  it('leaves an existing Signature parameter out of the canonical query', () => {
    expect(aliyunCanonicalQuery({ ...workedParams, Signature: 'old' })).toBe(workedCanonicalQuery);
  });

  it('appends the encoded signature to the signed parameters', () => {
    expect(signAliyunParams('POST', workedParams, 'testSecret')).toBe(
      `${workedCanonicalQuery}&Signature=0sEuStt3LEh8R%2BtQHkrIZZu90O4%3D`,
    );
  });

  it('is exactly what the provider POSTs for that message, clock and nonce', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch: typeof fetch = async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return new Response('{"Code":"OK","Message":"OK"}', { status: 200 });
    };
    const settings: AliyunSettings = {
      provider: 'aliyun',
      timeoutMs: 1000,
      accessKeyId: 'LTAI5tExampleKeyId',
      accessKeySecret: 'testSecret',
      signName: '示例',
      templateCode: 'SMS_154950909',
      endpoint: 'https://dysmsapi.aliyuncs.com',
      regionId: 'cn-hangzhou',
    };
    const provider = createAliyunSmsProvider(settings, {
      fetch: fakeFetch,
      now: () => new Date('2024-05-06T07:08:09.123Z'),
      random: () => '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    });

    await provider.send({
      mobile: '13800138000',
      template: 'verification-code',
      params: { code: '123456' },
      text: '您的验证码是123456',
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://dysmsapi.aliyuncs.com/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(`${workedCanonicalQuery}&Signature=0sEuStt3LEh8R%2BtQHkrIZZu90O4%3D`);
  });
});
