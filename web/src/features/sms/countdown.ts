import {
  SMS_CODE_VALID_MINUTES,
  SMS_RESEND_SECONDS,
  type VerificationCodeType,
} from '@uniwim/contracts/client';
import { type KeyValueStorage, LocalStorageKeys } from '../../lib/storage-keys';

/** A code request the browser remembers: when, and to which number (masked for two-factor). */
export interface SentCode {
  at: number;
  mobile: string;
}

type SentCodes = Partial<Record<VerificationCodeType, SentCode>>;

const CODE_VALID_MS = SMS_CODE_VALID_MINUTES * 60_000;

/** Spec section 9: numbers under 10 are zero-padded ("已发送，05秒"). */
export const padSeconds = (seconds: number): string => String(Math.max(0, seconds)).padStart(2, '0');

/**
 * Whole seconds until another code may be asked for: 60 right after sending, one less each full
 * second, 0 when the countdown is over (or when the time lies in the future: a changed clock must
 * not block the button).
 */
export const secondsUntilResend = (sentAt: number | null, now: number): number => {
  if (sentAt === null || now < sentAt) return 0;
  return Math.max(0, SMS_RESEND_SECONDS - Math.floor((now - sentAt) / 1000));
};

const isSentCode = (value: unknown): value is SentCode =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as SentCode).at) &&
  typeof (value as SentCode).mobile === 'string';

const readAll = (storage: Pick<KeyValueStorage, 'getItem'>): SentCodes => {
  const raw = storage.getItem(LocalStorageKeys.smsTime);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isSentCode(value)));
  } catch {
    // A value the legacy product left (a bare time) or garbage: no countdown.
    return {};
  }
};

/** The last request for this purpose while its code may still be valid (5 minutes), else null. */
export const readSentCode = (
  storage: Pick<KeyValueStorage, 'getItem'>,
  type: VerificationCodeType,
  now: number = Date.now(),
): SentCode | null => {
  const sent = readAll(storage)[type];
  return sent && now >= sent.at && now - sent.at < CODE_VALID_MS ? sent : null;
};

/** Remembers a request (spec section 4: the countdown persists across reloads); old entries are dropped. */
export const recordCodeSent = (
  storage: KeyValueStorage,
  type: VerificationCodeType,
  mobile: string,
  at: number = Date.now(),
): void => {
  const kept = Object.entries(readAll(storage)).filter(
    ([key, sent]) => key !== type && at - sent.at < CODE_VALID_MS,
  );
  storage.setItem(
    LocalStorageKeys.smsTime,
    JSON.stringify(Object.fromEntries([...kept, [type, { at, mobile }]])),
  );
};

/**
 * The server refused a code because one went out recently (CODE_RESEND_TOO_SOON with
 * retryAfterSeconds): start the countdown where the server's own wait ends.
 */
export const sentAtFromRetryAfter = (retryAfterSeconds: number, now: number = Date.now()): number =>
  now - (SMS_RESEND_SECONDS - Math.min(Math.max(retryAfterSeconds, 0), SMS_RESEND_SECONDS)) * 1000;

/**
 * The request that concerns the number typed: the server allows one code per number and purpose a
 * minute, so the countdown follows the number (undefined: whatever number the last code went to).
 */
export const sentToNumber = (sent: SentCode | null, mobile: string | undefined): SentCode | null =>
  mobile === undefined || sent?.mobile === mobile.trim() ? sent : null;

/** What a get-code button shows (spec section 4, "SMS send button"). */
export type SendButtonState =
  | { kind: 'first' }
  | { kind: 'countdown'; seconds: string }
  /** The countdown ended: "重新获取". */
  | { kind: 'again' };

export const sendButtonState = (secondsLeft: number, everSent: boolean): SendButtonState => {
  if (secondsLeft > 0) return { kind: 'countdown', seconds: padSeconds(secondsLeft) };
  return everSent ? { kind: 'again' } : { kind: 'first' };
};
