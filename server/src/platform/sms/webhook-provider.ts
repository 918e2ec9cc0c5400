import type { SmsProvider } from './provider';
import { SmsDeliveryError } from './provider';
import type { WebhookSettings } from './settings';
import { postToVendor } from './vendor-call';
import type { VendorDeps } from './vendor-deps';
import { webhookSignature } from './webhook-signature';

const NAME = 'webhook';

/**
 * A generic HTTP hand-off, for gateways the platform does not know: each message is POSTed as
 * JSON {mobile, template, params, text, time}, signed with X-Signature over the raw body.
 * Any 2xx answer means accepted; the answer's body is ignored.
 */
export const createWebhookSmsProvider = (settings: WebhookSettings, deps: VendorDeps = {}): SmsProvider => {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());

  return {
    name: NAME,
    send: async (message) => {
      const sentAt = now();
      const body = JSON.stringify({
        mobile: message.mobile,
        template: message.template,
        params: message.params,
        text: message.text,
        ...(message.vendorTemplate ? { vendorTemplate: message.vendorTemplate } : {}),
        time: sentAt.toISOString(),
      });
      const answer = await postToVendor(NAME, doFetch, settings.timeoutMs, {
        url: settings.url,
        headers: {
          'content-type': 'application/json',
          'x-signature': webhookSignature(settings.secret, body),
          'x-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        },
        body,
      });
      if (answer.ok) return;
      // The receiver's body is not quoted: it is arbitrary and could echo the message back.
      throw new SmsDeliveryError(NAME, 'vendor', `HTTP ${answer.status}`, {
        vendorCode: `HTTP_${answer.status}`,
        httpStatus: answer.status,
      });
    },
  };
};
