import { PNG } from 'pngjs';
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, glyphInk, isCaptchaCharacter } from './font';

/** Spec section 9: a 117x32 canvas with 4 noise lines and 30 dots. */
export const CAPTCHA_WIDTH = 117;
export const CAPTCHA_HEIGHT = 32;
export const CAPTCHA_LENGTH = 4;
export const NOISE_LINES = 4;
export const NOISE_DOTS = 30;

/** Each font pixel becomes a SCALE x SCALE block: 15x21 px per character. */
const SCALE = 3;
const MARGIN_X = 6;

/** Uniform in [0, 1), like Math.random; injected so tests can render deterministically. */
export type RandomSource = () => number;

type Rgb = readonly [number, number, number];

const between = (random: RandomSource, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

const colourBetween = (random: RandomSource, min: number, max: number): Rgb => [
  between(random, min, max),
  between(random, min, max),
  between(random, min, max),
];

/** A captcha answer: CAPTCHA_LENGTH characters of the unambiguous alphabet. */
export const randomCaptchaText = (random: RandomSource): string =>
  Array.from(
    { length: CAPTCHA_LENGTH },
    () => CAPTCHA_ALPHABET[between(random, 0, CAPTCHA_ALPHABET.length - 1)],
  ).join('');

class Canvas {
  readonly png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });

  fill(colour: Rgb): void {
    for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
      for (let x = 0; x < CAPTCHA_WIDTH; x++) this.set(x, y, colour);
    }
  }

  /** Ignores pixels outside the canvas, so jittered shapes may overhang the border. */
  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= CAPTCHA_WIDTH || y >= CAPTCHA_HEIGHT) return;
    const offset = (y * CAPTCHA_WIDTH + x) * 4;
    this.png.data[offset] = r;
    this.png.data[offset + 1] = g;
    this.png.data[offset + 2] = b;
    this.png.data[offset + 3] = 255;
  }

  /** Bresenham, one pixel wide. */
  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const stepX = x0 < x1 ? 1 : -1;
    const stepY = y0 < y1 ? 1 : -1;
    let error = dx + dy;
    let [x, y] = [x0, y0];
    for (;;) {
      this.set(x, y, colour);
      if (x === x1 && y === y1) return;
      const doubled = 2 * error;
      if (doubled >= dy) {
        error += dy;
        x += stepX;
      }
      if (doubled <= dx) {
        error += dx;
        y += stepY;
      }
    }
  }
}

/**
 * Draws one character at (left, top), scaled, with a slant: `shear` pixels of horizontal shift per
 * pixel of height, so every character leans a little differently.
 */
const drawCharacter = (
  canvas: Canvas,
  character: string,
  left: number,
  top: number,
  shear: number,
  colour: Rgb,
) => {
  if (!isCaptchaCharacter(character)) throw new RangeError(`captcha cannot draw "${character}"`);
  const middle = (GLYPH_HEIGHT * SCALE) / 2;
  for (let y = 0; y < GLYPH_HEIGHT * SCALE; y++) {
    const slant = Math.round(shear * (middle - y));
    for (let x = 0; x < GLYPH_WIDTH * SCALE; x++) {
      if (glyphInk(character, Math.floor(x / SCALE), Math.floor(y / SCALE))) {
        canvas.set(left + x + slant, top + y, colour);
      }
    }
  }
};

/**
 * The captcha image of `text` as a PNG. Pure: the same text and random sequence give the same
 * bytes. Layers, back to front: light background, characters (each with its own dark colour,
 * position and slant), then noise lines and dots over them so they cannot be filtered by colour.
 */
export const renderCaptcha = (text: string, random: RandomSource): Buffer => {
  const canvas = new Canvas();
  canvas.fill(colourBetween(random, 225, 250));

  const slotWidth = (CAPTCHA_WIDTH - 2 * MARGIN_X) / text.length;
  const glyphWidth = GLYPH_WIDTH * SCALE;
  const glyphHeight = GLYPH_HEIGHT * SCALE;
  [...text].forEach((character, index) => {
    const left = Math.round(
      MARGIN_X + index * slotWidth + random() * Math.max(0, slotWidth - glyphWidth - 2),
    );
    const top = between(random, 2, CAPTCHA_HEIGHT - glyphHeight - 2);
    const shear = (random() - 0.5) * 0.2;
    drawCharacter(canvas, character, left, top, shear, colourBetween(random, 20, 140));
  });

  for (let i = 0; i < NOISE_LINES; i++) {
    canvas.line(
      between(random, 0, CAPTCHA_WIDTH / 3),
      between(random, 0, CAPTCHA_HEIGHT - 1),
      between(random, (2 * CAPTCHA_WIDTH) / 3, CAPTCHA_WIDTH - 1),
      between(random, 0, CAPTCHA_HEIGHT - 1),
      colourBetween(random, 40, 200),
    );
  }

  for (let i = 0; i < NOISE_DOTS; i++) {
    const [x, y] = [between(random, 0, CAPTCHA_WIDTH - 2), between(random, 0, CAPTCHA_HEIGHT - 2)];
    const colour = colourBetween(random, 0, 255);
    // 2x2, like a canvas arc of radius 1.
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const)
      canvas.set(x + dx, y + dy, colour);
  }

  // No alpha channel: the image is opaque, and RGB keeps it smaller.
  return PNG.sync.write(canvas.png, { colorType: 2 });
};
