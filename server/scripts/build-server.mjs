// Compiles the server to JavaScript: server/src/main.ts and what it imports (the shared contracts, which
// are TypeScript source, and most npm packages, included) bundled into server/dist; the packages
// listed in `external` below are loaded from node_modules.
// `npm start` then runs `node server/dist/main.js` without a TypeScript loader.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(serverDir, 'dist');

const WORKER_FILE = 'worker.mjs';

/** Output files of this script; the PGlite images beside them in dist/ are another script's. */
const isCodeOutput = (name) => name.endsWith('.js') || name.endsWith('.js.map') || name === WORKER_FILE;

/** Writes a file under a temporary name and renames it into place: a reader sees the old or the new one. */
const writeAtomically = async (file, contents) => {
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, contents);
  await rename(partial, file);
};

export const buildServerCode = async () => {
  await mkdir(SERVER_DIST, { recursive: true });
  const { outputFiles } = await build({
    entryPoints: { main: path.join(serverDir, 'src/main.ts') },
    outdir: SERVER_DIST,
    write: false,
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
    // npm packages are bundled too (one file read and parsed per chunk instead of hundreds of
    // module resolutions); those that find files beside themselves, load native code or are
    // loaded only on demand stay in node_modules.
    external: [
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      '@node-rs/argon2',
      // The search's segmenter: native code, and a dictionary it reads beside itself (dict.txt).
      '@node-rs/jieba',
      '@node-rs/jieba/*',
      '@fastify/static',
      'ioredis',
      'pg-native',
      'exceljs',
      'jszip',
      'pino',
      // Issue 16: the offline IP database reads its data files beside itself (data/ip2region.db).
      'ip2region',
      'thread-stream',
    ],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // The contracts are a workspace package of TypeScript source: compiled in, not imported at run time.
    alias: { '@uniwim/contracts': path.resolve(serverDir, '../packages/contracts/src/index.ts') },
    sourcemap: true,
    logLevel: 'warning',
  });
  // The PGlite worker is plain JavaScript already; the compiled client finds it beside itself.
  const worker = await readFile(path.join(serverDir, 'src/platform/db/pglite-worker/worker.mjs'));
  const written = new Set([WORKER_FILE]);
  await writeAtomically(path.join(SERVER_DIST, WORKER_FILE), worker);
  // Chunks before main.js, which imports them: a server starting meanwhile finds every file it names.
  const entry = path.join(SERVER_DIST, 'main.js');
  const ordered = [...outputFiles].sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  for (const output of ordered) {
    await writeAtomically(output.path, output.contents);
    written.add(path.basename(output.path));
  }
  // Chunk names carry content hashes: those of earlier builds would pile up.
  for (const name of await readdir(SERVER_DIST)) {
    if (isCodeOutput(name) && !written.has(name)) await rm(path.join(SERVER_DIST, name), { force: true });
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerCode();
  process.stdout.write(`Server compiled to ${path.join(SERVER_DIST, 'main.js')}\n`);
}
