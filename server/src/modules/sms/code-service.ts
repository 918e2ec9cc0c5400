import type { VerificationCodeType } from '@uniwim/contracts';
import { AppError } from '../../platform/errors';
import type { SmsProvider } from '../../platform/sms/provider';
import type { Store } from '../../platform/store/store';
import {
  CODE_LIMITS,
  type CodeLimits,
  codeDigest,
  codeKey,
  dailyIpKey,
  dailyMobileKey,
  newCode,
  parseStoredCode,
  resendKey,
  type StoredCode,
  smsText,
} from './code-rules';

export interface SendCodeRequest {
  type: VerificationCodeType;
  mobile: string;
  ip: string;
  /** Binds the code to a pending sign-in (two-factor step). */
  binding?: string;
  /**
   * False: go through every limit but send nothing. Used when the number must not receive a code
   * (unknown account), so the answer and the limits look exactly like a real send.
   */
  deliver?: boolean;
}

const DAY_MS = 24 * 3_600_000;

/**
 * Six-digit SMS codes: valid five minutes, single use, a new one replaces the old, at most five
 * wrong tries, one send per minute per number and purpose, daily caps per number and per address.
 * All state is in the Store, so the rules hold across instances.
 */
export const createVerificationCodes = (deps: {
  store: Store;
  sms: SmsProvider;
  limits?: Partial<CodeLimits>;
  now?: () => Date;
}) => {
  const limits: CodeLimits = { ...CODE_LIMITS, ...deps.limits };
  const now = deps.now ?? (() => new Date());
  const { store } = deps;

  const enforceSendLimits = async (request: SendCodeRequest) => {
    const guard = resendKey(request.type, request.mobile);
    if (!(await store.setIfAbsent(guard, '1', limits.resendIntervalMs))) {
      const retryAfterMs = (await store.ttlMs(guard)) ?? limits.resendIntervalMs;
      throw new AppError(
        'CODE_RESEND_TOO_SOON',
        `验证码已发送，请${Math.ceil(retryAfterMs / 1000)}秒后重试`,
        {
          retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
        },
      );
    }
    const today = now();
    const perMobile = await store.incr(dailyMobileKey(request.mobile, today), DAY_MS);
    const perIp = await store.incr(dailyIpKey(request.ip, today), DAY_MS);
    if (perMobile > limits.dailyPerMobile || perIp > limits.dailyPerIp)
      throw new AppError('CODE_DAILY_LIMIT');
    return guard;
  };

  return {
    limits,

    send: async (request: SendCodeRequest): Promise<void> => {
      const guard = await enforceSendLimits(request);
      if (request.deliver === false) return;
      const code = newCode();
      const key = codeKey(request.type, request.mobile);
      const stored: StoredCode = {
        d: codeDigest(request.type, request.mobile, code),
        t: 0,
        b: request.binding,
      };
      await store.set(key, JSON.stringify(stored), { ttlMs: limits.ttlMs });
      try {
        await deps.sms.send({
          mobile: request.mobile,
          template: 'verification-code',
          params: { code },
          text: smsText(code),
        });
      } catch {
        // Not delivered: keep no code and let the user ask again at once.
        await store.del(key);
        await store.del(guard);
        throw new AppError('SMS_SEND_FAILED');
      }
    },

    /**
     * Moves a live code to another binding (a new pending sign-in of the same user), so signing in
     * again within the resend interval reuses the code already on the phone. False if none is live.
     */
    rebind: async (request: {
      type: VerificationCodeType;
      mobile: string;
      binding: string;
    }): Promise<boolean> => {
      const key = codeKey(request.type, request.mobile);
      const raw = await store.get(key);
      const stored = parseStoredCode(raw);
      if (!raw || !stored) return false;
      return store.compareAndSet(key, raw, JSON.stringify({ ...stored, b: request.binding }));
    },

    /** Spends the code when right; counts a wrong try otherwise. Throws CODE_INVALID / CODE_TOO_MANY_TRIES. */
    verify: async (request: {
      type: VerificationCodeType;
      mobile: string;
      code: string;
      binding?: string;
    }) => {
      const key = codeKey(request.type, request.mobile);
      for (let attempt = 0; attempt < 5; attempt++) {
        const raw = await store.get(key);
        const stored = parseStoredCode(raw);
        if (!raw || !stored || (stored.b ?? undefined) !== request.binding)
          throw new AppError('CODE_INVALID');
        if (stored.d === codeDigest(request.type, request.mobile, request.code)) {
          // Whoever takes the record first wins; a concurrent second use finds it gone or changed.
          if ((await store.take(key)) !== raw) throw new AppError('CODE_INVALID');
          return;
        }
        const tries = stored.t + 1;
        if (tries >= limits.maxWrongTries) {
          await store.del(key);
          throw new AppError('CODE_TOO_MANY_TRIES');
        }
        if (await store.compareAndSet(key, raw, JSON.stringify({ ...stored, t: tries }))) {
          throw new AppError('CODE_INVALID');
        }
        // Another try changed the record meanwhile: read it again so every wrong try is counted.
      }
      throw new AppError('CODE_INVALID');
    },
  };
};

export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
