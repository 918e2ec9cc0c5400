/**
 * Semantic versions (semver.org 2.0.0) as application versions use them: MAJOR.MINOR.PATCH with an
 * optional pre-release (1.2.0-beta.1). Build metadata (+build) is refused: it does not change
 * precedence, so "1.2.0+a" and "1.2.0+b" would be two entries of one version.
 */
const NUMBER = '0|[1-9]\\d*';
const PRE_ID = `${NUMBER}|\\d*[a-zA-Z-][0-9a-zA-Z-]*`;

export const SEMVER_PATTERN = new RegExp(
  `^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-((?:${PRE_ID})(?:\\.(?:${PRE_ID}))*))?$`,
);

export const SEMVER_MESSAGE = '版本号须为语义化版本，如 1.2.0 或 1.2.0-beta.1';
export const SEMVER_NUMBER_MESSAGE = `版本号的每一段数字不能大于 ${Number.MAX_SAFE_INTEGER}`;

export interface Semver {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers, empty for a release. */
  prerelease: string[];
}

export const parseSemver = (text: string): Semver | null => {
  const match = SEMVER_PATTERN.exec(text);
  if (!match) return null;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  const patch = Number(match[3]);
  if (![major, minor, patch].every(Number.isSafeInteger)) return null;
  return { major, minor, patch, prerelease: match[4] ? match[4].split('.') : [] };
};

const isNumeric = (identifier: string) => /^\d+$/.test(identifier);

const compareIdentifiers = (a: string, b: string): number => {
  const numericA = isNumeric(a);
  const numericB = isNumeric(b);
  // Numeric identifiers have lower precedence than alphanumeric ones (semver 11.4.3).
  if (numericA && numericB) return Math.sign(Number(a) - Number(b));
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Precedence (semver 11): negative when a comes first, 0 when equal, positive when a comes later. */
export const compareSemver = (a: string, b: string): number => {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) throw new Error(`not a semantic version: ${x ? b : a}`);
  const core = Math.sign(x.major - y.major) || Math.sign(x.minor - y.minor) || Math.sign(x.patch - y.patch);
  if (core !== 0) return core;
  // A pre-release comes before its release.
  if (x.prerelease.length === 0 || y.prerelease.length === 0) {
    return Math.sign(y.prerelease.length - x.prerelease.length);
  }
  const shared = Math.min(x.prerelease.length, y.prerelease.length);
  for (let i = 0; i < shared; i++) {
    const order = compareIdentifiers(x.prerelease[i]!, y.prerelease[i]!);
    if (order !== 0) return order;
  }
  return Math.sign(x.prerelease.length - y.prerelease.length);
};

const pad = (value: number | string) => String(value).padStart(16, '0');

/**
 * A text whose byte order (COLLATE "C") is the versions' precedence, so the database sorts by it:
 * numbers padded, numeric pre-release identifiers before alphanumeric ones, identifiers separated by
 * a space (below every character an identifier may hold), and a release after all its pre-releases.
 */
export const semverSortKey = (text: string): string => {
  const version = parseSemver(text);
  if (!version) throw new Error(`not a semantic version: ${text}`);
  const core = [version.major, version.minor, version.patch].map(pad).join('.');
  if (version.prerelease.length === 0) return `${core}~`;
  const identifiers = version.prerelease.map((id) => (isNumeric(id) ? `0${pad(id)}` : `1${id}`));
  return `${core} ${identifiers.join(' ')}`;
};
