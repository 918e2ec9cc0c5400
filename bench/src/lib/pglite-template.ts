import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { inRepo, repoRoot } from './paths';

/** The empty PGlite cluster the server's build saves; without it every fresh start pays initdb. */
export const PGLITE_TEMPLATE = inRepo('server', 'dist', 'pglite-template.tar');

/** Builds the server's PGlite template if it is missing (`npm run build -w server`). */
export const ensurePgliteTemplate = (): void => {
  if (existsSync(PGLITE_TEMPLATE)) return;
  process.stdout.write('server/dist/pglite-template.tar is missing; running npm run build -w server\n');
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(PGLITE_TEMPLATE)) {
    throw new Error(`npm run build -w server failed (exit ${build.status}); cannot measure a normal start`);
  }
};
