/**
 * Watermark trace ids (issue 16, /ump/waterLog). Every watermarked view and export carries a short
 * id the server issued for it: 8 characters of Crockford base32 (40 random bits), shown in the
 * watermark's text and also drawn as a faint grid of dots in every tile, so a cropped or retyped
 * screenshot still leads back to who opened what and when.
 *
 * The dot grid: a frame of 10 × 8 cells (every border cell on) holding 8 × 6 = 48 bits inside — the
 * 40 bits of the id and a CRC-8 of them. The frame lets a decoder find a tile anywhere in an image
 * at any scale it tries; the CRC rejects what page content under the dots made up.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TRACE_ID_LENGTH = 8;
/** Exactly 8 Crockford base32 characters, upper case (I, L, O and U are not in the alphabet). */
export const TRACE_ID_PATTERN = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** The id as typed off a screenshot: case, spaces and dashes ignored, I/L read as 1 and O as 0. */
export const normaliseTraceId = (typed: string): string =>
  typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

/** 5 random bytes (40 bits) as 8 base32 characters. */
export const traceIdOfBytes = (bytes: Uint8Array): string => {
  if (bytes.length !== 5) throw new Error('a trace id is made of 5 bytes');
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  for (let i = TRACE_ID_LENGTH - 1; i >= 0; i--) text += ALPHABET[Number((value >> BigInt(i * 5)) & 31n)];
  return text;
};

/** The 40 bits of an id, most significant first; null when it is not a trace id. */
export const traceIdBits = (traceId: string): number[] | null => {
  if (!TRACE_ID_PATTERN.test(traceId)) return null;
  const bits: number[] = [];
  for (const char of traceId) {
    const value = ALPHABET.indexOf(char);
    for (let bit = 4; bit >= 0; bit--) bits.push((value >> bit) & 1);
  }
  return bits;
};

const traceIdOfBits = (bits: readonly number[]): string => {
  let text = '';
  for (let i = 0; i < TRACE_ID_LENGTH; i++) {
    let value = 0;
    for (let bit = 0; bit < 5; bit++) value = (value << 1) | (bits[i * 5 + bit] ?? 0);
    text += ALPHABET[value];
  }
  return text;
};

/** CRC-8 (polynomial 0x07) over the bits. */
const crc8 = (bits: readonly number[]): number[] => {
  let crc = 0;
  for (const bit of bits) {
    const top = ((crc >> 7) & 1) ^ bit;
    crc = (crc << 1) & 0xff;
    if (top) crc ^= 0x07;
  }
  return Array.from({ length: 8 }, (_, i) => (crc >> (7 - i)) & 1);
};

/** Cells of the frame, across and down. */
export const PATTERN_COLUMNS = 10;
export const PATTERN_ROWS = 8;
/** In CSS pixels inside a tile: a dot is 2 × 2 at every 4 px, the grid 4 px from the tile's corner. */
export const PATTERN_PITCH = 4;
export const PATTERN_DOT = 2;
export const PATTERN_MARGIN = 4;

const isBorder = (column: number, row: number) =>
  row === 0 || column === 0 || row === PATTERN_ROWS - 1 || column === PATTERN_COLUMNS - 1;

/** Which cells are dots for this id, row by row (`cells[row][column]`); null for a malformed id. */
export const tracePatternCells = (traceId: string): boolean[][] | null => {
  const bits = traceIdBits(traceId);
  if (!bits) return null;
  const payload = [...bits, ...crc8(bits)];
  let next = 0;
  return Array.from({ length: PATTERN_ROWS }, (_, row) =>
    Array.from({ length: PATTERN_COLUMNS }, (_, column) =>
      isBorder(column, row) ? true : payload[next++] === 1,
    ),
  );
};

/** An RGBA image as canvases and PNG decoders give it. */
export interface RgbaImage {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** Options of the search; the defaults cover device pixel ratios 1 to 3. */
export interface TraceDecodeOptions {
  /** Pitches in image pixels tried, smallest first. */
  pitches?: readonly number[];
  /** How much a dot must differ in luminance from the gaps around it (0–255). */
  threshold?: number;
}

const DEFAULT_PITCHES = [4, 5, 6, 8, 10, 12];

/**
 * Finds the dot grids in an image (a screenshot, cropped or not) and reads their ids; returns the id
 * most grids agree on, or null. A cell is a dot when its centre differs from the gaps beside and
 * below it by more than the threshold, in the same direction as the frame's first dot.
 */
export const decodeTracePattern = (image: RgbaImage, options: TraceDecodeOptions = {}): string | null => {
  const { width, height, data } = image;
  const threshold = options.threshold ?? 3;
  const lum = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    lum[i] = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
  }
  const at = (x: number, y: number) => lum[y * width + x]!;
  const votes = new Map<string, number>();
  for (const pitch of options.pitches ?? DEFAULT_PITCHES) {
    const dot = Math.max(1, Math.round((pitch * PATTERN_DOT) / PATTERN_PITCH));
    const centre = Math.floor((dot - 1) / 2);
    const gap = Math.round((pitch + dot) / 2);
    // A cell's contrast against the gaps right of it and below it (signed).
    const contrast = (x: number, y: number) =>
      at(x + centre, y + centre) - (at(x + gap, y + centre) + at(x + centre, y + gap)) / 2;
    const spanX = (PATTERN_COLUMNS - 1) * pitch + gap;
    const spanY = (PATTERN_ROWS - 1) * pitch + gap;
    for (let y = 0; y + spanY < height; y++) {
      for (let x = 0; x + spanX < width; x++) {
        const first = contrast(x, y);
        if (Math.abs(first) <= threshold) continue;
        const sign = Math.sign(first);
        const on = (column: number, row: number) =>
          sign * contrast(x + column * pitch, y + row * pitch) > threshold;
        // The top-left corner of a frame: the left column and the top row all dots, and not one
        // cell further left or up (else this is a frame's inside seen one cell off).
        let frame = true;
        for (let column = 1; column < PATTERN_COLUMNS && frame; column++) frame = on(column, 0);
        for (let row = 1; row < PATTERN_ROWS && frame; row++) frame = on(0, row);
        for (let row = 1; row < PATTERN_ROWS && frame; row++) frame = on(PATTERN_COLUMNS - 1, row);
        for (let column = 1; column < PATTERN_COLUMNS - 1 && frame; column++) {
          frame = on(column, PATTERN_ROWS - 1);
        }
        if (!frame) continue;
        const bits: number[] = [];
        for (let row = 1; row < PATTERN_ROWS - 1; row++) {
          for (let column = 1; column < PATTERN_COLUMNS - 1; column++) bits.push(on(column, row) ? 1 : 0);
        }
        const idBits = bits.slice(0, 40);
        if (crc8(idBits).join('') !== bits.slice(40).join('')) continue;
        const id = traceIdOfBits(idBits);
        votes.set(id, (votes.get(id) ?? 0) + 1);
      }
    }
    if (votes.size > 0) break;
  }
  let best: string | null = null;
  let most = 0;
  for (const [id, count] of votes) {
    if (count > most) {
      best = id;
      most = count;
    }
  }
  return best;
};
