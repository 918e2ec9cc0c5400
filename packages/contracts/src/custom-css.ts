/**
 * A tenant's customCss is written by an administrator but shown to every anonymous visitor, so it is
 * treated as untrusted: it is applied as text of a <style> element (never parsed as HTML), and
 * constructs that could load or run something are dropped first. CSP already blocks script, so this
 * is defence in depth; it also keeps @import from pulling in third-party style sheets.
 */

const COMMENT = /\/\*[\s\S]*?(\*\/|$)/g;
/** A hex escape (`\69`) or a one-character escape (`\i`) of a character that could spell a keyword. */
const KEYWORD_ESCAPE = /\\([0-9a-fA-F]{1,6})\s?|\\([a-zA-Z:(@])/g;
const IMPORT_RULE = /@import\b[^;]*(;|$)/gi;
// `j a v a s c r i p t :` survives because URL parsing drops tabs and newlines inside the scheme.
const SCRIPT_SCHEME = /(j\s*a\s*v\s*a|v\s*b)\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i;
const FORBIDDEN_VALUE = new RegExp(`${SCRIPT_SCHEME.source}|expression\\s*\\(|-moz-binding`, 'i');
/** One declaration (or a stray fragment) between structural characters, with its semicolon. */
const DECLARATION = /[^;{}]+;?/g;

export const decodeKeywordEscapes = (css: string): string =>
  css.replace(KEYWORD_ESCAPE, (whole, hex: string | undefined, char: string | undefined) => {
    if (char !== undefined) return char;
    const decoded = String.fromCodePoint(Number.parseInt(hex ?? '', 16) || 0xfffd);
    // Only characters that can form a dangerous keyword are decoded; a decoded quote or brace
    // would change the structure of the sheet.
    return /^[a-zA-Z0-9:(@]$/.test(decoded) ? decoded : whole;
  });

const sanitizeOnce = (css: string): string =>
  decodeKeywordEscapes(css.replace(COMMENT, ''))
    .replace(IMPORT_RULE, '')
    .replace(DECLARATION, (declaration) => (FORBIDDEN_VALUE.test(declaration) ? '' : declaration));

export const sanitizeCustomCss = (css: string | null | undefined): string => {
  let current = css ?? '';
  // Removing one construct can join its neighbours into a new one (`@im@import x;port`), so repeat
  // until nothing changes.
  for (let round = 0; round < 10; round += 1) {
    const next = sanitizeOnce(current);
    if (next === current) return current.trim();
    current = next;
  }
  // Still changing after many rounds: a deliberately crafted sheet. Apply nothing.
  return '';
};
