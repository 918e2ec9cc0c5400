import { describe, expect, it } from 'vitest';
import {
  decodeTracePattern,
  normaliseTraceId,
  PATTERN_COLUMNS,
  PATTERN_ROWS,
  TRACE_ID_PATTERN,
  traceIdBits,
  traceIdOfBytes,
  tracePatternCells,
} from './watermark-trace';

/** A white image with the id's dots drawn at (x, y), `pitch` pixels apart, `darken` levels dark. */
const imageWith = (traceId: string, x0: number, y0: number, pitch = 4, darken = 13) => {
  const width = 100;
  const height = 80;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const cells = tracePatternCells(traceId)!;
  const dot = pitch / 2;
  for (const [y, row] of cells.entries()) {
    for (const [x, on] of row.entries()) {
      if (!on) continue;
      for (let dy = 0; dy < dot; dy++) {
        for (let dx = 0; dx < dot; dx++) {
          const i = ((y0 + y * pitch + dy) * width + x0 + x * pitch + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 255 - darken;
        }
      }
    }
  }
  return { width, height, data };
};

describe('watermark trace ids', () => {
  it('are 8 Crockford base32 characters from 40 bits, and back', () => {
    expect(traceIdOfBytes(new Uint8Array([0, 0, 0, 0, 0]))).toBe('00000000');
    expect(traceIdOfBytes(new Uint8Array([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
    const id = traceIdOfBytes(new Uint8Array([0x12, 0x34, 0x56, 0x78, 0x9a]));
    expect(id).toMatch(TRACE_ID_PATTERN);
    expect(id).toBe('28T5CY4T');
    expect(traceIdBits(id)).toHaveLength(40);
    expect(traceIdBits('28T5CY4U')).toBeNull();
  });

  it('read as typed: case, dashes and look-alike letters forgiven', () => {
    expect(normaliseTraceId('28t5-cy4t')).toBe('28T5CY4T');
    expect(normaliseTraceId('O1lI 2345')).toBe('01112345');
  });

  it('draw a framed grid of the id and its checksum', () => {
    const cells = tracePatternCells('28T5CY4T')!;
    expect(cells).toHaveLength(PATTERN_ROWS);
    expect(cells.every((row) => row.length === PATTERN_COLUMNS && row[0] && row.at(-1))).toBe(true);
    expect(cells[0]!.every(Boolean) && cells.at(-1)!.every(Boolean)).toBe(true);
    expect(tracePatternCells('bad')).toBeNull();
  });

  it('decode from an image wherever the grid lies, at 1× and 2× pixels', () => {
    expect(decodeTracePattern(imageWith('28T5CY4T', 7, 11))).toBe('28T5CY4T');
    expect(decodeTracePattern(imageWith('ZZZZZZZZ', 0, 0))).toBe('ZZZZZZZZ');
    expect(decodeTracePattern({ ...imageWith('00000001', 3, 2, 8) })).toBe('00000001');
  });

  it('find nothing in an image without a grid, or with a grid one checksum bit off', () => {
    const blank = imageWith('28T5CY4T', 7, 11, 4, 0);
    expect(decodeTracePattern(blank)).toBeNull();
    const broken = imageWith('28T5CY4T', 7, 11);
    // Clear one inside dot (or draw one that was not there): the checksum no longer holds.
    const was = broken.data[((11 + 3 * 4) * 100 + 7 + 3 * 4) * 4]!;
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const i = ((11 + 3 * 4 + dy!) * 100 + 7 + 3 * 4 + dx!) * 4;
      broken.data[i] = broken.data[i + 1] = broken.data[i + 2] = was === 255 ? 242 : 255;
    }
    expect(decodeTracePattern(broken)).toBeNull();
  });
});
