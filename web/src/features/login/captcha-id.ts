export const CAPTCHA_PATH = '/uniwim/ump/loginCode.png';

/** Spec section 7: the captcha is asked for with a time id, the timestamp followed by 4 random digits. */
export const newCaptchaId = (now: number = Date.now(), random: () => number = Math.random): string =>
  `${now}${String(Math.floor(random() * 10_000)).padStart(4, '0')}`;

export const captchaImageUrl = (captchaId: string): string =>
  `${CAPTCHA_PATH}?time=${encodeURIComponent(captchaId)}`;
