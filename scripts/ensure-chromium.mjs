// End-to-end tests drive Debian's Chromium; install it with apt when it is missing (never a downloaded build).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  process.stdout.write("Chromium is missing: installing Debian's package with apt-get\n");
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk`, {
    stdio: 'inherit',
  });
}
if (!existsSync(CHROMIUM)) {
  process.stderr.write(`${CHROMIUM} is still missing after installing chromium\n`);
  process.exit(1);
}
