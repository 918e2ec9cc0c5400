import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, tenants } from '../../src/db/schema';
import { tenantsAdminRepo } from '../../src/modules/tenants/admin-repo';
import { createTenantsInBulk } from '../../src/modules/tenants/bulk-create';
import { tenantTotals } from '../../src/modules/tenants/schema';
import type { ListQuery } from '../../src/platform/admin/list-sql';
import type { AppError } from '../../src/platform/errors';
import { type TestInfrastructure, testBackends } from '../support/backends';

const ROWS = 1_200;

/** The list read page by keyset page, as an export reads it: the ids in order. */
const keysetIds = async (infra: TestInfrastructure, query: Omit<ListQuery, 'page' | 'pageSize'>) => {
  const ids: string[] = [];
  let after: unknown[] | undefined = [];
  while (after) {
    const page: { items: { id: string }[]; nextAfter?: unknown[] } = await infra.db.asPlatform((tx) =>
      tenantsAdminRepo.list(tx, { ...query, page: 1, pageSize: 100, after }),
    );
    ids.push(...page.items.map((item) => item.id));
    after = page.nextAfter;
  }
  return ids;
};

/** The same list read in offset pages, as the pages do. */
const offsetIds = async (infra: TestInfrastructure, query: Omit<ListQuery, 'page' | 'pageSize'>) => {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await infra.db.asPlatform((tx) =>
      tenantsAdminRepo.list(tx, { ...query, page, pageSize: 100 }),
    );
    ids.push(...answer.items.map((item) => item.id));
    if (answer.items.length < 100) return { ids, total: answer.total };
  }
};

const totals = (infra: TestInfrastructure) =>
  infra.db.asPlatform(async (tx) => {
    const [kept] = await tx.select().from(tenantTotals);
    const [counted] = await tx
      .select({
        live: sql<number>`count(*) FILTER (WHERE deleted_at IS NULL)::int`,
        deleted: sql<number>`count(*) FILTER (WHERE deleted_at IS NOT NULL)::int`,
      })
      .from(tenants);
    return { kept: { live: kept!.live, deleted: kept!.deleted }, counted };
  });

describe.each(testBackends())('the tenant list at scale on $name', (backend) => {
  let infra: TestInfrastructure;

  beforeAll(async () => {
    infra = await backend.open();
    // Ties a Date would hide (created_at equal to the microsecond in groups of 7, and within one
    // millisecond), nulls among the expiry dates, a few rows in the recycle bin.
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`INSERT INTO tenants (id, code, name, status, expires_at, member_count, created_at, deleted_at)
        SELECT 't-ks' || g, 'ks' || g, '键集租户' || g, CASE WHEN g % 3 = 0 THEN 'disabled' ELSE 'active' END,
               CASE WHEN g % 4 = 0 THEN NULL ELSE timestamptz '2027-01-01' + (g % 50) * interval '1 day' END,
               g % 13, timestamptz '2026-01-01 00:00:00.123456' + (g / 7) * interval '1 microsecond',
               CASE WHEN g % 100 = 0 THEN now() END
        FROM generate_series(1, ${ROWS}) g`),
    );
  });
  afterAll(async () => {
    await infra?.close();
  });

  it.each(['-createdAt', 'createdAt', 'expiresAt', '-expiresAt', 'usersUsed', '-status', 'name'])(
    'keyset pages (sort %s) give the rows of the offset pages, in the same order',
    async (sort) => {
      const query = { sort, code: 'ks' };
      const offset = await offsetIds(infra, query);
      const keyset = await keysetIds(infra, query);
      expect(offset.ids.length).toBe(offset.total);
      expect(keyset).toEqual(offset.ids);
    },
  );

  it('keeps exact totals without a filter through inserts, the recycle bin and deletes', async () => {
    const first = await totals(infra);
    expect(first.kept).toEqual(first.counted);
    const unfiltered = await infra.db.asPlatform((tx) => tenantsAdminRepo.list(tx, { page: 1, pageSize: 5 }));
    expect(unfiltered.total).toBe(first.counted!.live);

    await infra.db.asPlatform(async (tx) => {
      await tx.update(tenants).set({ deletedAt: new Date() }).where(eq(tenants.id, 't-ks1'));
      await tx.update(tenants).set({ deletedAt: null }).where(eq(tenants.id, 't-ks100'));
      await tx.update(tenants).set({ name: '键集租户改名' }).where(eq(tenants.id, 't-ks2'));
      await tx.delete(tenants).where(eq(tenants.id, 't-ks200'));
    });
    const after = await totals(infra);
    expect(after.kept).toEqual(after.counted);
    const bin = await infra.db.asPlatform((tx) =>
      tenantsAdminRepo.list(tx, { page: 1, pageSize: 5, deleted: 'true' }),
    );
    expect(bin.total).toBe(after.counted!.deleted);
  });

  it('bulk creation refuses what create refuses, earlier rows of the batch included', async () => {
    const input = (code: string, name: string, mobile: string, domains?: string[]) => ({
      code,
      name,
      admin: { mobile },
      ...(domains ? { domains } : {}),
    });
    const outcomes = await infra.db.asPlatform((tx) =>
      createTenantsInBulk(
        tx,
        [
          input('bulk-a', '批量租户A', '13911110001', ['a.bulk.example.com']),
          input('bulk-b', '批量租户A', '13911110002'),
          input('bulk-c', '批量租户C', '13911110001', ['a.bulk.example.com']),
          input('bulk-d', '批量租户D', '13911110001'),
          input('ks5', '批量租户E', '13911110003'),
        ],
        { code: 'tenant-admin', name: '租户管理员' },
      ),
    );
    const errorOf = (i: number) => {
      const outcome = outcomes[i]!;
      return 'error' in outcome ? (outcome.error as AppError).details : undefined;
    };
    expect('row' in outcomes[0]!).toBe(true);
    expect(errorOf(1)).toEqual([{ path: 'body.name', message: '租户名称已存在' }]);
    expect(errorOf(2)).toEqual([
      { path: 'body.domains', message: '域名已被其他租户使用：a.bulk.example.com' },
    ]);
    expect('row' in outcomes[3]!).toBe(true);
    expect(errorOf(4)).toEqual([{ path: 'body.code', message: '编码已存在' }]);
    // Rows a and d share their administrator: one new account, administering both.
    const admins = await infra.db.asPlatform(async (tx) => {
      const found = await tx.select().from(accounts).where(eq(accounts.mobile, '13911110001'));
      const roles = await tx.execute(
        sql`SELECT tenant_id FROM membership_roles WHERE account_id = ${found[0]!.id} ORDER BY tenant_id`,
      );
      return { found, roles: (roles as unknown as { rows: { tenant_id: string }[] }).rows };
    });
    expect(admins.found).toHaveLength(1);
    expect(admins.found[0]!.passwordHash).toBeNull();
    expect(admins.roles.map((row) => row.tenant_id)).toEqual(['t-bulk-a', 't-bulk-d']);
    const a = outcomes[0] as { row: { domains: string[]; usersUsed: number } };
    expect(a.row.domains).toEqual(['a.bulk.example.com']);
    expect(a.row.usersUsed).toBe(1);
  });
});
