/**
 * A 5x7 bitmap font for the captcha, so the image needs no font files and no native canvas.
 * Only characters that cannot be mistaken for another are included: no 0/O/Q/D-like pairs,
 * no 1/I/L, 2/Z, 5/S, 6/G, 8/B or U/V. Answers are compared ignoring case, so upper case suffices.
 */
export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Each glyph is 7 rows of 5 columns; '#' is ink. */
const GLYPHS = {
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['.###.', '#...#', '....#', '..##.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
} as const satisfies Record<string, readonly string[]>;

export type CaptchaCharacter = keyof typeof GLYPHS;

/** The characters a captcha answer is drawn from. */
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export const isCaptchaCharacter = (character: string): character is CaptchaCharacter =>
  Object.hasOwn(GLYPHS, character);

/** Whether the glyph has ink at (column, row); false outside the 5x7 cell. */
export const glyphInk = (character: CaptchaCharacter, column: number, row: number): boolean =>
  GLYPHS[character][row]?.[column] === '#';
