import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, tenants } from '../../src/db/schema';
import { INITIAL_PASSWORD_FILE, loadSeedIfEmpty, readSeedFile } from '../../src/db/seed/load-seed';
import { SeedError } from '../../src/db/seed/validate-seed';
import { verifyPassword } from '../../src/platform/crypto/passwords';
import { openDatabase } from '../../src/platform/db/database';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { DEMO_SEED } from '../support/test-app';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'uniwim-seed-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const writeSeed = async (name: string, document: unknown) => {
  const file = path.join(scratch, name);
  await writeFile(file, typeof document === 'string' ? document : JSON.stringify(document));
  return file;
};

const demo = async () => JSON.parse(await readFile(DEMO_SEED, 'utf8'));

describe.each(testBackends())('seed loading on $name', (backend) => {
  let infra: TestInfrastructure;
  beforeAll(async () => {
    infra = await backend.open();
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('refuses a bad seed with the path of the bad field, and writes nothing', async () => {
    const bad = await demo();
    bad.tenants[1].users[0].mobile = '12345';
    const file = await writeSeed('bad-mobile.json', bad);
    await expect(loadSeedIfEmpty(infra.db, { seedFile: file, dataDir: scratch })).rejects.toThrow(
      `Invalid seed file ${file}: tenants[1].users[0].mobile: must be an 11-digit mainland mobile number`,
    );
    const rows = await infra.db.asPlatform((tx) => tx.select().from(tenants));
    expect(rows).toEqual([]);
  });

  it('loads a good seed once, generating and recording the admin password', async () => {
    const outcome = await loadSeedIfEmpty(infra.db, { seedFile: DEMO_SEED, dataDir: scratch });
    expect(outcome).toMatchObject({ loaded: true, adminUsername: 'admin' });
    const passwordFile = path.join(scratch, INITIAL_PASSWORD_FILE);
    expect(outcome.passwordFile).toBe(passwordFile);
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    const password = (await readFile(passwordFile, 'utf8')).trim().split('\n').at(-1)!;
    expect(password).toHaveLength(20);

    const [admin] = await infra.db.asPlatform((tx) =>
      tx.select().from(accounts).where(eq(accounts.username, 'admin')),
    );
    expect(admin?.isPlatformAdmin).toBe(true);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin!.passwordHash!, password)).toBe(true);

    const allTenants = await infra.db.asPlatform((tx) => tx.select({ code: tenants.code }).from(tenants));
    expect(allTenants.map((t) => t.code).sort()).toEqual(['energy', 'water']);

    const again = await loadSeedIfEmpty(infra.db, { seedFile: DEMO_SEED, dataDir: scratch });
    expect(again.loaded).toBe(false);
    expect(await infra.db.asPlatform((tx) => tx.select().from(accounts))).toHaveLength(5);
  });
});

describe('seed validation', () => {
  // biome-ignore lint/suspicious/noExplicitAny: each case spoils a different part of a free-form JSON document
  const cases: [string, (seed: any) => void, string][] = [
    ['unknown field', (s) => (s.tenants[0].colour = 'red'), 'tenants[0]: Unrecognized key: "colour"'],
    [
      'unknown role',
      (s) => (s.tenants[0].users[1].roles = ['boss']),
      'tenants[0].users[1].roles[0]: unknown role "boss"',
    ],
    [
      'unknown application',
      (s) => s.tenants[1].applications.push('mail'),
      'tenants[1].applications[2]: unknown application "mail"',
    ],
    [
      'duplicate tenant code',
      (s) => (s.tenants[1].code = 'water'),
      'tenants[1].code: duplicate tenant code "water"',
    ],
    [
      'bad login configuration',
      (s) => (s.platform.loginConfig.loginBgType = 7),
      'platform.loginConfig.loginBgType',
    ],
    ['missing admin', (s) => delete s.platform.admin, 'platform.admin'],
  ];
  it.each(cases)('rejects %s with its path', async (_name, spoil, expected) => {
    const seed = await demo();
    spoil(seed);
    const file = await writeSeed('case.json', seed);
    const error = await readSeedFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    expect((error as Error).message).toContain(`Invalid seed file ${file}: ${expected}`);
  });

  it('rejects a file that is not JSON, naming the file', async () => {
    const file = await writeSeed('broken.json', '{ "platform": ');
    await expect(readSeedFile(file)).rejects.toThrow(`Invalid seed file ${file}: not JSON`);
  });
});

describe('the embedded database keeps its data across restarts', () => {
  it('finds the seeded data and the same RSA key after reopening DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'uniwim-restart-'));
    try {
      const first = await openDatabase({ dataDir });
      await loadSeedIfEmpty(first, { seedFile: DEMO_SEED, adminPassword: 'Restart-Passw0rd', dataDir });
      await first.asPlatform((tx) =>
        tx.update(tenants).set({ name: '改名后的水务' }).where(eq(tenants.code, 'water')),
      );
      await first.close();

      const second = await openDatabase({ dataDir });
      const outcome = await loadSeedIfEmpty(second, { seedFile: DEMO_SEED, dataDir });
      expect(outcome.loaded).toBe(false);
      const [water] = await second.asPlatform((tx) =>
        tx.select().from(tenants).where(eq(tenants.code, 'water')),
      );
      expect(water?.name).toBe('改名后的水务');
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
