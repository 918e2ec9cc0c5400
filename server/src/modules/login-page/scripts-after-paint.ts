import { createHash } from 'node:crypto';

const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="(\/assets\/[^"<>]+\.js)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="(\/assets\/[^"<>]+\.js)"[^>]*>\s*/g;
const BODY_END = '</body>';

/** The page with its scripts started from an inline loader, and that loader's CSP source expression. */
export interface ScriptsAfterPaint {
  html: string;
  /** `'sha256-…'` of the loader: the one inline script the page's Content-Security-Policy allows. */
  scriptSource: string;
}

/** A JSON value safe inside a <script> element: no `<` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The loader: the same module preloads and entry script, added to the head once the first frame is
 * painted (the next animation frame, then a task). A hidden tab paints nothing and runs no animation
 * frames, so it starts them at once.
 */
const loaderFor = (entry: string, preloads: string[]) =>
  `(function(){var e=${scriptJson(entry)},p=${scriptJson(preloads)};` +
  'function go(){for(var i=0;i<p.length;i++){var l=document.createElement("link");l.rel="modulepreload";' +
  'l.crossOrigin="";l.href=p[i];document.head.appendChild(l)}var s=document.createElement("script");' +
  's.type="module";s.crossOrigin="";s.src=e;document.head.appendChild(s)}' +
  'if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})();';

/**
 * The server draws the sign-in page's look into login.html, so the first paint needs no script. Left
 * in the head, the entry and its preloads are fetched while that paint is pending, and on a fast link
 * they arrive and run before it: a phone on a slow network then waited for 150 kB of JavaScript that
 * the paint never needed (Lighthouse's mobile first contentful paint swung between 0.65 and 1.6 s with
 * that race). Started after the paint, they cannot hold it up. Answers null, and the page is served as
 * built, unless it has exactly one entry script and a body to put the loader in.
 */
export const startScriptsAfterFirstPaint = (html: string): ScriptsAfterPaint | null => {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1 || !html.includes(BODY_END)) return null;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader = loaderFor(entries[0]!, preloads);
  const withoutScripts = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return {
    html: withoutScripts.replace(BODY_END, () => `<script>${loader}</script>${BODY_END}`),
    scriptSource: `'sha256-${createHash('sha256').update(loader, 'utf8').digest('base64')}'`,
  };
};
