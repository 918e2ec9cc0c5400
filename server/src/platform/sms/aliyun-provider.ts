import { randomUUID } from 'node:crypto';
import { signAliyunParams } from './aliyun-signature';
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from './provider';
import type { AliyunSettings } from './settings';
import { sensitiveValues, templateValue } from './template-value';
import { parseVendorJson, postToVendor, safeVendorText } from './vendor-call';
import type { VendorDeps } from './vendor-deps';

const NAME = 'aliyun';

/** ISO 8601 in UTC without milliseconds, the form Alibaba's examples use. */
const aliyunTimestamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25 SendSms). The signed parameters travel as a form body
 * (POST), which keeps phone numbers and codes out of URLs and access logs.
 */
export const createAliyunSmsProvider = (settings: AliyunSettings, deps: VendorDeps = {}): SmsProvider => {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? randomUUID;
  const url = new URL('/', settings.endpoint).toString();

  const templateCodeFor = (message: SmsMessage): string => {
    if (message.vendorTemplate) return message.vendorTemplate.id;
    if (message.template === 'verification-code') return settings.templateCode;
    if (settings.messageTemplateCode) return settings.messageTemplateCode;
    throw new SmsDeliveryError(
      NAME,
      'not-configured',
      'no template for free-text messages (set ALIYUN_SMS_MESSAGE_TEMPLATE_CODE)',
    );
  };

  const templateParam = (message: SmsMessage): string => {
    // Aliyun names a template's variables (${orderNo}): ours by the same names.
    if (message.vendorTemplate)
      return JSON.stringify(Object.fromEntries(message.vendorTemplate.values.map((v) => [v.name, v.value])));
    const value = templateValue(NAME, message);
    return JSON.stringify(message.template === 'verification-code' ? { code: value } : { content: value });
  };

  return {
    name: NAME,
    send: async (message) => {
      const params: Record<string, string> = {
        AccessKeyId: settings.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: settings.regionId,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: random(),
        SignatureVersion: '1.0',
        Timestamp: aliyunTimestamp(now()),
        Version: '2017-05-25',
        PhoneNumbers: message.mobile,
        SignName: settings.signName,
        TemplateCode: templateCodeFor(message),
        TemplateParam: templateParam(message),
      };
      const answer = await postToVendor(NAME, doFetch, settings.timeoutMs, {
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: signAliyunParams('POST', params, settings.accessKeySecret),
      });
      const json = parseVendorJson(NAME, answer);
      const { Code, Message } = (json ?? {}) as { Code?: unknown; Message?: unknown };
      if (Code === 'OK') return;
      const vendorCode = typeof Code === 'string' ? Code : undefined;
      const hidden = [settings.accessKeySecret, ...sensitiveValues(message)];
      throw new SmsDeliveryError(
        NAME,
        vendorCode ? 'vendor' : 'bad-answer',
        `${vendorCode ?? 'answer without Code'} (HTTP ${answer.status}) ${safeVendorText(Message, hidden)}`.trim(),
        { vendorCode, httpStatus: answer.status },
      );
    },
  };
};
