import { decodeTracePattern } from '@uniwim/contracts/client';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { TRACE_LABELS } from './traced-watermark';
import { drawWatermarkTile, resolveWatermarkOptions, type TileCanvas, traceLine } from './watermark';

/**
 * A canvas that really paints what the watermark's tile uses of it in device pixels: rectangles
 * (the trace dots) under the current alpha and colour, and each line of text as a solid block where
 * it stands (enough to put "ink" where text would be), over a transparent tile.
 */
const rasterCanvas = () => {
  const state = { width: 0, height: 0, pixels: new Float32Array(0), matrix: [1, 0, 0, 1, 0, 0] };
  const context = {
    font: '',
    fillStyle: '#000',
    globalAlpha: 1,
    textAlign: '',
    textBaseline: '',
    texts: [] as string[],
    scale(x: number, y: number) {
      state.matrix = [state.matrix[0]! * x, 0, 0, state.matrix[3]! * y, state.matrix[4]!, state.matrix[5]!];
    },
    translate(x: number, y: number) {
      state.matrix = [
        state.matrix[0]!,
        0,
        0,
        state.matrix[3]!,
        state.matrix[4]! + x * state.matrix[0]!,
        state.matrix[5]! + y * state.matrix[3]!,
      ];
    },
    rotate() {
      // Text is painted as an unrotated block: where the ink lies matters, not its angle.
    },
    setTransform(a: number, b: number, c: number, d: number, e: number, f: number) {
      state.matrix = [a, b, c, d, e, f];
    },
    paint(x: number, y: number, w: number, h: number, grey: number) {
      for (let py = Math.max(0, Math.round(y)); py < Math.min(state.height, Math.round(y + h)); py++) {
        for (let px = Math.max(0, Math.round(x)); px < Math.min(state.width, Math.round(x + w)); px++) {
          const i = (py * state.width + px) * 2;
          const a = context.globalAlpha;
          // Source-over: premultiplied grey and alpha.
          state.pixels[i] = grey * a + state.pixels[i]! * (1 - a);
          state.pixels[i + 1] = a + state.pixels[i + 1]! * (1 - a);
        }
      }
    },
    fillRect(x: number, y: number, w: number, h: number) {
      const [sx, , , sy, tx, ty] = state.matrix as [number, number, number, number, number, number];
      context.paint(x * sx + tx, y * sy + ty, w * sx, h * sy, context.fillStyle === '#000' ? 0 : 170);
    },
    fillText(text: string, x: number, y: number) {
      context.texts.push(text);
      const [sx, , , sy, tx, ty] = state.matrix as [number, number, number, number, number, number];
      const width = text.length * 9;
      context.paint((x - width / 2) * sx + tx, (y - 7) * sy + ty, width * sx, 14 * sy, 170);
    },
  };
  const canvas = {
    get width() {
      return state.width;
    },
    set width(value: number) {
      state.width = value;
      state.pixels = new Float32Array(state.width * state.height * 2);
    },
    get height() {
      return state.height;
    },
    set height(value: number) {
      state.height = value;
      state.pixels = new Float32Array(state.width * state.height * 2);
    },
    getContext: () => context,
    toDataURL: () => 'data:tile',
  };
  return { canvas, context, state };
};

/**
 * A page screenshot: a light page with grey panels and dark "text" rows, the watermark tile repeated
 * over it from the top-left corner, then cropped at (cropX, cropY) and saved as a PNG.
 */
const screenshotPng = (
  tile: { width: number; height: number; pixels: Float32Array },
  crop: { x: number; y: number; width: number; height: number },
): Buffer => {
  const png = new PNG({ width: crop.width, height: crop.height });
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) {
      const pageX = crop.x + x;
      const pageY = crop.y + y;
      // Panels and lines of text on a light grey page.
      let grey = pageX % 500 < 240 ? 255 : 240;
      if (pageY % 70 < 10 && pageX % 300 > 200 && noise() < 0.6) grey = 40;
      const t = ((pageY % tile.height) * tile.width + (pageX % tile.width)) * 2;
      const out = tile.pixels[t]! + grey * (1 - tile.pixels[t + 1]!);
      const i = (y * crop.width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = Math.round(out);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
};

describe('the watermark trace id', () => {
  const traceId = '7K2M9QXA';

  it('is written as the last line of the watermark text', () => {
    const { canvas, context } = rasterCanvas();
    const options = resolveWatermarkOptions({ text: '张三 139****0001', traceId });
    drawWatermarkTile(canvas as unknown as TileCanvas, options, { width: 260, height: 180 });
    expect(context.texts).toEqual(['张三 139****0001', traceLine(traceId)]);
    expect(resolveWatermarkOptions({ traceId: 'not-an-id' }).traceId).toBe('');
  });

  it('is named in the page’s language (issue 25: 追踪码 stayed on an English page)', () => {
    const { canvas, context } = rasterCanvas();
    const options = resolveWatermarkOptions({
      text: 'Zhang San',
      traceId,
      traceLabel: TRACE_LABELS['en-US'],
    });
    drawWatermarkTile(canvas as unknown as TileCanvas, options, { width: 260, height: 180 });
    expect(context.texts).toEqual(['Zhang San', `Trace ${traceId}`]);
    expect(traceLine(traceId, TRACE_LABELS['zh-CN'])).toBe(`追踪码 ${traceId}`);
  });

  for (const pixelRatio of [1, 2]) {
    it(`is read back from a cropped PNG screenshot of a page under the watermark (${pixelRatio}× pixels)`, () => {
      const { canvas, state } = rasterCanvas();
      const options = resolveWatermarkOptions({ text: '张三 139****0001', traceId });
      drawWatermarkTile(canvas as unknown as TileCanvas, options, { width: 260, height: 180 }, pixelRatio);
      const tile = { width: state.width, height: state.height, pixels: state.pixels };
      // A crop that starts in the middle of a tile and holds about two by two tiles (a grid under a
      // line of text is unreadable; another one is not).
      const crop = {
        x: 613 * pixelRatio,
        y: 291 * pixelRatio,
        width: 560 * pixelRatio,
        height: 400 * pixelRatio,
      };
      const decoded = PNG.sync.read(screenshotPng(tile, crop));
      expect(decodeTracePattern(decoded)).toBe(traceId);
      // Without the trace id the same page has nothing to find.
      const { canvas: plainCanvas, state: plain } = rasterCanvas();
      drawWatermarkTile(
        plainCanvas as unknown as TileCanvas,
        { ...options, traceId: '' },
        { width: 260, height: 180 },
        pixelRatio,
      );
      const none = PNG.sync.read(
        screenshotPng({ width: plain.width, height: plain.height, pixels: plain.pixels }, crop),
      );
      expect(decodeTracePattern(none)).toBeNull();
    });
  }
});
