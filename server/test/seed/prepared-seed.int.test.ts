import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accounts, rsaKeys, tenants } from '../../src/db/schema';
import {
  INITIAL_PASSWORD_FILE,
  loadSeedIfEmpty,
  PREPARED_PASSWORD_HASH,
  prepareSeed,
} from '../../src/db/seed/load-seed';
import { verifyPassword } from '../../src/platform/crypto/passwords';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { DEMO_SEED } from '../support/test-app';

const passwordHashes = (infra: TestInfrastructure) =>
  infra.db.asPlatform((tx) =>
    tx.select({ username: accounts.username, passwordHash: accounts.passwordHash }).from(accounts),
  );

/** The build's prepared database holds the demo seed without its passwords; each installation sets its own. */
describe.each(testBackends())('a database prepared with the seed, on $name', (backend) => {
  let infra: TestInfrastructure;
  let dataDir: string;
  beforeEach(async () => {
    infra = await backend.open();
    dataDir = await mkdtemp(path.join(tmpdir(), 'uniwim-prepared-'));
    await prepareSeed(infra.db, DEMO_SEED);
  });
  afterEach(async () => {
    await infra?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds the seed with no password and no key pair', async () => {
    const allTenants = await infra.db.asPlatform((tx) => tx.select({ code: tenants.code }).from(tenants));
    expect(allTenants.map((t) => t.code).sort()).toEqual(['energy', 'water']);
    const hashes = await passwordHashes(infra);
    expect(hashes).toHaveLength(5);
    for (const { passwordHash } of hashes) expect(passwordHash).toBe(PREPARED_PASSWORD_HASH);
    // No password verifies against the placeholder.
    expect(await verifyPassword(PREPARED_PASSWORD_HASH, '')).toBe(false);
    expect(await infra.db.asPlatform((tx) => tx.select().from(rsaKeys))).toEqual([]);
  });

  it("gets the installation's password at its first start, once", async () => {
    const outcome = await loadSeedIfEmpty(infra.db, { seedFile: DEMO_SEED, dataDir });
    expect(outcome).toMatchObject({ loaded: true, adminUsername: 'admin' });
    const password = (await readFile(path.join(dataDir, INITIAL_PASSWORD_FILE), 'utf8'))
      .trim()
      .split('\n')
      .at(-1)!;
    const hashes = await passwordHashes(infra);
    expect(hashes).toHaveLength(5);
    for (const { passwordHash } of hashes) {
      expect(passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(passwordHash!, password)).toBe(true);
    }
    // The seed's application packages come with its data, as when the seed is loaded.
    expect(await readdir(path.join(dataDir, 'packages'))).not.toHaveLength(0);

    const again = await loadSeedIfEmpty(infra.db, {
      seedFile: DEMO_SEED,
      adminPassword: 'Another-Passw0rd',
      dataDir,
    });
    expect(again.loaded).toBe(false);
    const [admin] = (await passwordHashes(infra)).filter((row) => row.username === 'admin');
    expect(await verifyPassword(admin!.passwordHash!, password)).toBe(true);
  });

  it('takes SEED_ADMIN_PASSWORD when set', async () => {
    const outcome = await loadSeedIfEmpty(infra.db, {
      seedFile: DEMO_SEED,
      adminPassword: 'Chosen-Passw0rd',
      dataDir,
    });
    expect(outcome).toEqual({ loaded: true, adminUsername: 'admin' });
    for (const { passwordHash } of await passwordHashes(infra)) {
      expect(await verifyPassword(passwordHash!, 'Chosen-Passw0rd')).toBe(true);
    }
  });
});
