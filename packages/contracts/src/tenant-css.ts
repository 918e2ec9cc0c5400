import { decodeKeywordEscapes, sanitizeCustomCss } from './custom-css';
import { isFileContentPath } from './file-urls';

/**
 * A tenant's customCss as the tenant settings page saves it (issue 13): on top of what every sheet
 * loses (sanitizeCustomCss), a url() may only point into the tenant's own files (its images uploaded
 * before the files module, or a stored file's url, whose owner the save checks), and the page is told
 * what was removed so the preview can show it.
 */

/** The longest customCss a tenant may save, in characters. */
export const TENANT_CUSTOM_CSS_MAX = 20_000;

/** Where a tenant's uploaded images are served; the only place its customCss may load from. */
export const tenantFilesPrefix = (tenantId: string): string => `/ump/tenant-files/${tenantId}/`;

export interface CustomCssReview {
  /** The sheet to store and serve. */
  css: string;
  /** Each rule or declaration that was dropped, as written (comments and escapes already read). */
  removed: string[];
}

const COMMENT = /\/\*[\s\S]*?(\*\/|$)/g;
const IMPORT_RULE = /@import\b[^;]*(;|$)/gi;
/** One declaration: a semicolon inside quotes or parentheses (a data: URL) does not end it. */
const DECLARATION = /(?:[^;{}"'()]|"[^"]*"?|'[^']*'?|\([^)]*\)?|\))+;?/g;
const URL_FUNCTION = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;
const LOADS_WITHOUT_URL = /image-set\s*\(|(^|[^-\w])src\s*\(/i;
const RUNS_SOMETHING =
  /expression\s*\(|-moz-binding|behavior\s*:|(j\s*a\s*v\s*a|v\s*b)\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i;
const UNCLOSED_URL = /url\s*\(/i;

const urlsStayInside = (declaration: string, prefix: string): boolean => {
  let urls = 0;
  for (const match of declaration.matchAll(URL_FUNCTION)) {
    urls += 1;
    const target = (match[2] ?? '').trim();
    // `..` could climb out of the tenant's folder once the browser resolves the path.
    if (isFileContentPath(target)) continue;
    if (!target.startsWith(prefix) || target.includes('..') || target.includes('\\')) return false;
  }
  // A url( the pattern did not read as a whole (an unclosed or odd one) is not trusted either.
  const opened = declaration.match(new RegExp(UNCLOSED_URL.source, 'gi'))?.length ?? 0;
  return opened === urls;
};

export const reviewCustomCss = (css: string, tenantId: string): CustomCssReview => {
  const removed: string[] = [];
  const prefix = tenantFilesPrefix(tenantId);
  const remember = (what: string) => {
    const shown = what.trim();
    if (shown !== '') removed.push(shown.length > 200 ? `${shown.slice(0, 200)}…` : shown);
  };
  let current = css.replace(COMMENT, '');
  // Removing one construct can join its neighbours into a new one: repeat until nothing changes.
  for (let round = 0; round < 10; round += 1) {
    const next = decodeKeywordEscapes(current)
      .replace(IMPORT_RULE, (rule) => {
        remember(rule);
        return '';
      })
      .replace(DECLARATION, (declaration) => {
        const unsafe =
          RUNS_SOMETHING.test(declaration) ||
          LOADS_WITHOUT_URL.test(declaration) ||
          !urlsStayInside(declaration, prefix);
        if (!unsafe) return declaration;
        remember(declaration);
        return '';
      });
    if (next === current) break;
    current = next;
  }
  // The shared sanitiser is applied as well: whatever it still takes out is reported too.
  const safe = sanitizeCustomCss(current);
  if (safe !== current.trim()) remember('（其余无法安全应用的样式）');
  return { css: safe, removed };
};
