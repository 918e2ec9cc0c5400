import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import { type RandomSource, randomCaptchaText, renderCaptcha } from './render';

/** The page's id: a millisecond timestamp followed by a 4-digit random, e.g. 17953262519121234. */
export const CAPTCHA_TIME_ID = /^[0-9]{6,32}$/;

export const CAPTCHA_TTL_MS = 2 * 60_000;

/** Longer answers cannot be right; refusing them early keeps normalisation cheap. */
const MAX_ANSWER_LENGTH = 32;

/**
 * Store key of the answer for one time id: `captcha:<timeId>`, value the answer in upper case,
 * TTL CAPTCHA_TTL_MS. Integration tests read the answer from the Store under this key; there is
 * deliberately no HTTP route that reveals it.
 */
export const captchaStoreKey = (timeId: string): string => `captcha:${timeId}`;

/** Unpredictable, for the answer and the drawing alike: 48 random bits per draw, in [0, 1). */
export const secureRandom: RandomSource = () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

const normaliseAnswer = (answer: string): string => answer.trim().toUpperCase();

export interface CaptchaServiceOptions {
  store: Store;
  /** Lifetime of an answer; tests shorten it to see expiry. */
  ttlMs?: number;
  /** Chooses the text and its drawing; tests inject a seeded one. */
  random?: RandomSource;
}

/**
 * Image captchas of the sign-in form. An answer lives in the Store (shared by every instance when
 * it is Redis) for two minutes and is single use: verification takes it out whatever the outcome,
 * so a wrong guess cannot be followed by another one against the same image.
 */
export const createCaptchaService = ({
  store,
  ttlMs = CAPTCHA_TTL_MS,
  random = secureRandom,
}: CaptchaServiceOptions) => ({
  /** A new image for the id; an earlier answer for the same id is replaced (the page's "refresh"). */
  issue: async (timeId: string): Promise<Buffer> => {
    if (!CAPTCHA_TIME_ID.test(timeId)) throw new AppError('BAD_REQUEST', '验证码标识有误');
    const text = randomCaptchaText(random);
    const png = renderCaptcha(text, random);
    await store.set(captchaStoreKey(timeId), text, { ttlMs });
    return png;
  },

  /** True once for the right answer (case and surrounding spaces ignored); the answer is used up either way. */
  verify: async (timeId: string, answer: string): Promise<boolean> => {
    if (!CAPTCHA_TIME_ID.test(timeId)) return false;
    const expected = await store.take(captchaStoreKey(timeId));
    if (expected === null || answer.length > MAX_ANSWER_LENGTH) return false;
    return normaliseAnswer(answer) === expected;
  },
});

export type CaptchaService = ReturnType<typeof createCaptchaService>;
