import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';

const MEMBERS = 10_000;

const one = async <T>(infra: TestInfrastructure, query: ReturnType<typeof sql>): Promise<T> =>
  infra.db.asPlatform(async (tx) => {
    const result = (await tx.execute(query)) as unknown as { rows: T[] };
    return result.rows[0]!;
  });

/**
 * The counters kept by triggers (seats used, the menu version) move once per statement: a bulk
 * write of 10,000 members is one update of each counter, not 10,000 updates of one row in one
 * transaction, whose cost grew with the square of the rows (migration 0022).
 */
describe.each(testBackends())('counters under bulk writes on $name', (backend) => {
  let infra: TestInfrastructure;

  beforeAll(async () => {
    infra = await backend.open();
    await infra.db.asPlatform(async (tx) => {
      await tx.execute(sql`INSERT INTO tenants (id, code, name) VALUES ('t-bulk', 'bulk', '批量公司')`);
      await tx.execute(sql`INSERT INTO departments (tenant_id, id, name, path, depth)
        VALUES ('t-bulk', 'd-t-bulk', '批量公司', 'd-t-bulk/', 1)`);
      await tx.execute(
        sql`INSERT INTO roles (tenant_id, id, code, name) VALUES ('t-bulk', 'r-bulk', 'staff', '员工')`,
      );
    });
  });
  afterAll(async () => {
    await infra?.close();
  });

  it(`counts ${MEMBERS.toLocaleString('en')} members added and removed in one statement each`, async () => {
    const before = await one<{ n: number }>(
      infra,
      sql`SELECT member_count AS n FROM tenants WHERE id = 't-bulk'`,
    );
    const menuBefore = await one<{ v: string }>(
      infra,
      sql`SELECT coalesce((SELECT version FROM tenant_menu_versions WHERE tenant_id = 't-bulk'), 0) AS v`,
    );
    const started = Date.now();
    await infra.db.asPlatform(async (tx) => {
      await tx.execute(sql`INSERT INTO accounts (id, sn, username, name)
        SELECT 'bulk-' || g, 'bulk-sn-' || g, 'bulk.' || g, '批量' || g FROM generate_series(1, ${MEMBERS}::int) g`);
      await tx.execute(sql`INSERT INTO tenant_memberships (tenant_id, account_id, department_id)
        SELECT 't-bulk', 'bulk-' || g, 'd-t-bulk' FROM generate_series(1, ${MEMBERS}::int) g`);
      await tx.execute(sql`INSERT INTO membership_roles (tenant_id, account_id, role_id)
        SELECT 't-bulk', 'bulk-' || g, 'r-bulk'
        FROM generate_series(1, ${MEMBERS}::int) g`);
    });
    const added = await one<{ n: number }>(
      infra,
      sql`SELECT member_count AS n FROM tenants WHERE id = 't-bulk'`,
    );
    expect(added.n).toBe(before.n + MEMBERS);
    const menuAfter = await one<{ v: string }>(
      infra,
      sql`SELECT version AS v FROM tenant_menu_versions WHERE tenant_id = 't-bulk'`,
    );
    // One bump for the one statement that gave the roles.
    expect(Number(menuAfter.v)).toBe(Number(menuBefore.v) + 1);
    // And the search text of each new member is their account's.
    const searched = await one<{ n: number }>(
      infra,
      sql`SELECT count(*)::int AS n FROM tenant_memberships WHERE search_text LIKE ${'bulk.%'}`,
    );
    expect(searched.n).toBe(MEMBERS);

    await infra.db.asPlatform((tx) =>
      tx.execute(sql`DELETE FROM tenant_memberships WHERE tenant_id = 't-bulk' AND account_id LIKE 'bulk-%'`),
    );
    const removed = await one<{ n: number }>(
      infra,
      sql`SELECT member_count AS n FROM tenants WHERE id = 't-bulk'`,
    );
    expect(removed.n).toBe(before.n);
    // Generous for a loaded machine; the row triggers took minutes here.
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
