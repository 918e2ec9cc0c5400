import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startScriptsAfterFirstPaint } from './scripts-after-paint';

/** The built login.html, made ready to be filled in per tenant. */
export interface LoginPageTemplate {
  html: string;
  /** Inline scripts the page carries, as CSP source expressions (`'sha256-…'`) its answer must allow. */
  scriptSources: string[];
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/g;
/** The places render-login-page.ts fills in; a build without one of them is served as it is. */
export const TEMPLATE_MARKERS = {
  title: /<title>[^<]*<\/title>/,
  favicon: /<link\b[^>]*\brel="icon"[^>]*>/,
  headEnd: '</head>',
  root: '<div id="root"></div>',
} as const;

const hasEveryMarker = (html: string): boolean =>
  TEMPLATE_MARKERS.title.test(html) &&
  TEMPLATE_MARKERS.favicon.test(html) &&
  html.includes(TEMPLATE_MARKERS.headEnd) &&
  html.includes(TEMPLATE_MARKERS.root);

/**
 * Reads web/dist/login.html and puts the page's own style sheets into it: a few kilobytes of CSS that
 * would otherwise be requests the first paint waits for (on a slow phone network each costs a round
 * trip). The sheets are the build's, never a tenant's; one that could end the <style> element early is
 * left as a link. Its scripts start once the first frame is painted (scripts-after-paint.ts). Answers
 * null when the page is not built or not in the expected shape.
 */
export const loadLoginPageTemplate = async (webDistDir: string): Promise<LoginPageTemplate | null> => {
  const file = path.join(webDistDir, 'login.html');
  if (!existsSync(file)) return null;
  const built = await readFile(file, 'utf8');
  if (!hasEveryMarker(built)) return null;
  const sheets = new Map<string, string>();
  for (const [, href] of built.matchAll(STYLESHEET_LINK)) {
    const sheetFile = path.join(webDistDir, href!);
    // The href comes from our own build, but stay inside the dist directory all the same.
    if (!sheetFile.startsWith(path.join(webDistDir, 'assets')) || !existsSync(sheetFile)) continue;
    sheets.set(href!, await readFile(sheetFile, 'utf8'));
  }
  const html = built.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = sheets.get(href);
    return css === undefined || /<\/style/i.test(css) ? link : `<style>${css.trim()}</style>`;
  });
  const afterPaint = startScriptsAfterFirstPaint(html);
  return afterPaint
    ? { html: afterPaint.html, scriptSources: [afterPaint.scriptSource] }
    : { html, scriptSources: [] };
};

/**
 * The template of the build on disk: read again when login.html changes (a new build while the server
 * runs names new asset files, and the old ones are gone), otherwise kept.
 */
export const createLoginPageTemplateSource = (webDistDir: string) => {
  let loaded: { modifiedMs: number; template: LoginPageTemplate | null } | undefined;
  return async (): Promise<LoginPageTemplate | null> => {
    const modifiedMs = await stat(path.join(webDistDir, 'login.html')).then(
      (info) => info.mtimeMs,
      () => -1,
    );
    if (loaded?.modifiedMs !== modifiedMs)
      loaded = { modifiedMs, template: await loadLoginPageTemplate(webDistDir) };
    return loaded.template;
  };
};
