import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { loadDemoSeed } from '../support/test-app';
import { changedTables, createWriteFingerprint } from './write-fingerprint';

/** The fuzz suite's "writes nothing" rests on this: every kind of write shows, and nothing else does. */
describe.each(testBackends())('the fuzz suite’s write fingerprint on $name', (backend) => {
  let infra: TestInfrastructure;
  let fingerprint: Awaited<ReturnType<typeof createWriteFingerprint>>;

  beforeAll(async () => {
    infra = await backend.open();
    await loadDemoSeed(infra.db);
    fingerprint = await createWriteFingerprint(infra.db);
  });
  afterAll(async () => {
    await infra?.close();
  });

  const changedBy = async (statements: ReturnType<typeof sql>[]) => {
    const before = await fingerprint();
    await infra.db.asPlatform(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
    return changedTables(before, await fingerprint());
  };

  it('sees an insert, a delete, an update to the same values, and a delete with an insert', async () => {
    expect(await changedBy([])).toEqual([]);
    expect(
      await changedBy([sql`INSERT INTO platform_settings (key, value) VALUES ('fingerprint-a', '1')`]),
    ).toEqual(['platform_settings']);
    expect(
      await changedBy([sql`UPDATE platform_settings SET value = value WHERE key = 'fingerprint-a'`]),
    ).toEqual(['platform_settings']);
    expect(
      await changedBy([
        sql`DELETE FROM platform_settings WHERE key = 'fingerprint-a'`,
        sql`INSERT INTO platform_settings (key, value) VALUES ('fingerprint-b', '1')`,
      ]),
    ).toEqual(['platform_settings']);
    expect(await changedBy([sql`DELETE FROM platform_settings WHERE key = 'fingerprint-b'`])).toEqual([
      'platform_settings',
    ]);
  });

  it('reads the tables again only once a transaction wrote', async () => {
    const first = await fingerprint();
    await infra.db.asPlatform((tx) => tx.execute(sql`SELECT count(*) FROM platform_settings`));
    expect(await fingerprint()).toBe(first);
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE platform_settings SET value = value WHERE key = 'login_config'`),
    );
    expect(await fingerprint()).not.toBe(first);
  });

  it('sees nothing of a write that rolled back', async () => {
    const before = await fingerprint();
    await expect(
      infra.db.asPlatform(async (tx) => {
        await tx.execute(sql`INSERT INTO platform_settings (key, value) VALUES ('fingerprint-c', '1')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });
});
