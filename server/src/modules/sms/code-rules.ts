import { createHash, randomInt } from 'node:crypto';
import type { VerificationCodeType } from '@uniwim/contracts';

/** Limits of verification codes (spec section 9 and the SMS issue). */
export const CODE_LIMITS = {
  ttlMs: 5 * 60_000,
  maxWrongTries: 5,
  resendIntervalMs: 60_000,
  dailyPerMobile: 10,
  dailyPerIp: 50,
} as const;

export type CodeLimits = { [K in keyof typeof CODE_LIMITS]: number };

export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored hashed and bound to their mobile and purpose. */
export const codeDigest = (type: VerificationCodeType, mobile: string, code: string): string =>
  createHash('sha256').update(`${type}|${mobile}|${code}`).digest('hex');

export const codeKey = (type: VerificationCodeType, mobile: string) => `vcode:${type}:${mobile}`;
export const resendKey = (type: VerificationCodeType, mobile: string) => `vcode:resend:${type}:${mobile}`;
/** Daily caps count per calendar day in China (UTC+8), when users think of "today". */
export const chinaDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
export const dailyMobileKey = (mobile: string, now: Date) => `vcode:daily:mobile:${mobile}:${chinaDay(now)}`;
export const dailyIpKey = (ip: string, now: Date) => `vcode:daily:ip:${ip}:${chinaDay(now)}`;

export interface StoredCode {
  /** Digest of the code. */
  d: string;
  /** Wrong tries so far. */
  t: number;
  /** A pending sign-in the code belongs to (two-factor step), if any. */
  b?: string;
}

export const parseStoredCode = (raw: string | null): StoredCode | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredCode;
    return typeof value.d === 'string' && typeof value.t === 'number' ? value : null;
  } catch {
    return null;
  }
};

export const smsText = (code: string) => `您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`;
