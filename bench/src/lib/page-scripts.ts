import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** URLs a built HTML page loads as scripts up front: <script src> and <link rel="modulepreload" href>. */
export const scriptUrlsOfPage = (html: string): string[] => {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  return tags.flatMap((tag) => {
    if (/^<script/i.test(tag)) return attribute(tag, 'src') ?? [];
    return attribute(tag, 'rel')?.toLowerCase() === 'modulepreload' ? (attribute(tag, 'href') ?? []) : [];
  });
};

/**
 * Specifiers of the static imports and re-exports in a built (minified) ES module:
 * `import"./a.js"`, `import{x}from"./a.js"`, `export*from"./a.js"`. Dynamic import() is left out:
 * it loads later, on demand, not with the page.
 */
export const staticImportsOfModule = (code: string): string[] =>
  [...code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.m?js)["']/g)].map((match) => match[1]!);

/**
 * Files an entry module preloads for its dynamic imports (Vite's `__vite__mapDeps` list, paths from
 * the site root). The sign-in page's entry is a small script whose one dynamic import is the
 * interface, started at once (web/src/entries/login.tsx): those files load up front too.
 */
export const preloadsOfEntryModule = (code: string): string[] => {
  const list = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+\.m?js)"/g)].map((match) => `/${match[1]!}`);
};

/** Resolves a URL of the page (absolute or relative) to a file inside the dist directory. */
const fileOfUrl = (distDir: string, fromFile: string, url: string): string =>
  url.startsWith('/') ? path.join(distDir, url) : path.resolve(path.dirname(fromFile), url);

/**
 * Every JavaScript file the page loads before it can run: its scripts and modulepreloads, what its
 * entry scripts preload for their dynamic imports, and their static imports, followed recursively.
 * Throws if a referenced file is missing from the build.
 */
export const scriptFilesOfPage = async (distDir: string, pageFile: string): Promise<string[]> => {
  const html = await readFile(pageFile, 'utf8');
  const queue = scriptUrlsOfPage(html)
    .filter((url) => !/^[a-z]+:\/\//i.test(url))
    .map((url) => fileOfUrl(distDir, pageFile, url));
  const entries = new Set(
    [...html.matchAll(/<script\b[^>]*\ssrc\s*=\s*["']([^"']+)["']/gi)].map((match) =>
      fileOfUrl(distDir, pageFile, match[1]!),
    ),
  );
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${path.relative(distDir, file)} is referenced but missing`);
    seen.add(file);
    const code = await readFile(file, 'utf8');
    if (entries.has(file))
      for (const url of preloadsOfEntryModule(code)) queue.push(fileOfUrl(distDir, file, url));
    for (const specifier of staticImportsOfModule(code)) {
      if (specifier.startsWith('.') || specifier.startsWith('/'))
        queue.push(fileOfUrl(distDir, file, specifier));
    }
  }
  return [...seen];
};
