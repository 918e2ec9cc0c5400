import type { LoginResult } from '@uniwim/contracts/client';
import { isTokenAnswer } from '../../lib/token-storage';

/** What one socket message means to the panel (spec section 3, "QR socket message": {type, data}). */
export type QrSocketMessage =
  /** The code to show. */
  | { type: 'uid'; uid: string }
  /** A phone scanned the code: "扫码成功！". */
  | { type: 'scanned' }
  /** The phone confirmed: the sign-in answer (the same as POST /dmp/login's). */
  | { type: 'token'; result: LoginResult }
  /** The code is over: the error state offers a refresh. */
  | { type: 'ended'; reason: 'error' | 'expired' | 'cancelled' }
  /** Well-formed, of a type this page does not know: ignored. */
  | { type: 'ignored' }
  /** Not JSON, or not what its type promises: the error state (spec section 8). */
  | { type: 'invalid' };

const ENDINGS = new Set(['error', 'expired', 'cancelled']);

export const parseQrSocketMessage = (raw: unknown): QrSocketMessage => {
  if (typeof raw !== 'string') return { type: 'invalid' };
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return { type: 'invalid' };
  }
  if (typeof message !== 'object' || message === null) return { type: 'invalid' };
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') return { type: 'invalid' };
  switch (type) {
    case 'uid':
      return typeof data === 'string' && data !== '' ? { type: 'uid', uid: data } : { type: 'invalid' };
    case 'scanned':
      return { type: 'scanned' };
    case 'token':
      return isTokenAnswer(data) ? { type: 'token', result: data as LoginResult } : { type: 'invalid' };
    default:
      return ENDINGS.has(type)
        ? { type: 'ended', reason: type as 'error' | 'expired' | 'cancelled' }
        : { type: 'ignored' };
  }
};

/** What one answer of GET /ump/scanQrcodeInterface means to the panel. */
export type QrPollResult =
  /** Success: sign in at once with this answer. */
  | { kind: 'signedIn'; result: LoginResult }
  /** Not yet, but the phone has scanned (a fallback for a missed "scanned" message). */
  | { kind: 'scanned' }
  /** The code expired or was cancelled: the error state. */
  | { kind: 'ended' }
  /** Nothing new (also any answer that is not understood: a failed poll is ignored). */
  | { kind: 'waiting' };

export const interpretPollAnswer = (answer: unknown): QrPollResult => {
  if (typeof answer !== 'object' || answer === null) return { kind: 'waiting' };
  const { Code, Success, Response, state } = answer as {
    Code?: unknown;
    Success?: unknown;
    Response?: unknown;
    state?: unknown;
  };
  if (Code !== 0) return { kind: 'waiting' };
  if (Success === true && isTokenAnswer(Response))
    return { kind: 'signedIn', result: Response as LoginResult };
  if (state === 'scanned') return { kind: 'scanned' };
  if (state === 'expired' || state === 'cancelled') return { kind: 'ended' };
  return { kind: 'waiting' };
};
