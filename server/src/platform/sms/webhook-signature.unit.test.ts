import { describe, expect, it } from 'vitest';
import type { WebhookSettings } from './settings';
import { createWebhookSmsProvider } from './webhook-provider';
import { webhookSignature } from './webhook-signature';

// Checked with Python: hmac.new(b'webhook-secret-0123456789', body.encode(), hashlib.sha256).hexdigest()
const body =
  '{"mobile":"13800138000","template":"verification-code","params":{"code":"123456"},"text":"验证码 123456","time":"2024-05-06T07:08:09.000Z"}';
const signature = 'sha256=1a0c4a015211b580528349f87b2843048aea81c36cbbd31bdca4a77325529211';

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the UTF-8 body', () => {
    expect(webhookSignature('webhook-secret-0123456789', body)).toBe(signature);
  });

  it('is what the provider sends, with the body it signed and the time in seconds', async () => {
    const calls: RequestInit[] = [];
    const fakeFetch: typeof fetch = async (_input, init = {}) => {
      calls.push(init);
      return new Response(null, { status: 204 });
    };
    const settings: WebhookSettings = {
      provider: 'webhook',
      timeoutMs: 1000,
      url: 'https://sms-gateway.example.com/hook',
      secret: 'webhook-secret-0123456789',
    };
    const provider = createWebhookSmsProvider(settings, {
      fetch: fakeFetch,
      now: () => new Date('2024-05-06T07:08:09.000Z'),
    });

    await provider.send({
      mobile: '13800138000',
      template: 'verification-code',
      params: { code: '123456' },
      text: '验证码 123456',
    });

    expect(calls[0]!.body).toBe(body);
    expect(calls[0]!.headers).toEqual({
      'content-type': 'application/json',
      'x-signature': signature,
      'x-timestamp': '1714979289',
    });
  });
});
