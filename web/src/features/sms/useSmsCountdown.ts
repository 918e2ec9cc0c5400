import type { VerificationCodeType } from '@uniwim/contracts/client';
import { useCallback, useEffect, useState } from 'react';
import type { KeyValueStorage } from '../../lib/storage-keys';
import {
  readSentCode,
  recordCodeSent,
  type SentCode,
  secondsUntilResend,
  sentAtFromRetryAfter,
  sentToNumber,
} from './countdown';
import type { SendCodeResult } from './send-code';

export interface SmsCountdown {
  /** The last request for this purpose (and number, when given) whose code may still be valid. */
  sent: SentCode | null;
  secondsLeft: number;
  /** Starts the 60 s countdown (at: when the code went out; now unless given). */
  markSent: (mobile: string, at?: number) => void;
  /**
   * After a send: counts from now when the code went out, or from the server's remaining wait when it
   * refused because a code went out moments ago; otherwise leaves the button enabled.
   */
  afterSend: (mobile: string, result: SendCodeResult) => void;
}

/**
 * The resend countdown of one code purpose, kept in local storage so that it survives reloads and is
 * shared by every view asking for that purpose. With `mobile`, only a code sent to that number
 * counts. Ticks every second while it runs.
 */
/** The number the last code of this purpose went to, while that code may still be valid ('' if none). */
export const lastCodeNumber = (type: VerificationCodeType, storage: KeyValueStorage = localStorage): string =>
  readSentCode(storage, type)?.mobile ?? '';

export const useSmsCountdown = (
  type: VerificationCodeType,
  mobile?: string,
  storage: KeyValueStorage = localStorage,
): SmsCountdown => {
  const [now, setNow] = useState(Date.now);
  const sent = sentToNumber(readSentCode(storage, type, now), mobile);
  const secondsLeft = secondsUntilResend(sent?.at ?? null, now);
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const markSent = useCallback(
    (mobile: string, at: number = Date.now()) => {
      recordCodeSent(storage, type, mobile, at);
      setNow(Date.now());
    },
    [storage, type],
  );

  const afterSend = useCallback(
    (mobile: string, result: SendCodeResult) => {
      if (result.ok) markSent(mobile);
      else if (result.retryAfterSeconds !== undefined)
        markSent(mobile, sentAtFromRetryAfter(result.retryAfterSeconds));
    },
    [markSent],
  );

  return { sent, secondsLeft, markSent, afterSend };
};
