// `npm run typecheck`: every workspace's own typecheck script, as many at once as there are cores.
// Each is one single-threaded tsc (37 s for the server, 26 s for the bench, which checks the server
// code it drives); one after the other they took 88 s of every CI run on two cores, side by side ~50.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const withTypecheck = workspaces.filter((workspace) => {
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  return Boolean(manifest.scripts?.typecheck);
});
// Longest first (measured), so the last one to start is a short one.
const ORDER = ['server', 'bench', 'web'];
const rank = (workspace) => {
  const index = ORDER.indexOf(workspace);
  return index === -1 ? ORDER.length : index;
};
const queue = [...withTypecheck].sort((a, b) => rank(a) - rank(b));

/** Runs one workspace's typecheck; its output is printed in one piece when it ends. */
const check = (workspace) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '-w', workspace], { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve({ workspace, ok: code === 0 });
    });
  });

const results = [];
const lane = async () => {
  for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
    results.push(await check(workspace));
  }
};
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, lane));
const failed = results.filter((result) => !result.ok).map((result) => result.workspace);
if (failed.length > 0) {
  process.stderr.write(`typecheck failed in: ${failed.join(', ')}\n`);
  process.exit(1);
}
