import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, tenantMemberships } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The user list's `q` reads each membership's copy of its account's text (migration 0021): the
 * copy must follow the account wherever it is renamed, in every tenant, and the rename in one
 * tenant's scope must not leave that transaction with more than its tenant's rights.
 */
describe.each(testBackends())('member search text on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let accountId: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    accountId = await accountIdOf(infra.db, 'water.op');
    // water.op joins energy too: one account, two memberships.
    await infra.db.asPlatform((tx) =>
      tx.insert(tenantMemberships).values({ tenantId: 't-energy', accountId, departmentId: 'd-t-energy' }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const searchTexts = () =>
    infra.db.asPlatform((tx) =>
      tx
        .select({ tenantId: tenantMemberships.tenantId, text: tenantMemberships.searchText })
        .from(tenantMemberships)
        .where(eq(tenantMemberships.accountId, accountId))
        .orderBy(tenantMemberships.tenantId),
    );

  it('copies the account, name and mobile into a new membership', async () => {
    const texts = await searchTexts();
    expect(texts).toHaveLength(2);
    for (const { text } of texts) expect(text).toBe('water.op\u001f李运维\u001f13900000002');
  });

  it("follows a rename made in one tenant's scope into every tenant, and leaves that scope as it was", async () => {
    const seenAfterRename = await infra.db.withTenant('t-water', async (tx) => {
      await tx.update(accounts).set({ name: 'Li Yunwei' }).where(eq(accounts.id, accountId));
      // Still water's transaction: energy's members stay out of sight.
      const [row] = await tx
        .select({ n: sql<number>`count(DISTINCT tenant_id)::int` })
        .from(tenantMemberships);
      return row!.n;
    });
    expect(seenAfterRename).toBe(1);
    for (const { text } of await searchTexts()) expect(text).toBe('water.op\u001fli yunwei\u001f13900000002');
  });

  it('finds the member by any part of the new name, in either case, through the list', async () => {
    const water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const found = await app.server.inject({
      method: 'GET',
      url: '/ump/admin/users?q=YUNWEI',
      headers: water,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().Response.items.map((row: { username: string }) => row.username)).toEqual([
      'water.op',
    ]);
    // A typed % is a character, not a wildcard.
    const literal = await app.server.inject({ method: 'GET', url: '/ump/admin/users?q=%25', headers: water });
    expect(literal.json().Response.total).toBe(0);
  });

  it('counts the total in the same pass as the page, and on its own past the last page', async () => {
    const water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const first = (
      await app.server.inject({ method: 'GET', url: '/ump/admin/users?pageSize=1', headers: water })
    ).json().Response;
    expect(first.items).toHaveLength(1);
    expect(first.total).toBeGreaterThan(1);
    const beyond = (
      await app.server.inject({ method: 'GET', url: '/ump/admin/users?page=999', headers: water })
    ).json().Response;
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });
});
