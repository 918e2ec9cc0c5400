// `npm start`: builds what is missing or older than its sources (the compiled server with its PGlite
// images, the web pages), then starts the compiled server with plain node: no TypeScript loader.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Last change of a file, or of anything under a folder; 0 when missing. */
const lastChange = (file) => {
  let info;
  try {
    info = statSync(file);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(file)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, lastChange(path.join(file, entry)));
  }
  return newest;
};

/**
 * A build is missing or stale when an output is missing or a source changed after the oldest output
 * was written, e.g. after `git pull` (git writes the files it changes). Running old JavaScript against
 * new sources would be a trap.
 */
const needsBuild = ({ outputs, sources }) => {
  const outputTimes = outputs.map((file) => lastChange(path.join(root, file)));
  if (outputTimes.some((time) => time === 0)) return true;
  const newestSource = Math.max(...sources.map((file) => lastChange(path.join(root, file))));
  return newestSource > Math.min(...outputTimes);
};

const shared = ['packages/contracts/src', 'package-lock.json'];
const builds = [
  {
    workspace: 'server',
    outputs: ['server/dist/main.js', 'server/dist/pglite-template.tar', 'server/dist/pglite-demo.json'],
    sources: ['server/src', 'server/seed', 'server/scripts', 'server/package.json', ...shared],
  },
  {
    workspace: 'web',
    outputs: ['web/dist/login.html'],
    sources: [
      'web/src',
      'web/public',
      'web/mobile',
      'web/login.html',
      'web/index.html',
      'web/admin.html',
      'web/page.html',
      'web/vite.config.ts',
      'web/package.json',
      ...shared,
    ],
  },
];
for (const build of builds) if (needsBuild(build)) run(['run', 'build', '-w', build.workspace]);

const server = spawnSync(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 1);
