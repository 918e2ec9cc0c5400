import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../../../test/support/backends';
import { loadDemoSeed } from '../../../test/support/test-app';

describe.each(testBackends())('one read in a scope on $name', (backend) => {
  let infra: TestInfrastructure;

  beforeAll(async () => {
    infra = await backend.open();
    await loadDemoSeed(infra.db);
  });
  afterAll(async () => {
    await infra?.close();
  });

  const tenantsSeen = async (tenantId: string | null) =>
    (
      await infra.db.readInScope(
        tenantId,
        sql`SELECT DISTINCT tenant_id FROM tenant_memberships ORDER BY tenant_id`,
      )
    ).map((row) => row.tenant_id);

  it("sees only the tenant's rows under row-level security, and none without a tenant", async () => {
    const all = await infra.db.asPlatform((tx) =>
      tx.execute(sql`SELECT count(DISTINCT tenant_id)::int AS n FROM tenant_memberships`),
    );
    expect((all as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(1);
    expect(await tenantsSeen('t-water')).toEqual(['t-water']);
    expect(await tenantsSeen('t-energy')).toEqual(['t-energy']);
    expect(await tenantsSeen(null)).toEqual([]);
  });

  it('passes parameters and applies the settings to its statement only', async () => {
    const [row] = await infra.db.readInScope(
      't-water',
      sql`SELECT ${"a'b"}::text AS quoted, ${42}::int AS n, current_setting('enable_seqscan') AS seqscan,
                 current_setting('jit') AS jit`,
      { enable_seqscan: 'off', jit: 'off' },
    );
    expect(row).toEqual({ quoted: "a'b", n: 42, seqscan: 'off', jit: 'off' });
    const [after] = await infra.db.readInScope(
      null,
      sql`SELECT current_setting('enable_seqscan') AS seqscan`,
    );
    expect(after?.seqscan).toBe('on');
  });

  it('keeps a plan for the same text, and each run still sees only its own scope and values', async () => {
    const members = (tenantId: string | null, like: string) =>
      infra.db.readInScope(
        tenantId,
        sql`SELECT DISTINCT tenant_id, ${like}::text AS asked FROM tenant_memberships
            WHERE tenant_id LIKE ${like} ORDER BY tenant_id`,
        { enable_seqscan: 'off' },
        { reusePlan: true },
      );
    for (let round = 0; round < 3; round++) {
      expect(await members('t-water', 't-%')).toEqual([{ tenant_id: 't-water', asked: 't-%' }]);
      expect(await members('t-energy', 't-%')).toEqual([{ tenant_id: 't-energy', asked: 't-%' }]);
      expect(await members(null, 't-%')).toEqual([]);
    }
    // Values travel as literals on the embedded database: quotes, backslashes and Chinese intact.
    const tricky = String.raw`t-'\%
水`;
    expect(await members('t-water', tricky)).toEqual([]);
    const [echo] = await infra.db.readInScope(
      't-water',
      sql`SELECT ${tricky}::text AS text, ${1.5}::float8 AS x, ${true}::boolean AS yes, ${null}::text AS none`,
      undefined,
      { reusePlan: true },
    );
    expect(echo).toEqual({ text: tricky, x: 1.5, yes: true, none: null });
  });

  it('keeps plans past their limit, under concurrency, and after a kept read fails', async () => {
    // More distinct statements than the embedded database keeps (64), all at once: each gets its own
    // answer while plans are prepared, dropped and prepared again between them.
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, n) =>
        infra.db.readInScope(
          n % 2 === 0 ? 't-water' : 't-energy',
          sql
            .raw(`SELECT ${n % 80} AS statement, current_setting('enable_seqscan') AS seqscan`)
            .append(sql` , ${`v${n}`}::text AS value`),
          { enable_seqscan: 'off' },
          { reusePlan: true },
        ),
      ),
    );
    answers.forEach((rows, n) => {
      expect(rows).toEqual([{ statement: n % 80, seqscan: 'off', value: `v${n}` }]);
    });
    const divide = (by: number) =>
      infra.db.readInScope('t-water', sql`SELECT 10 / ${by}::int AS q`, undefined, { reusePlan: true });
    await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
    expect(await divide(5)).toEqual([{ q: 2 }]);
    // A statement that cannot be prepared fails each time it is read, and nothing else does.
    const broken = () =>
      infra.db.readInScope('t-water', sql`SELECT no_such_column FROM tenants WHERE id = ${'x'}`, undefined, {
        reusePlan: true,
      });
    await expect(broken()).rejects.toMatchObject({ code: '42703' });
    await expect(broken()).rejects.toMatchObject({ code: '42703' });
    expect(await divide(2)).toEqual([{ q: 5 }]);
    const [after] = await infra.db.readInScope(
      null,
      sql`SELECT current_setting('enable_seqscan') AS seqscan`,
    );
    expect(after?.seqscan).toBe('on');
  });

  it('leaves no statement behind from reads planned for their values, failed or not', async () => {
    const divide = (by: number) => infra.db.readInScope('t-water', sql`SELECT 10 / ${by}::int AS q`);
    for (let n = 0; n < 5; n++) {
      await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
      expect(await divide(2)).toEqual([{ q: 5 }]);
    }
    const [left] = await infra.db.readInScope(
      null,
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements
          WHERE name LIKE ${'uniwim_once%'}::text AND statement NOT LIKE '%pg_prepared_statements%'`,
    );
    expect(left).toEqual({ n: 0 });
  });

  it('refuses a write: the transaction is read-only', async () => {
    await expect(
      infra.db.readInScope('t-water', sql`UPDATE tenant_memberships SET tenant_id = tenant_id RETURNING 1`),
    ).rejects.toMatchObject({ code: '25006' });
    await expect(
      infra.db.readInScope(
        't-water',
        sql`UPDATE tenant_memberships SET tenant_id = tenant_id WHERE tenant_id = ${'t-water'} RETURNING 1`,
        undefined,
        { reusePlan: true },
      ),
    ).rejects.toMatchObject({ code: '25006' });
    // Nothing is left open by the failed reads.
    expect(await tenantsSeen('t-water')).toEqual(['t-water']);
  });

  it('refuses a setting that is not a planner switch', async () => {
    await expect(
      infra.db.readInScope('t-water', sql`SELECT 1`, { "x'); DROP TABLE tenants; --": 'on' } as never),
    ).rejects.toThrow(/not a planner setting/);
  });

  it('runs beside transactions of other requests without mixing their scopes', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 === 0 ? tenantsSeen('t-water') : tenantsSeen('t-energy'))),
    );
    results.forEach((seen, n) => {
      expect(seen).toEqual([n % 2 === 0 ? 't-water' : 't-energy']);
    });
  });
});
