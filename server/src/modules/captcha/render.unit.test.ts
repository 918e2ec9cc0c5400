import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET } from './font';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, randomCaptchaText, renderCaptcha } from './render';
import { seededRandom } from './seeded-random';

const decode = (png: Buffer) => PNG.sync.read(png);

const distinctColours = (image: PNG): number => {
  const colours = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4) {
    colours.add((image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!);
  }
  return colours.size;
};

/** Pixels that differ from the background (the top-left-most colour that dominates the image). */
const inkedPixels = (image: PNG): number => {
  const counts = new Map<number, number>();
  for (let i = 0; i < image.data.length; i += 4) {
    const colour = (image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!;
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  const background = Math.max(...counts.values());
  return CAPTCHA_WIDTH * CAPTCHA_HEIGHT - background;
};

describe('renderCaptcha', () => {
  it('is a real 117x32 PNG', () => {
    const png = renderCaptcha('A7K3', seededRandom(1));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const image = decode(png);
    expect(image.width).toBe(117);
    expect(image.height).toBe(32);
  });

  it('draws something: many colours and a fair share of non-background pixels', () => {
    const image = decode(renderCaptcha('A7K3', seededRandom(2)));
    // Background, 4 character colours, 4 line colours and up to 30 dot colours.
    expect(distinctColours(image)).toBeGreaterThan(10);
    const inked = inkedPixels(image);
    expect(inked).toBeGreaterThan(400);
    expect(inked).toBeLessThan((CAPTCHA_WIDTH * CAPTCHA_HEIGHT) / 2);
  });

  it('is deterministic for a seeded random source', () => {
    expect(renderCaptcha('HJ9P', seededRandom(42))).toEqual(renderCaptcha('HJ9P', seededRandom(42)));
  });

  it('varies with the random source and with the text', () => {
    const base = renderCaptcha('HJ9P', seededRandom(42));
    expect(renderCaptcha('HJ9P', seededRandom(43))).not.toEqual(base);
    expect(renderCaptcha('HJ9R', seededRandom(42))).not.toEqual(base);
  });

  it('can draw every character of the alphabet', () => {
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) {
      const text = CAPTCHA_ALPHABET.slice(i, i + 4).padEnd(4, 'A');
      expect(decode(renderCaptcha(text, seededRandom(i))).width).toBe(117);
    }
  });

  it('refuses a character it has no glyph for rather than drawing a blank', () => {
    expect(() => renderCaptcha('A0K3', seededRandom(1))).toThrow(RangeError);
  });
});

describe('randomCaptchaText', () => {
  it('gives 4 characters of the alphabet, without ambiguous ones', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 200; i++) {
      const text = randomCaptchaText(random);
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    }
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IlQ]/);
  });

  it('uses the whole alphabet', () => {
    const random = seededRandom(9);
    const seen = new Set(Array.from({ length: 500 }, () => randomCaptchaText(random)).join(''));
    expect(seen.size).toBe(CAPTCHA_ALPHABET.length);
  });
});
