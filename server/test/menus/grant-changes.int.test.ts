import type { MenuItemNode } from '@uniwim/contracts';
import { menuTreeSchema } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const paths = (nodes: MenuItemNode[], prefix = ''): string[] =>
  nodes.flatMap((node) => [`${prefix}${node.id}`, ...paths(node.children, `${prefix}${node.id}>`)]);

/** The tenant-admin writes that change menu trees: role grants and members' roles. */
describe.each(testBackends())('menu grant changes on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    for (const [username, tenantId] of [
      ['water.admin', 't-water'],
      ['water.op', 't-water'],
      ['energy.admin', 't-energy'],
      ['energy.staff', 't-energy'],
    ] as const) {
      tokens[username] = await tokenFor(app, infra.db, username, tenantId);
    }
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.server.inject({ method: 'GET', url, headers });
  const treeOf = async (url: string, token: string | undefined) => {
    const res = await get(url, bearer(token!));
    expect(res.statusCode, res.body).toBe(200);
    return menuTreeSchema.parse(res.json().Response);
  };
  const post = (url: string, token: string, payload: unknown) =>
    app.server.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

  describe('changing grants and roles', () => {
    it('shows a grant change on the next call, with a new ETag', async () => {
      const before = await get('/ump/menu/userMenuTree', bearer(tokens['water.op']!));
      const saved = await post('/ump/role/saveMenus', tokens['water.admin']!, {
        roleId: 't-water-operator',
        menuIds: ['m-home', 'm-device-list', 'm-device-map', 'm-knowledge', 'm-knowledge'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        Code: 0,
        Response: {
          roleId: 't-water-operator',
          menuIds: ['m-home', 'm-device-list', 'm-device-map', 'm-knowledge'],
        },
      });
      const after = await get('/ump/menu/userMenuTree', {
        ...bearer(tokens['water.op']!),
        'if-none-match': before.headers.etag as string,
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json().Response.map((n: MenuItemNode) => n.id)).toEqual([
        'm-home',
        'm-devices',
        'm-knowledge',
      ]);
    });

    it('changes nothing when a menu is not of an empowered application or the role is unknown', async () => {
      const before = await treeOf('/ump/menu/userMenuTree', tokens['energy.staff']!);
      const notEmpowered = await post('/ump/role/saveMenus', tokens['energy.admin']!, {
        roleId: 't-energy-staff',
        menuIds: ['m-home', 'm-knowledge', 'no-such-menu'],
      });
      expect(notEmpowered.statusCode).toBe(404);
      expect(notEmpowered.json()).toMatchObject({
        Error: 'MENU_NOT_FOUND',
        Details: { menuIds: ['m-knowledge', 'no-such-menu'] },
      });
      // Another tenant's role is unknown here.
      const foreignRole = await post('/ump/role/saveMenus', tokens['energy.admin']!, {
        roleId: 't-water-operator',
        menuIds: [],
      });
      expect(foreignRole.statusCode).toBe(404);
      expect(foreignRole.json().Error).toBe('ROLE_NOT_FOUND');
      expect(await treeOf('/ump/menu/userMenuTree', tokens['energy.staff']!)).toEqual(before);
    });

    it('refuses non-admins and bad bodies', async () => {
      const byOperator = await post('/ump/role/saveMenus', tokens['water.op']!, {
        roleId: 't-water-operator',
        menuIds: [],
      });
      expect(byOperator.statusCode).toBe(403);
      expect(byOperator.json().Error).toBe('FORBIDDEN');
      for (const payload of [
        { roleId: 't-water-operator' },
        { roleId: 't-water-operator', menuIds: 'm-home' },
        { roleId: 't-water-operator', menuIds: [], extra: true },
        { roleId: '', menuIds: [] },
      ]) {
        const res = await post('/ump/role/saveMenus', tokens['water.admin']!, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().Code).toBeGreaterThanOrEqual(40000);
      }
    });

    it("changes a member's roles, and with them the tree and the admin menu", async () => {
      const opId = await accountIdOf(infra.db, 'water.op');
      expect((await get('/ump/adminMenu/adminMenuTree', bearer(tokens['water.op']!))).statusCode).toBe(403);
      const saved = await post('/ump/user/saveRoles', tokens['water.admin']!, {
        userId: opId,
        roleIds: ['t-water-operator', 't-water-tenant-admin'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(paths(await treeOf('/ump/menu/userMenuTree', tokens['water.op']!))).toContain('m-saas');
      expect((await get('/ump/adminMenu/adminMenuTree', bearer(tokens['water.op']!))).statusCode).toBe(200);
      const currentUser = await get('/ump/currUserInfo', bearer(tokens['water.op']!));
      expect(currentUser.json().Response.isAdmin).toBe(true);
    });

    it('never leaves a tenant without an administrator, and refuses strangers and unknown roles', async () => {
      const energyAdminId = await accountIdOf(infra.db, 'energy.admin');
      const lastAdmin = await post('/ump/user/saveRoles', tokens['energy.admin']!, {
        userId: energyAdminId,
        roleIds: ['t-energy-staff'],
      });
      expect(lastAdmin.statusCode).toBe(422);
      expect(lastAdmin.json()).toMatchObject({ Code: 42210, Error: 'LAST_TENANT_ADMIN' });
      expect((await get('/ump/adminMenu/adminMenuTree', bearer(tokens['energy.admin']!))).statusCode).toBe(
        200,
      );

      const stranger = await post('/ump/user/saveRoles', tokens['energy.admin']!, {
        userId: await accountIdOf(infra.db, 'water.op'),
        roleIds: [],
      });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().Error).toBe('MEMBER_NOT_FOUND');
      const unknownRole = await post('/ump/user/saveRoles', tokens['energy.admin']!, {
        userId: energyAdminId,
        roleIds: ['t-energy-tenant-admin', 't-water-operator'],
      });
      expect(unknownRole.statusCode).toBe(404);
      expect(unknownRole.json()).toMatchObject({
        Error: 'ROLE_NOT_FOUND',
        Details: { roleIds: ['t-water-operator'] },
      });
    });
  });
});
