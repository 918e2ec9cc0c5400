// Sums the gzipped size of every script a built page loads up front (its entry, modulepreloads, what
// the entry preloads for its dynamic imports, and their static imports, transitively) and fails when
// the sign-in page exceeds its budget. The sign-in entry's one dynamic import is its interface, which
// it starts at once (src/entries/login.tsx).
// Usage: node scripts/check-bundle-budget.mjs [page.html ...]   (after `npm run build`)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** Budgets in bytes of gzipped JavaScript, per page. */
const budgets = { 'login.html': 200 * 1000 };

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const scriptsOfPage = (page) => {
  const html = readFileSync(join(dist, page), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => posix.resolve(posix.dirname(`/${page}`), match[1]));
  const entries = new Set(
    [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) =>
      posix.resolve(posix.dirname(`/${page}`), match[1]),
    ),
  );
  const seen = new Set();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(dist, url), 'utf8');
    if (entries.has(url)) {
      // Vite's list of the files its dynamic imports need, from the site root.
      const preloads = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(code)?.[1] ?? '';
      for (const match of preloads.matchAll(/"([^"]+\.js)"/g)) queue.push(`/${match[1]}`);
    }
    // Static imports only: `import"./x.js"` and `from"./x.js"`; dynamic import() loads later, on demand.
    for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(posix.resolve(posix.dirname(url), match[1]));
    }
  }
  return [...seen];
};

const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(budgets);
let failed = false;
for (const page of pages) {
  if (!existsSync(join(dist, page))) {
    console.error(`${page}: not built; run npm run build -w web first`);
    process.exitCode = 1;
    continue;
  }
  const scripts = scriptsOfPage(page).map((url) => ({ url, size: gzipSize(join(dist, url)) }));
  const total = scripts.reduce((sum, script) => sum + script.size, 0);
  const budget = budgets[page];
  console.log(
    `${page}: ${(total / 1000).toFixed(1)} kB of JavaScript, gzipped${budget ? ` (budget ${budget / 1000} kB)` : ''}`,
  );
  for (const script of scripts)
    console.log(`  ${(script.size / 1000).toFixed(1).padStart(7)} kB  ${script.url}`);
  if (budget && total > budget) failed = true;
}
if (failed) {
  console.error('Over budget.');
  process.exitCode = 1;
}
