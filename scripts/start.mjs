// `npm start`: builds what is missing (web pages, the empty-database template), then starts the server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'server/dist/pglite-template.tar'))) run(['run', 'build', '-w', 'server']);
if (!existsSync(path.join(root, 'web/dist/login.html'))) run(['run', 'build', '-w', 'web']);

const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
