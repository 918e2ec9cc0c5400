import type { MenuItemNode } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');
const ids = (nodes: MenuItemNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children)]);

/**
 * Issue 13: a change to a role's grants takes effect on its holders' next request on every
 * instance. The role is changed on B; the holder asks A, whose menu tree was cached before.
 */
describe.each(siblingBackends)('role grant changes across two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
  let a: TestApp;
  let b: TestApp;
  let holder: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    sibling = await infra.openSibling();
    a = await startTestApp(infra);
    b = await startTestApp(sibling);
    holder = bearer(await tokenFor(a, infra.db, 'water.op', 't-water'));
    admin = bearer(await tokenFor(b, sibling.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sibling?.close();
    await infra?.close();
  });

  const mergedTreeOnA = async () => {
    const res = await a.server.inject({ method: 'GET', url: '/ump/menu/mergeUserMenuTree', headers: holder });
    expect(res.statusCode, res.body).toBe(200);
    return ids(res.json().Response).sort();
  };
  const changeOnB = async (change: Record<string, unknown>) => {
    const role = await b.server.inject({
      method: 'GET',
      url: '/ump/admin/roles/t-water-operator',
      headers: admin,
    });
    const saved = await b.server.inject({
      method: 'PUT',
      url: '/ump/admin/roles/t-water-operator',
      headers: admin,
      payload: { ...change, version: role.json().Response.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it("shows a menu grant made on B in the holder's merged menu tree on A within a second", async () => {
    const before = await mergedTreeOnA(); // cached on A now
    expect(before).toEqual(['m-device-list', 'm-device-map', 'm-devices', 'm-home', 'm-knowledge']);
    expect(await mergedTreeOnA()).toEqual(before);
    await changeOnB({ menuIds: ['m-saas'] });
    await expect.poll(mergedTreeOnA, { timeout: 1000, interval: 10 }).toEqual(['m-knowledge', 'm-saas']);
  });

  it('lets the holder use a permission code granted on B on their very next request to A', async () => {
    const rolesOnA = () => a.server.inject({ method: 'GET', url: '/ump/admin/roles', headers: holder });
    expect((await rolesOnA()).statusCode).toBe(403);
    await changeOnB({ permissions: ['role:list'] });
    expect((await rolesOnA()).statusCode).toBe(200);
    await changeOnB({ permissions: [] });
    expect((await rolesOnA()).statusCode).toBe(403);
  });

  // Issue 24, defect 7: the member's roles changed on the users page, not the role itself.
  it("takes a member's menus and administrator flag away on A once the users page on B drops their roles", async () => {
    const holderId = await accountIdOf(infra.db, 'water.op');
    const userTreeOnA = async () => {
      const res = await a.server.inject({ method: 'GET', url: '/ump/menu/userMenuTree', headers: holder });
      expect(res.statusCode).toBe(200);
      return ids(res.json().Response);
    };
    const isAdminOnA = async () =>
      (await a.server.inject({ method: 'GET', url: '/ump/currUserInfo', headers: holder })).json().Response
        .isAdmin as boolean;
    const assignOnB = async (roleIds: string[]) => {
      const res = await b.server.inject({
        method: 'POST',
        url: `/ump/admin/users/${holderId}/assign-roles`,
        headers: admin,
        payload: { roleIds },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await assignOnB(['t-water-operator', 't-water-tenant-admin']);
    await expect.poll(isAdminOnA, { timeout: 1000, interval: 10 }).toBe(true);
    expect((await userTreeOnA()).length).toBeGreaterThan(0); // cached on A now
    await assignOnB([]);
    await expect.poll(userTreeOnA, { timeout: 1000, interval: 10 }).toEqual([]);
    await expect.poll(isAdminOnA, { timeout: 1000, interval: 10 }).toBe(false);
  });
});
