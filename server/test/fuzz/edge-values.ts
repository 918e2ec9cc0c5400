/**
 * The values the schema-driven fuzz tries first (schema-values.ts): where storage, arithmetic and
 * parsing change behaviour. A schema keeps those it accepts as its edges; the rest of its values
 * are drawn at random.
 */

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Integers where storage or arithmetic changes: PostgreSQL's int4, 2^32, the safe-integer limits. */
export const INTEGER_LANDMARKS = [
  0,
  1,
  -1,
  2,
  INT32_MAX,
  INT32_MAX + 1,
  INT32_MIN,
  INT32_MIN - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  2 ** 53,
];
export const NUMBER_LANDMARKS = [...INTEGER_LANDMARKS, 0.5, -0.5, 5e-324, 1e21, Number.MAX_VALUE];

/**
 * Text that breaks parsers behind a loose pattern or format: dates that do not exist or that
 * PostgreSQL refuses, versions whose numbers pass the pattern but not a safe integer, numbers as
 * text past every limit. A string schema takes those its pattern (or format) accepts as its edges.
 */
export const PATTERN_EDGE_TEXTS = [
  '2026-00-10',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '0001-01-01',
  '9999-99-99',
  '9999-12-31',
  '1969-12-31',
  '2024-02-29',
  '2026-00-10T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-23:59',
  '9999-12-31T23:59:59.999999999Z',
  '99999999999999999999.0.0',
  '0.99999999999999999999.0',
  '9007199254740991.9007199254740991.9007199254740991',
  '0.0.0',
  '1.0.0-0',
  '0',
  '00',
  '-1',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '1e308',
];

/** Text every plain string may hold that code handling it often does not expect. */
export const UNICODE_EDGE_TEXTS = [
  ' ',
  'a\u0000b',
  '\ud800',
  '😀',
  // Lower-cased, İ becomes two code units; upper-cased, ß becomes two letters.
  'İ',
  'ß',
  '\u202eabc',
  '\ufeff',
  '\u200b',
  'e\u0301',
  'Ａ',
  'ﷺ',
  '%',
  '_',
  '\\',
  "'",
];
