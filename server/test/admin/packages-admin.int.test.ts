import type { MenuItemNode } from '@uniwim/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMenuGrants, tenantApplications } from '../../src/db/schema';
import { tenantPackages } from '../../src/modules/packages/schema';
import { createEntitlementSweep } from '../../src/modules/packages/sweep';
import { operationLogs } from '../../src/platform/admin/schema';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/packages';
type Headers = Record<string, string>;

const ids = (nodes: MenuItemNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);

describe.each(testBackends())('the packages resource on $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>> | undefined;
  let app: TestApp;
  /** On PostgreSQL and Redis, a second instance sharing them: its menu caches must follow too. */
  let other: TestApp | undefined;
  const instances = () => (other ? [app, other] : [app]);
  let admin: Headers;
  let waterOp: Headers;
  let waterAdmin: Headers;
  /** When the last of the file's apps started: each sweeps packages due by date 1 s after its start. */
  let appsStartedAt = 0;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    if (backend.name !== 'pglite+memory') {
      sibling = await infra.openSibling();
      other = await startTestApp(sibling, {});
    }
    appsStartedAt = Date.now();
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
    await sibling?.close();
    await infra?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = admin,
    on = app,
  ) =>
    on.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (name: string, menuIds: string[], extra: Record<string, unknown> = {}) => {
    const res = await call('POST', BASE, { name, menuIds, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { id: string; version: number; menuIds: string[]; [k: string]: unknown };
  };
  const list = async (query: string) => {
    const res = await call('GET', `${BASE}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as {
      items: { id: string; name: string; version: number; [k: string]: unknown }[];
      total: number;
    };
  };
  const read = async (id: string) => (await call('GET', `${BASE}/${id}`)).json().Response;
  const setPackages = (tenantId: string, packages: unknown[]) =>
    call('POST', `/dmp/admin/tenants/${tenantId}/set-packages`, { packages });
  const menuTree = async (headers: Headers, on = app) => {
    const res = await call('GET', '/ump/menu/userMenuTree', undefined, headers, on);
    expect(res.statusCode, res.body).toBe(200);
    return ids(res.json().Response).sort();
  };
  const grantsOf = (tenantId: string, roleId: string) =>
    infra.db
      .asPlatform((tx) =>
        tx
          .select({ menuId: roleMenuGrants.menuId })
          .from(roleMenuGrants)
          .where(and(eq(roleMenuGrants.tenantId, tenantId), eq(roleMenuGrants.roleId, roleId))),
      )
      .then((rows) => rows.map((r) => r.menuId).sort());
  const applicationsOf = (tenantId: string) =>
    infra.db
      .asPlatform((tx) =>
        tx
          .select({ id: tenantApplications.applicationId })
          .from(tenantApplications)
          .where(eq(tenantApplications.tenantId, tenantId)),
      )
      .then((rows) => rows.map((r) => r.id).sort());

  let basic: { id: string; version: number };

  it('creates a package: the ancestors of chosen items are included, its applications follow', async () => {
    basic = await create('入门版', ['m-home', 'm-device-list'], { remark: '首页与设备列表' });
    expect(basic).toMatchObject({
      name: '入门版',
      remark: '首页与设备列表',
      status: 'active',
      menuIds: ['m-device-list', 'm-devices', 'm-home'],
      applicationIds: ['app-devices', 'app-workbench'],
      menuCount: 3,
      applicationCount: 2,
      tenantCount: 0,
      version: 0,
    });
    const history = (await call('GET', `${BASE}/${basic.id}/history`)).json().Response;
    expect(history[0]).toMatchObject({ action: 'create' });
  });

  it('refuses a taken name naming the field, an unknown menu item and an empty menu set', async () => {
    const same = await call('POST', BASE, { name: '入门版', menuIds: ['m-home'] });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ Error: 'DUPLICATE', Message: '套餐名称已存在' });
    expect(same.json().Details[0].path).toBe('body.name');
    const unknown = await call('POST', BASE, { name: '未知菜单', menuIds: ['m-home', 'm-nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Error: 'MENU_NOT_FOUND', Message: '菜单不存在：m-nope' });
    const empty = await call('POST', BASE, { name: '空套餐', menuIds: [] });
    expect(empty.statusCode).toBe(400);
    expect((await list('name=%E6%9C%AA%E7%9F%A5')).total).toBe(0);
  });

  it('answers the catalogue as applications with their item trees for the form', async () => {
    const res = await call('GET', `${BASE}/menu-tree`);
    expect(res.statusCode, res.body).toBe(200);
    const devices = res.json().Response.find((a: { id: string }) => a.id === 'app-devices');
    expect(devices).toMatchObject({ name: '设备管理', version: '1.2.0' });
    expect(devices.menus).toHaveLength(1);
    expect(devices.menus[0]).toMatchObject({ id: 'm-devices', parentId: null, name: '设备' });
    expect(devices.menus[0].children.map((c: { id: string }) => c.id)).toEqual([
      'm-device-list',
      'm-device-add',
      'm-device-map',
    ]);
    expect(devices.menus[0].children[0]).toMatchObject({ parentId: 'm-devices', type: null, children: [] });
  });

  it('pages, sorts and filters as declared', async () => {
    await create('专业版', ['m-home', 'm-saas', 'm-device-list', 'm-device-add', 'm-device-map']);
    await create('知识版', ['m-knowledge'], { status: 'disabled', remark: '仅知识库' });
    // The demo seed's packages (基础版: the workbench; 标准版: every application) are listed with them.
    const names = ['专业版', '入门版', '基础版', '标准版', '知识版'];
    const pages = await Promise.all([1, 2, 3].map((page) => list(`page=${page}&pageSize=2&sort=name`)));
    expect(pages[0]!.total).toBe(5);
    expect(pages.flatMap((page) => page.items).map((p) => p.name)).toEqual([...names].sort());
    expect(pages[2]!.items).toHaveLength(1);
    expect((await list('sort=-menuCount')).items.map((p) => p.name)).toEqual([
      '标准版',
      '专业版',
      '入门版',
      '基础版',
      '知识版',
    ]);
    expect((await list('sort=menuCount')).items[0]!.name).toBe('知识版');
    expect((await list('status=disabled')).items.map((p) => p.name)).toEqual(['知识版']);
    expect((await list('isDefault=true')).items.map((p) => p.name)).toEqual(['基础版']);
    expect((await list('name=%E7%89%88&status=active')).total).toBe(4);
    expect((await list('q=%E7%9F%A5%E8%AF%86%E5%BA%93')).items.map((p) => p.name)).toEqual(['知识版']);
    expect((await list('createdAtFrom=2000-01-01&createdAtTo=2999-12-31')).total).toBe(5);
    expect((await list('createdAtTo=2000-01-01')).total).toBe(0);
    expect((await call('GET', `${BASE}?sort=secret`)).statusCode).toBe(400);
  });

  it('updates with optimistic locking: a stale version answers 409 and changes nothing', async () => {
    const [pro] = (await list('name=%E4%B8%93%E4%B8%9A')).items as { id: string; version: number }[];
    const first = await call('PUT', `${BASE}/${pro!.id}`, { remark: '全部设备功能', version: pro!.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Response).toMatchObject({ remark: '全部设备功能', version: pro!.version + 1 });
    const stale = await call('PUT', `${BASE}/${pro!.id}`, { remark: '过期的修改', version: pro!.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Error).toBe('VERSION_CONFLICT');
    expect((await read(pro!.id)).remark).toBe('全部设备功能');
  });

  it('giving a package to a tenant empowers its applications, fills the administrator role and trims the others', async () => {
    // Warm the instances' menu caches first: what follows must not be served from them.
    for (const on of instances()) {
      expect(await menuTree(waterOp, on)).toEqual(['m-device-list', 'm-device-map', 'm-devices', 'm-home']);
    }

    const res = await setPackages('t-water', [{ packageId: basic.id, seatLimit: 20 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.packages).toEqual([
      {
        packageId: basic.id,
        name: '入门版',
        status: 'active',
        startsOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        endsOn: null,
        seatLimit: 20,
        current: true,
      },
    ]);
    expect(await applicationsOf('t-water')).toEqual(['app-devices', 'app-workbench']);
    expect(await grantsOf('t-water', 't-water-tenant-admin')).toEqual([
      'm-device-list',
      'm-devices',
      'm-home',
    ]);
    expect(await grantsOf('t-water', 't-water-operator')).toEqual(['m-device-list', 'm-home']);
    // The next request on every instance shows it.
    for (const on of instances()) {
      expect(await menuTree(waterOp, on)).toEqual(['m-device-list', 'm-devices', 'm-home']);
    }
    expect((await read(basic.id)).tenantCount).toBe(1);
    const history = (await call('GET', '/dmp/admin/tenants/t-water/history')).json().Response;
    expect(history[0]).toMatchObject({ action: 'set-packages' });
  });

  it('previews the impact of a menu change per tenant and role, and saving applies exactly that', async () => {
    for (const on of instances()) {
      expect(await menuTree(waterAdmin, on)).toEqual(['m-device-list', 'm-devices', 'm-home']);
    }
    const proposed = { menuIds: ['m-home', 'm-knowledge'] };
    const preview = await call('POST', `${BASE}/${basic.id}/impact`, proposed);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().Response).toEqual({
      packageId: basic.id,
      added: [{ id: 'm-knowledge', name: '知识库' }],
      removed: [
        { id: 'm-device-list', name: '设备列表' },
        { id: 'm-devices', name: '设备' },
      ],
      tenants: [
        {
          tenantId: 't-water',
          tenantName: '示范水务集团',
          current: true,
          gains: [{ id: 'm-knowledge', name: '知识库' }],
          losses: [
            { id: 'm-devices', name: '设备' },
            { id: 'm-device-list', name: '设备列表' },
          ],
          roles: [
            {
              roleId: 't-water-tenant-admin',
              roleName: '租户管理员',
              isAdmin: true,
              gains: [{ id: 'm-knowledge', name: '知识库' }],
              losses: [
                { id: 'm-devices', name: '设备' },
                { id: 'm-device-list', name: '设备列表' },
              ],
            },
            {
              roleId: 't-water-operator',
              roleName: '运维人员',
              isAdmin: false,
              gains: [],
              losses: [{ id: 'm-device-list', name: '设备列表' }],
            },
          ],
        },
      ],
    });
    // A preview changes nothing.
    expect(await grantsOf('t-water', 't-water-operator')).toEqual(['m-device-list', 'm-home']);
    expect((await read(basic.id)).menuIds).toEqual(['m-device-list', 'm-devices', 'm-home']);

    const saved = await call('PUT', `${BASE}/${basic.id}`, {
      ...proposed,
      version: (await read(basic.id)).version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await applicationsOf('t-water')).toEqual(['app-knowledge', 'app-workbench']);
    expect(await grantsOf('t-water', 't-water-tenant-admin')).toEqual(['m-home', 'm-knowledge']);
    expect(await grantsOf('t-water', 't-water-operator')).toEqual(['m-home']);
    for (const on of instances()) {
      expect(await menuTree(waterAdmin, on)).toEqual(['m-home', 'm-knowledge']);
      expect(await menuTree(waterOp, on)).toEqual(['m-home']);
    }
    // Both the package's history and the tenant's record it, in the save's transaction.
    const tenantLog = await infra.db.asPlatform((tx) =>
      tx
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.recordId, 't-water'), eq(operationLogs.action, 'package-sync'))),
    );
    expect(tenantLog).toHaveLength(1);
    expect(tenantLog[0]!.changes).toEqual({
      menuIds: { before: ['m-device-list', 'm-devices', 'm-home'], after: ['m-home', 'm-knowledge'] },
    });
    const history = (await call('GET', `${BASE}/${basic.id}/history`)).json().Response;
    expect(history[0]).toMatchObject({ action: 'update', changes: { menuIds: expect.any(Object) } });
  });

  it('a disabled package cannot be given; one the tenant holds may stay', async () => {
    const [knowledge] = (await list('status=disabled')).items as { id: string }[];
    const refused = await setPackages('t-energy', [{ packageId: knowledge!.id }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      Error: 'PACKAGE_DISABLED',
      Message: '套餐“知识版”已停用，不能分配给租户',
    });
    expect(refused.json().Details[0].path).toBe('body.packages.0.packageId');
    expect(await applicationsOf('t-energy')).toEqual(['app-devices', 'app-workbench']);

    const disable = await call('POST', `${BASE}/${basic.id}/disable`, {});
    expect(disable.json().Response.status).toBe('disabled');
    const kept = await setPackages('t-water', [{ packageId: basic.id, seatLimit: 30 }]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().Response.packages[0]).toMatchObject({ seatLimit: 30, status: 'disabled' });
    await call('POST', `${BASE}/${basic.id}/enable`, {});
  });

  it('one active package is the default of new tenants: marking another moves the mark (issue 25)', async () => {
    const defaults = async () => (await list('isDefault=true')).items.map((p) => p.name);
    expect(await defaults()).toEqual(['基础版']);
    const [seeded] = (await list('isDefault=true')).items;
    expect(seeded).toMatchObject({ isDefault: true, status: 'active' });

    const fresh = await read(basic.id);
    const marked = await call('PUT', `${BASE}/${basic.id}`, { isDefault: true, version: fresh.version });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().Response.isDefault).toBe(true);
    expect(await defaults()).toEqual(['入门版']);
    // The package that lost the mark moved on a version: a form open on it cannot save the old mark.
    expect((await read(seeded!.id)).version).toBe(seeded!.version + 1);

    // The default cannot be disabled, nor a disabled package become the default.
    const disable = await call('POST', `${BASE}/${basic.id}/disable`, {});
    expect(disable.statusCode).toBe(409);
    expect(disable.json().Message).toContain('默认套餐');
    const [knowledge] = (await list('status=disabled')).items;
    const refused = await call('PUT', `${BASE}/${knowledge!.id}`, {
      isDefault: true,
      version: knowledge!.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Details[0]).toMatchObject({ path: 'body.isDefault' });
    const created = await call('POST', BASE, {
      name: '停用默认',
      menuIds: ['m-home'],
      status: 'disabled',
      isDefault: true,
    });
    expect(created.statusCode).toBe(400);
    expect(await defaults()).toEqual(['入门版']);

    // A tenant created now holds the new default.
    const tenant = await call('POST', '/dmp/admin/tenants', {
      code: 'bydefault',
      name: '默认套餐公司',
      admin: { mobile: '13711112001' },
    });
    expect(tenant.statusCode, tenant.body).toBe(200);
    expect(tenant.json().Response.packages.map((p: { name: string }) => p.name)).toEqual(['入门版']);
    expect(await applicationsOf('t-bydefault')).toEqual((await read(basic.id)).applicationIds);
    // It lets the package go again, so the tests after this one count the holders they made.
    expect((await setPackages('t-bydefault', [])).statusCode).toBe(200);

    // Unmarked, no package is the default; the seed's mark comes back for the tests after this one.
    const current = await read(basic.id);
    const unmarked = await call('PUT', `${BASE}/${basic.id}`, { isDefault: false, version: current.version });
    expect(unmarked.json().Response.isDefault).toBe(false);
    expect(await defaults()).toEqual([]);
    const seed = await read(seeded!.id);
    await call('PUT', `${BASE}/${seeded!.id}`, { isDefault: true, version: seed.version });
    expect(await defaults()).toEqual(['基础版']);
  });

  it('only packages current by date count', async () => {
    const [pro] = (await list('name=%E4%B8%93%E4%B8%9A')).items as { id: string }[];
    const res = await setPackages('t-water', [
      { packageId: basic.id },
      { packageId: pro!.id, startsOn: '2020-01-01', endsOn: '2020-12-31' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.packages.map((p: { current: boolean }) => p.current)).toEqual([false, true]);
    expect(await grantsOf('t-water', 't-water-tenant-admin')).toEqual(['m-home', 'm-knowledge']);

    const backwards = await setPackages('t-water', [
      { packageId: basic.id, startsOn: '2030-01-02', endsOn: '2030-01-01' },
    ]);
    expect(backwards.statusCode).toBe(400);
    const notYet = await setPackages('t-water', [{ packageId: basic.id, startsOn: '2999-01-01' }]);
    expect(notYet.statusCode, notYet.body).toBe(200);
    expect(await applicationsOf('t-water')).toEqual([]);
    expect(await menuTree(waterAdmin)).toEqual([]);
    await setPackages('t-water', [{ packageId: basic.id, startsOn: '2020-01-01' }]);
    expect(await menuTree(waterAdmin)).toEqual(['m-home', 'm-knowledge']);
  });

  it('a package ending or starting by date takes effect without a write, at the next sweep', async () => {
    // The apps' own first sweeps (1 s after each start) must be over: one running between a change
    // below and this test's sweep applies the change itself, and this sweep rightly finds nothing
    // (CI met it on a loaded machine, where the tests before this one took under a second).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, appsStartedAt + 3_000 - Date.now())));
    const sweep = createEntitlementSweep({
      db: infra.db,
      announceMenuChange: (tenantId) => app.services.menuTrees.announceChange(tenantId),
      onError: (error) => {
        throw error;
      },
    });
    expect(await sweep.sweep()).toEqual([]);
    expect(await menuTree(waterAdmin)).toEqual(['m-home', 'm-knowledge']);
    const endedYesterday = sql`(now() AT TIME ZONE 'Asia/Shanghai')::date - 1`;
    await infra.db.asPlatform((tx) =>
      tx.update(tenantPackages).set({ endsOn: endedYesterday }).where(eq(tenantPackages.tenantId, 't-water')),
    );
    expect(await sweep.sweep()).toEqual(['t-water']);
    expect(await applicationsOf('t-water')).toEqual([]);
    expect(await menuTree(waterAdmin)).toEqual([]);
    expect(await sweep.sweep()).toEqual([]);
    await infra.db.asPlatform((tx) =>
      tx.update(tenantPackages).set({ endsOn: null }).where(eq(tenantPackages.tenantId, 't-water')),
    );
    expect(await sweep.sweep()).toEqual(['t-water']);
    expect(await menuTree(waterAdmin)).toEqual(['m-home', 'm-knowledge']);
  });

  it('a package in use cannot be deleted; a batch with one in use deletes none', async () => {
    const spare = await create('临时版', ['m-saas']);
    const inUse = await call('DELETE', `${BASE}/${basic.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      Error: 'IN_USE',
      Message: '套餐“入门版”正在被1个租户使用，不能删除',
    });
    const batch = await call('POST', `${BASE}/batch-delete`, { ids: [spare.id, basic.id] });
    expect(batch.statusCode).toBe(409);
    expect((await call('GET', `${BASE}/${spare.id}`)).statusCode).toBe(200);
    const spare2 = await create('临时版二', ['m-saas']);
    const both = await call('POST', `${BASE}/batch-delete`, { ids: [spare.id, spare2.id] });
    expect(both.json().Response).toEqual({ deleted: 2 });
    expect((await call('GET', `${BASE}/${spare.id}`)).statusCode).toBe(404);
  });

  it('a tenant created with a package holds it, and its administrator gets the package menus', async () => {
    const res = await call('POST', '/dmp/admin/tenants', {
      code: 'delta',
      name: '德尔塔水务',
      admin: { mobile: '13912340001' },
      packages: [{ packageId: basic.id, endsOn: '2999-12-31', seatLimit: 5 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.packages).toMatchObject([
      { packageId: basic.id, seatLimit: 5, current: true },
    ]);
    expect(await applicationsOf('t-delta')).toEqual(['app-knowledge', 'app-workbench']);
    expect(await grantsOf('t-delta', 't-delta-admin')).toEqual(['m-home', 'm-knowledge']);
    const deltaAdmin = bearer(await tokenFor(app, infra.db, 'delta.admin', 't-delta'));
    expect(await menuTree(deltaAdmin)).toEqual(['m-home', 'm-knowledge']);

    const disabled = await call('POST', '/dmp/admin/tenants', {
      code: 'epsilon',
      name: '伊普西隆',
      admin: { mobile: '13912340002' },
      packages: [{ packageId: (await list('status=disabled')).items[0]!.id as string }],
    });
    expect(disabled.statusCode).toBe(422);
    expect((await call('GET', '/dmp/admin/tenants/t-epsilon')).statusCode).toBe(404);
    const held = await infra.db.asPlatform((tx) =>
      tx.select().from(tenantPackages).where(eq(tenantPackages.tenantId, 't-epsilon')),
    );
    expect(held).toEqual([]);
  });

  it('the permission matrix: no token, a member, a tenant administrator, an operator without and with the code', async () => {
    const doc = app.server.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(BASE))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const nobody = await platformOperator(app, infra.db, 'pkg.nobody', []);
    const everything = await platformOperator(app, infra.db, 'pkg.all', [
      'package:list',
      'package:create',
      'package:update',
      'package:delete',
      'package:export',
    ]);
    for (const { method, path } of routes) {
      // A package in use: allowed calls answer without deleting it.
      const url = path.replace('{id}', basic.id);
      const payload = method === 'GET' ? undefined : {};
      const send = (headers: Headers) => call(method as 'GET', url, payload, headers);
      expect((await send({})).statusCode, `${method} ${url} without a token`).toBe(401);
      for (const [who, headers] of [
        ['a member', waterOp],
        ['a tenant administrator', waterAdmin],
        ['an operator without codes', nobody],
      ] as const) {
        const res = await send(headers);
        expect(res.statusCode, `${method} ${url} as ${who}: ${res.body}`).toBe(403);
        expect(res.json().Message).toMatch(/缺少权限 package:/);
      }
      const allowed = await send(everything);
      expect([200, 400, 409, 422], `${method} ${url} with the code: ${allowed.body}`).toContain(
        allowed.statusCode,
      );
    }
  });
});
