import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../../../test/support/backends';
import { loadDemoSeed } from '../../../test/support/test-app';
import { loginLogs } from '../../db/schema';

type LoginLogRow = typeof loginLogs.$inferInsert;

const HOSTILE = [
  "'); DROP TABLE login_logs; --",
  "O'Brien \\' \\\\ '' end",
  "line\nbreak\ttab $1 $$ $tag$ E'x'",
  '中文用户 🙂 ünïcödé',
];

const rowOf = (id: string, username: string, tenantId: string | null = null): LoginLogRow => ({
  id,
  tenantId,
  accountId: null,
  username,
  mode: 'password',
  result: 'failure',
  errorCode: 'INVALID_CREDENTIALS',
  ip: null,
  userAgent: username,
  channel: 'web',
  createdAt: new Date('2026-11-23T08:09:10.123Z'),
});

describe.each(testBackends())('batched insert as platform on $name', (backend) => {
  let infra: TestInfrastructure;

  beforeAll(async () => {
    infra = await backend.open();
    await loadDemoSeed(infra.db);
  });
  afterAll(async () => {
    await infra?.close();
  });

  const read = (ids: string[]) =>
    infra.db.asPlatform((tx) => tx.select().from(loginLogs).where(inArray(loginLogs.id, ids)));

  it('stores every value exactly as given, whatever characters it holds', async () => {
    const rows = HOSTILE.map((text, n) => rowOf(`hostile-${n}`, text));
    await infra.db.insertAsPlatform(loginLogs, rows);
    const stored = await read(rows.map((row) => row.id));
    expect(stored.map((row) => [row.id, row.username, row.userAgent, row.ip, row.accountId]).sort()).toEqual(
      rows.map((row) => [row.id, row.username, row.userAgent, null, null]).sort(),
    );
    expect(stored.every((row) => row.createdAt.toISOString() === '2026-11-23T08:09:10.123Z')).toBe(true);
  });

  it('writes all rows of a call or none', async () => {
    await infra.db.insertAsPlatform(loginLogs, [rowOf('atomic-1', 'first')]);
    await expect(
      infra.db.insertAsPlatform(loginLogs, [rowOf('atomic-2', 'second'), rowOf('atomic-1', 'duplicate')]),
    ).rejects.toThrow();
    expect((await read(['atomic-1', 'atomic-2'])).map((row) => row.username)).toEqual(['first']);
  });

  it('keeps tenant rows under row-level security', async () => {
    await infra.db.insertAsPlatform(loginLogs, [
      rowOf('rls-water', 'w', 't-water'),
      rowOf('rls-energy', 'e', 't-energy'),
    ]);
    const seenByWater = await infra.db.withTenant('t-water', (tx) =>
      tx
        .select({ id: loginLogs.id })
        .from(loginLogs)
        .where(inArray(loginLogs.id, ['rls-water', 'rls-energy'])),
    );
    expect(seenByWater).toEqual([{ id: 'rls-water' }]);
  });

  it('does nothing for no rows', async () => {
    await expect(infra.db.insertAsPlatform(loginLogs, [])).resolves.toBeUndefined();
  });
});
