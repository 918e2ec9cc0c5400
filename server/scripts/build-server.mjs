// Compiles the server to JavaScript: server/src/main.ts and what it imports (the shared contracts, which
// are TypeScript source, included) bundled into server/dist, npm packages left to node_modules.
// `npm start` then runs `node server/dist/main.js` without a TypeScript loader.
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(serverDir, 'dist');

/** Output files of this script; the PGlite templates beside them in dist/ are another script's. */
const isCodeOutput = (name) => name.endsWith('.js') || name.endsWith('.js.map') || name === 'worker.mjs';

export const buildServerCode = async () => {
  await mkdir(SERVER_DIST, { recursive: true });
  // Chunks carry content hashes in their names: old ones would pile up.
  for (const name of await readdir(SERVER_DIST)) {
    if (isCodeOutput(name)) await rm(path.join(SERVER_DIST, name), { force: true });
  }
  await build({
    entryPoints: { main: path.join(serverDir, 'src/main.ts') },
    outdir: SERVER_DIST,
    // main.ts imports most of the server with import() so that loading it overlaps the database's
    // start in its worker thread: splitting keeps those imports separate files.
    splitting: true,
    // Every chunk directly in dist/, as main.ts is directly in src/: paths built from
    // import.meta.dirname (server-root.ts) then mean the same from source and compiled.
    chunkNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    // The contracts are a workspace package of TypeScript source: compiled in, not imported at run time.
    alias: { '@uniwim/contracts': path.resolve(serverDir, '../packages/contracts/src/index.ts') },
    sourcemap: true,
    logLevel: 'warning',
  });
  // The PGlite worker is plain JavaScript already; the compiled client finds it beside itself.
  await copyFile(
    path.join(serverDir, 'src/platform/db/pglite-worker/worker.mjs'),
    path.join(SERVER_DIST, 'worker.mjs'),
  );
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerCode();
  process.stdout.write(`Server compiled to ${path.join(SERVER_DIST, 'main.js')}\n`);
}
