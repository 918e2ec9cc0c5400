import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginConfigOverride } from '@uniwim/contracts/client';
import { repoRoot } from './environment';

/** The part of server/seed/demo.json the tests read: assertions follow the seed, not copies of it. */
export interface DemoSeed {
  platform: { loginConfig: LoginConfigOverride };
  tenants: { id: string; code: string; name: string; domain: string; loginConfig: LoginConfigOverride }[];
}

export const demoSeed: DemoSeed = JSON.parse(
  readFileSync(join(repoRoot, 'server', 'seed', 'demo.json'), 'utf8'),
);

export const demoTenant = (code: string) => {
  const tenant = demoSeed.tenants.find((t) => t.code === code);
  if (!tenant) throw new Error(`The demo seed has no tenant "${code}"`);
  return tenant;
};
