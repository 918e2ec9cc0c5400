import { SmsDeliveryError, type SmsMessage, type SmsProvider } from './provider';
import type { TencentSettings } from './settings';
import { sensitiveValues, templateValue } from './template-value';
import { tc3Authorization } from './tencent-signature';
import { parseVendorJson, postToVendor, safeVendorText, type VendorAnswer } from './vendor-call';
import type { VendorDeps } from './vendor-deps';

const NAME = 'tencent';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

interface TencentStatus {
  Code?: unknown;
  Message?: unknown;
}

interface TencentAnswer {
  Response?: { Error?: TencentStatus; SendStatusSet?: TencentStatus[] };
}

/** Tencent wants E.164; the platform stores mainland numbers without their country code. */
const e164 = (mobile: string): string => (mobile.startsWith('+') ? mobile : `+86${mobile}`);

/** Tencent Cloud SMS (API 3.0, SendSms 2021-01-11), signed with TC3-HMAC-SHA256. */
export const createTencentSmsProvider = (settings: TencentSettings, deps: VendorDeps = {}): SmsProvider => {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const endpoint = new URL(settings.endpoint);

  const templateIdFor = (message: SmsMessage): string => {
    if (message.vendorTemplate) return message.vendorTemplate.id;
    if (message.template === 'verification-code') return settings.templateId;
    if (settings.messageTemplateId) return settings.messageTemplateId;
    throw new SmsDeliveryError(
      NAME,
      'not-configured',
      'no template for free-text messages (set TENCENT_SMS_MESSAGE_TEMPLATE_ID)',
    );
  };

  /** Tencent answers HTTP 200 for failures too: Response.Error for the call, SendStatusSet per number. */
  const failureOf = (answer: VendorAnswer, message: SmsMessage): SmsDeliveryError | null => {
    const response = (parseVendorJson(NAME, answer) as TencentAnswer | null)?.Response;
    const status = response?.Error ?? response?.SendStatusSet?.[0];
    if (!response?.Error && status?.Code === 'Ok') return null;
    const vendorCode = typeof status?.Code === 'string' ? status.Code : undefined;
    const hidden = [settings.secretKey, ...sensitiveValues(message)];
    return new SmsDeliveryError(
      NAME,
      vendorCode ? 'vendor' : 'bad-answer',
      `${vendorCode ?? 'answer without status'} (HTTP ${answer.status}) ${safeVendorText(status?.Message, hidden)}`.trim(),
      { vendorCode, httpStatus: answer.status },
    );
  };

  return {
    name: NAME,
    send: async (message) => {
      const payload = JSON.stringify({
        PhoneNumberSet: [e164(message.mobile)],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: templateIdFor(message),
        // Tencent numbers a template's variables ({1}, {2}): ours in the order the content names them.
        TemplateParamSet: message.vendorTemplate
          ? message.vendorTemplate.values.map((v) => v.value)
          : [templateValue(NAME, message)],
      });
      const timestamp = Math.floor(now().getTime() / 1000);
      const authorization = tc3Authorization(settings, SERVICE, timestamp, {
        method: 'POST',
        path: endpoint.pathname,
        contentType: CONTENT_TYPE,
        host: endpoint.host,
        payload,
      });
      const answer = await postToVendor(NAME, doFetch, settings.timeoutMs, {
        url: endpoint.toString(),
        headers: {
          authorization,
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': settings.region,
        },
        body: payload,
      });
      const failure = failureOf(answer, message);
      if (failure) throw failure;
    },
  };
};
