import { SmsDeliveryError } from './provider';

/** Vendors answer with a few hundred bytes; anything much larger is not their answer. */
const MAX_ANSWER_CHARS = 64 * 1024;

export interface VendorRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface VendorAnswer {
  status: number;
  ok: boolean;
  text: string;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * One POST to a configured endpoint. Redirects are refused so the endpoint in the settings stays
 * the only address called; a timeout covers the whole exchange, body included.
 */
export const postToVendor = async (
  provider: string,
  doFetch: typeof fetch,
  timeoutMs: number,
  request: VendorRequest,
): Promise<VendorAnswer> => {
  try {
    const response = await doFetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, ok: response.ok, text: text.slice(0, MAX_ANSWER_CHARS) };
  } catch (error) {
    if (isTimeout(error)) throw new SmsDeliveryError(provider, 'timeout', `no answer within ${timeoutMs} ms`);
    throw new SmsDeliveryError(provider, 'network', 'the endpoint could not be reached', { cause: error });
  }
};

/** The answer as JSON, or a bad-answer error naming the HTTP status. */
export const parseVendorJson = (provider: string, answer: VendorAnswer): unknown => {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new SmsDeliveryError(provider, 'bad-answer', `unreadable answer (HTTP ${answer.status})`, {
      httpStatus: answer.status,
    });
  }
};

/** Shorter values (such as "1") would blank out ordinary words of the vendor's text. */
const MIN_HIDDEN_LENGTH = 4;
const MAX_VENDOR_TEXT = 200;

/**
 * A vendor's error text made safe to log. Aliyun's SignatureDoesNotMatch text quotes its whole
 * string-to-sign, which contains the template parameters (the code), so that part is cut, and every
 * secret or parameter value still present is blanked.
 */
export const safeVendorText = (text: unknown, hidden: readonly string[]): string => {
  if (typeof text !== 'string') return '';
  let safe = text.replace(/string to sign is:?[\s\S]*$/i, 'string to sign is: [omitted]');
  for (const value of hidden) {
    if (value.length >= MIN_HIDDEN_LENGTH) safe = safe.split(value).join('[hidden]');
  }
  safe = safe.replace(/\s+/g, ' ').trim();
  return safe.length > MAX_VENDOR_TEXT ? `${safe.slice(0, MAX_VENDOR_TEXT)}…` : safe;
};
