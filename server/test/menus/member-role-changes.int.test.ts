import type { MenuItemNode } from '@uniwim/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const USERS = '/ump/admin/users';
const OPERATOR_ROLE = 't-water-operator';
const ids = (nodes: MenuItemNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children)]);

/**
 * Issue 24, defect 7: a member's roles changed on the users page (assign-roles, the edit form, the
 * batch remove-role) take effect on the member's very next request, as a change of the role itself
 * does: the grant triggers flag the write and the admin framework announces it.
 */
describe.each(testBackends())("members' role changes on $name", (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;
  let holder: Record<string, string>;
  let opId: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    admin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    holder = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    opId = await accountIdOf(infra.db, 'water.op');
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.server.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const menusOfHolder = async () => {
    const res = await app.server.inject({ method: 'GET', url: '/ump/menu/userMenuTree', headers: holder });
    expect(res.statusCode, res.body).toBe(200);
    return ids(res.json().Response).sort();
  };
  const GRANTED = ['m-device-list', 'm-device-map', 'm-devices', 'm-home'];

  beforeEach(async () => {
    await call('POST', `${USERS}/${opId}/assign-roles`, { roleIds: [OPERATOR_ROLE] });
    expect(await menusOfHolder()).toEqual(GRANTED);
    expect(await menusOfHolder()).toEqual(GRANTED); // cached on this instance now
  });

  it('takes the menus away on the next request after assign-roles with no roles', async () => {
    await call('POST', `${USERS}/${opId}/assign-roles`, { roleIds: [] });
    expect(await menusOfHolder()).toEqual([]);
  });

  it('takes them away on the next request after the edit form drops the role', async () => {
    const { version } = await call('GET', `${USERS}/${opId}`);
    await call('PUT', `${USERS}/${opId}`, { roleIds: [], version });
    expect(await menusOfHolder()).toEqual([]);
  });

  it('takes them away on the next request after the batch remove-role', async () => {
    await call('POST', `${USERS}/batch`, { action: 'remove-role', ids: [opId], roleId: OPERATOR_ROLE });
    expect(await menusOfHolder()).toEqual([]);
  });

  it("changes the current user's administrator flag on the next request", async () => {
    const isAdmin = async () =>
      (await app.server.inject({ method: 'GET', url: '/ump/currUserInfo', headers: holder })).json().Response
        .isAdmin as boolean;
    expect(await isAdmin()).toBe(false);
    await call('POST', `${USERS}/${opId}/assign-roles`, { roleIds: [OPERATOR_ROLE, 't-water-tenant-admin'] });
    expect(await isAdmin()).toBe(true);
    await call('POST', `${USERS}/${opId}/assign-roles`, { roleIds: [OPERATOR_ROLE] });
    expect(await isAdmin()).toBe(false);
  });
});
