import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { inRepo, repoRoot } from './paths';

/**
 * What `npm run build -w server` makes and a normal start uses: the compiled server, the empty PGlite
 * template and the prepared data directory with the demo seed (its manifest is written last).
 */
const SERVER_BUILD_OUTPUTS = [
  inRepo('server', 'dist', 'main.js'),
  inRepo('server', 'dist', 'pglite-template.tar'),
  inRepo('server', 'dist', 'pglite-demo.json'),
];

/**
 * Builds the server if any of its outputs is missing. `npm run bench` builds first anyway; with
 * `npm run bench -w bench` an existing build is used as it is, even if older than the sources.
 */
export const ensureServerBuild = (): void => {
  if (SERVER_BUILD_OUTPUTS.every((file) => existsSync(file))) return;
  process.stdout.write('The server build is missing; running npm run build -w server\n');
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 || !SERVER_BUILD_OUTPUTS.every((file) => existsSync(file))) {
    throw new Error(`npm run build -w server failed (exit ${build.status}); cannot measure a normal start`);
  }
};
