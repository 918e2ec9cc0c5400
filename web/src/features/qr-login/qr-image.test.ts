import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrSvgDataUrl, qrSvgPath } from './qr-image';
import { mobileConfirmUrl } from './qr-links';

const LINK = mobileConfirmUrl('http://localhost:4599', 'Zm9vYmFyYmF6cXV4LXF1dXgtY29yZ2VfZ3JhdWx0MTI');

/** Paints the matrix as RGBA pixels, `scale` pixels a module, the way a screen would show it. */
const rasterize = (matrix: boolean[][], scale: number) => {
  const size = matrix.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const dark = matrix[Math.floor(y / scale)]![Math.floor(x / scale)];
      const offset = (y * size + x) * 4;
      pixels.fill(dark ? 0 : 255, offset, offset + 3);
      pixels[offset + 3] = 255;
    }
  return { pixels, size };
};

/** The modules an SVG path of qrSvgPath covers, back as a matrix. */
const pathToMatrix = (path: string, size: number): boolean[][] => {
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let i = 0; i < Number(width); i += 1) matrix[Number(y)]![Number(x) + i] = true;
  return matrix;
};

describe('the QR image', () => {
  it('encodes the confirm link so that a decoder reads it back', () => {
    const matrix = qrMatrix(LINK);
    const { pixels, size } = rasterize(matrix, 4);
    expect(jsQR(pixels, size, size)?.data).toBe(LINK);
  });

  it('draws exactly the dark modules, with a quiet zone', () => {
    const matrix = qrMatrix(LINK);
    expect(matrix[0]!.every((dark) => !dark)).toBe(true);
    expect(matrix[1]!.every((dark) => !dark)).toBe(true);
    expect(pathToMatrix(qrSvgPath(matrix), matrix.length)).toEqual(matrix);
  });

  it('is an SVG data URL', () => {
    const url = qrSvgDataUrl(LINK);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    const size = qrMatrix(LINK).length;
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
    expect(svg).toContain(qrSvgPath(qrMatrix(LINK)));
  });
});
