import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');

/**
 * Issue 24, defects 5 and 6: whether a tenant admits anyone is asked on every request, from a copy
 * each instance keeps a few seconds; a change made on B drops A's copy at once. The change here
 * (an end date in the past) revokes no session, so only admission can refuse the token on A.
 */
describe.each(siblingBackends)('tenant admission across two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
  let a: TestApp;
  let b: TestApp;
  let member: Record<string, string>;
  let platform: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    sibling = await infra.openSibling();
    a = await startTestApp(infra);
    b = await startTestApp(sibling);
    member = bearer(await tokenFor(a, infra.db, 'energy.admin', 't-energy'));
    platform = bearer(await tokenFor(b, sibling.db, 'admin', null));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sibling?.close();
    await infra?.close();
  });

  const usersOnA = async () => {
    const res = await a.server.inject({ method: 'GET', url: '/ump/admin/users', headers: member });
    return res.statusCode === 200 ? 'admitted' : (res.json().Error as string);
  };
  const endOnB = async (expiresAt: string | null) => {
    const tenant = await b.server.inject({
      method: 'GET',
      url: '/dmp/admin/tenants/t-energy',
      headers: platform,
    });
    const saved = await b.server.inject({
      method: 'PUT',
      url: '/dmp/admin/tenants/t-energy',
      headers: platform,
      payload: { expiresAt, version: tenant.json().Response.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it("refuses a session on A within a second of the tenant's end being moved into the past on B", async () => {
    expect(await usersOnA()).toBe('admitted');
    expect(await usersOnA()).toBe('admitted'); // A holds the tenant's state now
    await endOnB(new Date(Date.now() - 60_000).toISOString());
    await expect.poll(usersOnA, { timeout: 1000, interval: 10 }).toBe('TENANT_EXPIRED');
    await endOnB(null);
    await expect.poll(usersOnA, { timeout: 1000, interval: 10 }).toBe('admitted');
  });
});
