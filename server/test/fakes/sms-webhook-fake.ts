import { createHmac, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, type ReceivedRequest, startFakeHttpServer } from './fake-http-server';

/**
 * A local receiver for the SMS webhook. It checks X-Signature by recomputing the HMAC-SHA256 of
 * the raw body with the shared secret, as a real receiver must, and records what arrived.
 */

export interface WebhookReceivedSms {
  mobile: string;
  template: string;
  params: Record<string, string>;
  text: string;
  time: string;
  timestampHeader: string;
}

/** accept: 204; fail: 503 (a receiver in trouble); hang: never answer. */
export type WebhookFakeBehaviour = 'accept' | 'fail' | 'hang';

export interface SmsWebhookFake {
  url: string;
  received: WebhookReceivedSms[];
  requestCount(): number;
  behave(behaviour: WebhookFakeBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

const signatureMatches = (header: string, body: string, secret: string): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export const startSmsWebhookFake = async (secret: string): Promise<SmsWebhookFake> => {
  const received: WebhookReceivedSms[] = [];
  let behaviour: WebhookFakeBehaviour = 'accept';
  let requests = 0;

  const handle = (request: ReceivedRequest): FakeAnswer | 'hang' => {
    requests += 1;
    if (!signatureMatches(String(request.headers['x-signature'] ?? ''), request.body, secret))
      return { status: 401, json: { error: 'bad signature' } };
    if (behaviour === 'hang') return 'hang';
    if (behaviour === 'fail') return { status: 503, json: { error: 'gateway unavailable' } };
    const body = JSON.parse(request.body) as Omit<WebhookReceivedSms, 'timestampHeader'>;
    received.push({ ...body, timestampHeader: String(request.headers['x-timestamp'] ?? '') });
    return { status: 204 };
  };

  const server = await startFakeHttpServer(handle);
  return {
    url: `${server.origin}/sms`,
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
