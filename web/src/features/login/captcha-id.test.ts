import { describe, expect, it } from 'vitest';
import { captchaImageUrl, newCaptchaId } from './captcha-id';

describe('captcha id', () => {
  it('is the timestamp followed by four random digits', () => {
    expect(newCaptchaId(1_700_000_000_123, () => 0.0421)).toBe('17000000001230421');
    expect(newCaptchaId(5, () => 0)).toBe('50000');
    expect(newCaptchaId(5, () => 0.99999)).toBe('59999');
    expect(newCaptchaId()).toMatch(/^\d{17}$/);
  });

  it('is asked for as the time parameter of the captcha image', () => {
    expect(captchaImageUrl('17000000001230421')).toBe('/uniwim/ump/loginCode.png?time=17000000001230421');
  });
});
