import { type MenuItemNode, permissionCodesOf, type RoleGrantNode } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const ROLES = '/ump/admin/roles';
const ids = (nodes: MenuItemNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children)]);
const keys = (nodes: RoleGrantNode[]): string[] =>
  nodes.flatMap((node) => [node.key, ...keys(node.children)]);

describe.each(testBackends())('tenant roles on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let waterOp: Record<string, string>;
  let energyAdmin: Record<string, string>;
  let waterOpId: string;
  let waterAdminId: string;
  let energyStaffId: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    waterOpId = await accountIdOf(infra.db, 'water.op');
    waterAdminId = await accountIdOf(infra.db, 'water.admin');
    energyStaffId = await accountIdOf(infra.db, 'energy.staff');
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = waterAdmin,
  ) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const menuOf = async (headers: Record<string, string>) => {
    const res = await call('GET', '/ump/menu/userMenuTree', undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return ids(res.json().Response).sort();
  };
  const roleOf = async (id: string) => (await call('GET', `${ROLES}/${id}`)).json().Response;

  let inspectorId: string;

  it('lists the built-in administrator role and the seeded roles', async () => {
    const res = await call('GET', `${ROLES}?sort=code`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().Response.items;
    expect(rows.map((r: { code: string }) => r.code)).toEqual(['operator', 'tenant-admin']);
    expect(rows[1]).toMatchObject({ builtin: true, isAdmin: true, holders: 1, status: 'active' });
    expect(rows[0]).toMatchObject({ menuIds: ['m-device-list', 'm-device-map', 'm-home'], holders: 1 });
  });

  it('offers a grant tree of the entitled applications and the console pages with their codes', async () => {
    const res = await call('GET', `${ROLES}/grant-tree`);
    expect(res.statusCode, res.body).toBe(200);
    const all = keys(res.json().Response.nodes);
    expect(all).toEqual(expect.arrayContaining(['menu:m-home', 'menu:m-device-list', 'menu:m-knowledge']));
    expect(all).toEqual(
      expect.arrayContaining(['console', 'admin:am-users', 'code:user:list', 'code:role:grant']),
    );
    expect(all.some((key) => key.includes('am-tenant-manage') || key.includes('tenant:list'))).toBe(false);
    // energy is not entitled to the knowledge base
    const energy = keys(
      (await call('GET', `${ROLES}/grant-tree`, undefined, energyAdmin)).json().Response.nodes,
    );
    expect(energy).not.toContain('menu:m-knowledge');
  });

  it('creates a role with one menu, a code and own-department scope; refuses bad input whole', async () => {
    const bad = await call('POST', ROLES, { code: '1x', name: '' });
    expect(bad.statusCode).toBe(400);
    const platformCode = await call('POST', ROLES, { code: 'x1', name: 'X', permissions: ['tenant:list'] });
    expect(platformCode.statusCode).toBe(400);
    expect(platformCode.json().Message).toContain('未知的租户权限码');
    const foreignMenu = await call('POST', ROLES, { code: 'x2', name: 'X', menuIds: ['m-nope'] });
    expect(foreignMenu.statusCode).toBe(404);
    expect(foreignMenu.json().Details).toMatchObject({ menuIds: ['m-nope'] });
    expect((await call('GET', `${ROLES}?code=x`)).json().Response.total).toBe(0);

    const created = await call('POST', ROLES, {
      code: 'inspector',
      name: '巡检员',
      sort: 5,
      remark: '现场巡检',
      menuIds: ['m-saas'],
      dataScope: 'department',
      permissions: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    inspectorId = created.json().Response.id;
    expect(created.json().Response).toMatchObject({
      code: 'inspector',
      name: '巡检员',
      sort: 5,
      remark: '现场巡检',
      menuIds: ['m-saas'],
      dataScope: 'department',
      departmentIds: [],
      builtin: false,
      holders: 0,
      version: 0,
    });
    const duplicate = await call('POST', ROLES, { code: 'inspector', name: '重复' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().Message).toBe('角色编码已存在');
    const sameName = await call('POST', ROLES, { code: 'inspector2', name: '巡检员' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().Message).toBe('角色名称已存在');
    const renamed = await call('PUT', `${ROLES}/${inspectorId}`, { name: '运维人员', version: 0 });
    expect(renamed.statusCode).toBe(409);
  });

  it('keeps built-in roles: no rename, no delete, no disable, grants stay everything', async () => {
    const admin = await roleOf('t-water-tenant-admin');
    const rename = await call('PUT', `${ROLES}/t-water-tenant-admin`, {
      name: '改名',
      version: admin.version,
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().Message).toBe('内置角色不能改名');
    const regrant = await call('PUT', `${ROLES}/t-water-tenant-admin`, {
      menuIds: [],
      version: admin.version,
    });
    expect(regrant.statusCode).toBe(422);
    expect((await call('DELETE', `${ROLES}/t-water-tenant-admin`)).statusCode).toBe(422);
    expect((await call('POST', `${ROLES}/t-water-tenant-admin/disable`, {})).statusCode).toBe(422);
    const remark = await call('PUT', `${ROLES}/t-water-tenant-admin`, {
      remark: '全部权限',
      version: admin.version,
    });
    expect(remark.statusCode, remark.body).toBe(200);
    // a form sends every field: unchanged grants are no change
    const whole = await call('PUT', `${ROLES}/t-water-tenant-admin`, {
      name: admin.name,
      remark: '全部权限。',
      menuIds: [...admin.menuIds].reverse(),
      permissions: admin.permissions,
      dataScope: admin.dataScope,
      departmentIds: [],
      version: admin.version + 1,
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().Response.menuIds).toEqual(admin.menuIds);
  });

  it("changes a holder's menu tree and permission checks on their next request", async () => {
    expect(await menuOf(waterOp)).toEqual(['m-device-list', 'm-device-map', 'm-devices', 'm-home']);
    expect((await call('GET', ROLES, undefined, waterOp)).statusCode).toBe(403);
    expect((await call('GET', '/ump/admin/users', undefined, waterOp)).statusCode).toBe(403);

    const added = await call('POST', `${ROLES}/${inspectorId}/add-users`, { accountIds: [waterOpId] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().Response.holders).toBe(1);
    expect(await menuOf(waterOp)).toEqual(['m-device-list', 'm-device-map', 'm-devices', 'm-home', 'm-saas']);

    const role = await roleOf(inspectorId);
    const granted = await call('PUT', `${ROLES}/${inspectorId}`, {
      menuIds: ['m-knowledge'],
      permissions: ['role:list', 'user:list'],
      version: role.version,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await menuOf(waterOp)).toEqual([
      'm-device-list',
      'm-device-map',
      'm-devices',
      'm-home',
      'm-knowledge',
    ]);
    expect((await call('GET', ROLES, undefined, waterOp)).statusCode).toBe(200);
    const users = await call('GET', '/ump/admin/users', undefined, waterOp);
    expect(users.statusCode, users.body).toBe(200);
    const codes = (await call('GET', '/ump/admin/permissions', undefined, waterOp)).json().Response.codes;
    expect(codes).toEqual(['role:list', 'user:list']);
    // The admin console opens for the holder with exactly the pages those codes open.
    const console = await call('GET', '/ump/adminMenu/adminMenuTree', undefined, waterOp);
    expect(console.statusCode, console.body).toBe(200);
    expect(ids(console.json().Response)).toEqual(['am-organisation', 'am-users', 'am-roles']);
    expect((await call('GET', '/ump/currUserInfo', undefined, waterOp)).json().Response.isAdmin).toBe(true);
    // role:list does not let the holder change roles
    const write = await call(
      'PUT',
      `${ROLES}/${inspectorId}`,
      { remark: 'x', version: role.version + 1 },
      waterOp,
    );
    expect(write.statusCode).toBe(403);

    const stale = await call('PUT', `${ROLES}/${inspectorId}`, { permissions: [], version: role.version });
    expect(stale.statusCode).toBe(409);
    const revoked = await call('PUT', `${ROLES}/${inspectorId}`, {
      permissions: [],
      version: role.version + 1,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call('GET', ROLES, undefined, waterOp)).statusCode).toBe(403);
    expect((await call('GET', '/ump/admin/users', undefined, waterOp)).statusCode).toBe(403);
    expect((await call('GET', '/ump/adminMenu/adminMenuTree', undefined, waterOp)).statusCode).toBe(403);
    expect((await call('GET', '/ump/currUserInfo', undefined, waterOp)).json().Response.isAdmin).toBe(false);
  });

  it('refuses to disable or delete a role in use, saying by how many users', async () => {
    const disable = await call('POST', `${ROLES}/${inspectorId}/disable`, {});
    expect(disable.statusCode).toBe(409);
    expect(disable.json().Message).toBe('该角色正被 1 名用户使用，无法停用');
    const remove = await call('DELETE', `${ROLES}/${inspectorId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().Message).toBe('该角色正被 1 名用户使用，无法删除');
    expect(remove.json().Details).toMatchObject({ holders: 1 });
  });

  it('lists, searches, adds and batch-removes holders', async () => {
    const holders = await call('GET', `${ROLES}/${inspectorId}/users?q=op`);
    expect(holders.statusCode, holders.body).toBe(200);
    expect(holders.json().Response).toMatchObject({
      total: 1,
      items: [{ username: 'water.op', departmentName: '生产运营部', mobile: '13900000002' }],
    });
    expect((await call('GET', `${ROLES}/${inspectorId}/users?q=nobody`)).json().Response.total).toBe(0);
    const options = (await call('GET', `${ROLES}/member-options?notInRole=${inspectorId}`)).json().Response;
    expect(options.map((m: { username: string }) => m.username)).toEqual(['water.admin']);
    // Nobody changes their own roles (issue 24), an administrator neither: the platform's may.
    const own = await call('POST', `${ROLES}/${inspectorId}/add-users`, { accountIds: [waterAdminId] });
    expect(own.statusCode).toBe(403);
    expect(own.json().Error).toBe('OWN_ROLES_UNCHANGEABLE');
    const platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', 't-water'));
    expect(
      (
        await call('POST', `${ROLES}/${inspectorId}/add-users`, { accountIds: [waterAdminId] }, platformAdmin)
      ).json().Response.holders,
    ).toBe(2);
    const removed = await call(
      'POST',
      `${ROLES}/${inspectorId}/remove-users`,
      { accountIds: [waterAdminId, waterOpId] },
      platformAdmin,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().Response.holders).toBe(0);
    expect(await menuOf(waterOp)).toEqual(['m-device-list', 'm-device-map', 'm-devices', 'm-home']);
    const last = await call(
      'POST',
      `${ROLES}/t-water-tenant-admin/remove-users`,
      { accountIds: [waterAdminId] },
      platformAdmin,
    );
    expect(last.statusCode).toBe(422);
    expect(last.json().Code).toBe(42210);
  });

  it('makes a new holder of the administrator role an administrator on their next request, and back', async () => {
    const isAdmin = async () =>
      (await call('GET', '/ump/currUserInfo', undefined, waterOp)).json().Response.isAdmin as boolean;
    expect(await isAdmin()).toBe(false); // cached now
    const added = await call('POST', `${ROLES}/t-water-tenant-admin/add-users`, { accountIds: [waterOpId] });
    expect(added.statusCode, added.body).toBe(200);
    expect(await isAdmin()).toBe(true);
    expect((await call('GET', ROLES, undefined, waterOp)).statusCode).toBe(200);
    await call('POST', `${ROLES}/t-water-tenant-admin/remove-users`, { accountIds: [waterOpId] });
    expect(await isAdmin()).toBe(false);
    expect((await call('GET', ROLES, undefined, waterOp)).statusCode).toBe(403);
  });

  it('stores the departments of a custom scope and reads them back', async () => {
    const none = await call('POST', ROLES, { code: 'svc', name: '客服主管', dataScope: 'custom' });
    expect(none.statusCode).toBe(400);
    const unknown = await call('POST', ROLES, {
      code: 'svc',
      name: '客服主管',
      dataScope: 'custom',
      departmentIds: ['d-t-energy'],
    });
    expect(unknown.statusCode).toBe(400);
    const created = await call('POST', ROLES, {
      code: 'svc',
      name: '客服主管',
      dataScope: 'custom',
      departmentIds: ['d-t-water-hotline', 'd-t-water-service'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().Response.id;
    expect((await roleOf(id)).departmentIds).toEqual(['d-t-water-hotline', 'd-t-water-service']);
    const role = await roleOf(id);
    const narrowed = await call('PUT', `${ROLES}/${id}`, {
      departmentIds: ['d-t-water-ops'],
      version: role.version,
    });
    expect(narrowed.json().Response.departmentIds).toEqual(['d-t-water-ops']);
    const own = await call('PUT', `${ROLES}/${id}`, { dataScope: 'self', version: role.version + 1 });
    expect(own.json().Response).toMatchObject({ dataScope: 'self', departmentIds: [] });
    const options = (await call('GET', `${ROLES}/department-options`)).json().Response;
    expect(options.map((d: { id: string }) => d.id)).toEqual(
      expect.arrayContaining(['d-t-water', 'd-t-water-ops', 'd-t-water-hotline']),
    );
    expect(options.some((d: { id: string }) => d.id.startsWith('d-t-energy'))).toBe(false);
    // a role nobody holds can be disabled, enabled and deleted
    expect((await call('POST', `${ROLES}/${id}/disable`, {})).json().Response.status).toBe('disabled');
    expect((await call('POST', `${ROLES}/${id}/enable`, {})).json().Response.status).toBe('active');
    expect((await call('DELETE', `${ROLES}/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `${ROLES}/${id}`)).statusCode).toBe(404);
  });

  it("answers a member's effective menus, codes and data scope with the roles they come from", async () => {
    const role = await roleOf(inspectorId);
    await call('PUT', `${ROLES}/${inspectorId}`, {
      menuIds: ['m-home', 'm-saas'],
      permissions: ['user:list'],
      dataScope: 'department_and_below',
      version: role.version,
    });
    await call('POST', `${ROLES}/${inspectorId}/add-users`, { accountIds: [waterOpId] });
    const res = await call('GET', `${ROLES}/effective-permissions?accountId=${waterOpId}`);
    expect(res.statusCode, res.body).toBe(200);
    const effective = res.json().Response;
    expect(effective).toMatchObject({
      username: 'water.op',
      departmentName: '生产运营部',
      memberStatus: 'active',
    });
    expect(effective.roles.map((r: { name: string }) => r.name)).toEqual(['运维人员', '巡检员']);
    const home = effective.menus.find((m: { id: string }) => m.id === 'm-home');
    expect(home.roles.map((r: { name: string }) => r.name).sort()).toEqual(['巡检员', '运维人员']);
    expect(effective.menus.find((m: { id: string }) => m.id === 'm-saas').roles).toEqual([
      { id: inspectorId, name: '巡检员' },
    ]);
    expect(effective.permissions).toEqual([
      { code: 'user:list', title: '查看用户', roles: [{ id: inspectorId, name: '巡检员' }] },
    ]);
    // the seeded operator role has scope "all", so the union is everything
    expect(effective.dataScope).toMatchObject({
      all: true,
      roles: [{ id: 't-water-operator', name: '运维人员' }],
    });

    const admin = (await call('GET', `${ROLES}/effective-permissions?accountId=${waterAdminId}`)).json()
      .Response;
    expect(admin.permissions.length).toBe(permissionCodesOf('tenant').length);
    expect(admin.dataScope.all).toBe(true);
    expect(
      (await call('GET', `${ROLES}/effective-permissions?accountId=${waterOpId}`, undefined, waterOp))
        .statusCode,
    ).toBe(403);
  });

  it("never lets water's administrator read or change energy's roles or assign energy's users", async () => {
    const energyRole = 't-energy-staff';
    expect((await call('GET', `${ROLES}/${energyRole}`)).statusCode).toBe(404);
    expect((await call('GET', `${ROLES}/${energyRole}/users`)).statusCode).toBe(404);
    expect((await call('GET', `${ROLES}/${energyRole}/history`)).json().Response).toEqual([]);
    expect((await call('PUT', `${ROLES}/${energyRole}`, { name: 'x', version: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', `${ROLES}/${energyRole}`)).statusCode).toBe(404);
    expect((await call('POST', `${ROLES}/batch-delete`, { ids: [energyRole] })).statusCode).toBe(404);
    expect((await call('POST', `${ROLES}/${energyRole}/disable`, {})).statusCode).toBe(404);
    expect(
      (await call('POST', `${ROLES}/${energyRole}/add-users`, { accountIds: [waterOpId] })).statusCode,
    ).toBe(404);
    const foreignUser = await call('POST', `${ROLES}/${inspectorId}/add-users`, {
      accountIds: [energyStaffId],
    });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json().Code).toBe(40411);
    expect((await call('GET', `${ROLES}/effective-permissions?accountId=${energyStaffId}`)).statusCode).toBe(
      404,
    );
    const list = (await call('GET', `${ROLES}?pageSize=200`)).json().Response.items;
    expect(list.some((r: { id: string }) => r.id.startsWith('t-energy'))).toBe(false);
    const energyRoles = (await call('GET', ROLES, undefined, energyAdmin)).json().Response.items;
    expect(energyRoles.map((r: { code: string }) => r.code).sort()).toEqual(['staff', 'tenant-admin']);
    expect(
      (await call('GET', `${ROLES}/${energyRole}`, undefined, energyAdmin)).json().Response.holders,
    ).toBe(1);
  });
});
