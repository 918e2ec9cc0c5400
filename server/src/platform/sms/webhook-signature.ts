import { createHmac } from 'node:crypto';

/**
 * The X-Signature header of a webhook call: "sha256=" + hex HMAC-SHA256 of the exact body bytes.
 * The body carries the send time, so a receiver checking that time also refuses replays.
 */
export const webhookSignature = (secret: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
