import type { MenuEditorNode, MenuExport, MenuItemNode } from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems } from '../../src/modules/menus/schema';
import { operationLogs } from '../../src/platform/admin/schema';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/menus';
const TENANT_BASE = '/ump/admin/menus';
type Headers = Record<string, string>;

const ids = (nodes: { id: string; children: unknown[] }[]): string[] =>
  nodes.flatMap((n) => [n.id, ...ids(n.children as { id: string; children: unknown[] }[])]);
const find = (nodes: MenuEditorNode[], id: string): MenuEditorNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = find(node.children, id);
    if (below) return below;
  }
  return undefined;
};

/**
 * Issue 14, /umpApplicationMenu: the platform's tree editor (create, update, drag-and-drop moves,
 * deletes confirmed against grants), the shell's evaluator checking conditions, the global
 * catalogue refused to tenant administrators, a tenant's own public items, the menu versions
 * every change moves, and a tree exported and imported.
 */
describe.each(testBackends())('the menu editor on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  let waterAdmin: Headers;
  let waterOp: Headers;
  let energyAdmin: Headers;
  let energyStaff: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) => {
    const res = await call(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const tree = async (applicationId: string, base = BASE, headers = admin) =>
    (await ok('GET', `${base}/tree?applicationId=${applicationId}`, undefined, headers))
      .items as MenuEditorNode[];
  const shellTree = async (headers: Headers, path = '/ump/menu/userMenuTree') => {
    const res = await call('GET', path, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as MenuItemNode[];
  };
  const versions = () =>
    infra.db.asPlatform(async (tx) => {
      const rows = (
        (await tx.execute(sql`
          SELECT (SELECT version FROM menu_catalogue_version) AS catalogue,
                 (SELECT version FROM tenant_menu_versions WHERE tenant_id = 't-water') AS water`)) as unknown as {
          rows: { catalogue: string; water: string | null }[];
        }
      ).rows[0]!;
      return { catalogue: Number(rows.catalogue), water: Number(rows.water ?? 0) };
    });

  let created: { id: string; version: number };

  it('adds an item with the fields of spec section 3; the shell serves it to a role granted it', async () => {
    const before = await versions();
    created = await ok('POST', BASE, {
      applicationId: 'app-devices',
      parentId: 'm-devices',
      name: '设备巡检',
      link: '/inspection/index.html#/list',
      internalNetwork: 'http://10.0.0.8:8080',
      externalNetwork: 'https://inspect.example.com',
      menuVersion: '2.3.1',
      reload: true,
      monitor: true,
      monitorUrl: 'https://inspect.example.com/monitor',
      menuStyle: 4,
      target: '_self',
      type: 'panel',
      condition: "currentUser.tenantId == 't-water'",
      operatingManual: 'https://docs.example.com/inspection.pdf',
    });
    expect(created).toMatchObject({
      tenantId: null,
      parentId: 'm-devices',
      effectiveFullLink: 'http://10.0.0.8:8080/inspection/index.html#/list',
      condition: "currentUser.tenantId == 't-water'",
      version: 0,
    });
    expect((await versions()).catalogue).toBeGreaterThan(before.catalogue);

    // Granted by water's role page, opened by water.op: the shell has every field.
    const operator = (await ok('GET', '/ump/admin/roles?code=operator', undefined, waterAdmin)).items[0];
    await ok(
      'PUT',
      `/ump/admin/roles/${operator.id}`,
      { menuIds: [...operator.menuIds, created.id], version: operator.version },
      waterAdmin,
    );
    const node = (await shellTree(waterOp))
      .flatMap(function flat(n: MenuItemNode): MenuItemNode[] {
        return [n, ...n.children.flatMap(flat)];
      })
      .find((n) => n.id === created.id);
    expect(node).toMatchObject({
      name: '设备巡检',
      fullLink: 'http://10.0.0.8:8080/inspection/index.html#/list',
      version: '2.3.1',
      reload: true,
      monitor: true,
      monitorUrl: 'https://inspect.example.com/monitor',
      menuStyle: 4,
      type: 'panel',
      condition: "currentUser.tenantId == 't-water'",
      operatingManual: 'https://docs.example.com/inspection.pdf',
    });
  });

  it('refuses links the shell would block, conditions its evaluator cannot parse, buttons without codes', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call('POST', BASE, { applicationId: 'app-devices', name: '坏菜单', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad({ link: 'javascript:alert(1)' }, 'link');
    await bad({ link: 'java\tscript:alert(1)' }, 'link');
    await bad({ condition: "currentUser.id == 'x" }, '显示条件无法解析');
    await bad({ condition: "constructor.constructor('x')()" }, '显示条件无法解析');
    await bad({ type: 'button' }, '按钮须填写权限码');
    await bad({ permission: 'device:export' }, '只有按钮可以填写权限码');
    await bad({ monitor: true }, '开启监控须填写监控地址');
    const count = await infra.db.asPlatform((tx) =>
      tx.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.name, '坏菜单')),
    );
    expect(count).toEqual([]);
  });

  it('button items carry permission codes: granted to roles, never in the shell tree', async () => {
    const button = await ok('POST', BASE, {
      applicationId: 'app-devices',
      parentId: 'm-device-list',
      name: '导出设备',
      type: 'button',
      permission: 'device:export',
    });
    const operator = (await ok('GET', '/ump/admin/roles?code=operator', undefined, waterAdmin)).items[0];
    await ok(
      'PUT',
      `/ump/admin/roles/${operator.id}`,
      { menuIds: [...operator.menuIds, button.id], version: operator.version },
      waterAdmin,
    );
    expect(ids(await shellTree(waterOp))).not.toContain(button.id);
    const codes = await ok(
      'GET',
      '/ump/menu/buttonPermissions?applicationId=app-devices',
      undefined,
      waterOp,
    );
    expect(codes.codes).toContain('device:export');
    const none = await ok(
      'GET',
      '/ump/menu/buttonPermissions?applicationId=app-devices',
      undefined,
      energyStaff,
    );
    expect(none.codes).toEqual([]);
  });

  it('moves by drag and drop: reorders siblings and changes parents; refuses itself, its descendants, other applications', async () => {
    const group = await ok('POST', BASE, { applicationId: 'app-devices', name: '巡检管理' });
    const child = await ok('POST', BASE, {
      applicationId: 'app-devices',
      parentId: group.id,
      name: '巡检计划',
    });
    const item = (await ok('GET', `${BASE}/${created.id}`)) as { id: string; version: number };

    // Under the new group, first among its children.
    const moved = await ok('POST', `${BASE}/${item.id}/move`, {
      parentId: group.id,
      index: 0,
      version: item.version,
    });
    expect(moved).toMatchObject({ parentId: group.id, version: item.version + 1 });
    let shown = find(await tree('app-devices'), group.id)!;
    expect(shown.children.map((c) => c.id)).toEqual([item.id, child.id]);

    // Last among the same siblings.
    await ok('POST', `${BASE}/${item.id}/move`, { parentId: group.id, index: 5, version: moved.version });
    shown = find(await tree('app-devices'), group.id)!;
    expect(shown.children.map((c) => c.id)).toEqual([child.id, item.id]);

    // Under itself, under its own child: refused, nothing changes.
    const groupNow = await ok('GET', `${BASE}/${group.id}`);
    const self = await call('POST', `${BASE}/${group.id}/move`, {
      parentId: group.id,
      index: 0,
      version: groupNow.version,
    });
    expect(self.statusCode, self.body).toBe(422);
    expect(self.json().Code).toBe(42241);
    const below = await call('POST', `${BASE}/${group.id}/move`, {
      parentId: child.id,
      index: 0,
      version: groupNow.version,
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().Message).toContain('不能把菜单移到它自己或它的下级菜单下');
    expect((await ok('GET', `${BASE}/${group.id}`)).parentId).toBeNull();

    // Under an item of another application, or one that does not exist.
    for (const parentId of ['m-home', 'm-nowhere']) {
      const res = await call('POST', `${BASE}/${child.id}/move`, {
        parentId,
        index: 0,
        version: child.version,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Code).toBe(42242);
    }
    // A stale version: someone moved it meanwhile.
    const stale = await call('POST', `${BASE}/${item.id}/move`, {
      parentId: null,
      index: 0,
      version: item.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Code).toBe(40910);
  });

  it("checks visibility conditions with the shell's evaluator for a chosen member", async () => {
    const waterOpId = await accountIdOf(infra.db, 'water.op');
    const check = (condition: string, extra: Record<string, unknown> = {}) =>
      ok('POST', `${BASE}/check-condition`, {
        condition,
        tenantId: 't-water',
        accountId: waterOpId,
        menuId: created.id,
        ...extra,
      });
    const shown = await check("currentUser.tenantId == 't-water' && currentMenu.Name == '设备巡检'");
    expect(shown).toMatchObject({ valid: true, error: null, visible: true });
    expect(shown.scope.currentUser).toMatchObject({
      username: 'water.op',
      tenantId: 't-water',
      isAdmin: false,
    });
    // The item as the shell normalises it: Id, Name, App, the inherited style.
    expect(shown.scope.currentMenu).toMatchObject({ Id: created.id, Name: '设备巡检', menuStyle: 4 });
    expect(await check('currentUser.isAdmin')).toMatchObject({ valid: true, visible: false });
    expect(await check("activeMenu.Id == 'm-device-list'", { activeMenuId: 'm-device-list' })).toMatchObject({
      visible: true,
    });
    // What the evaluator cannot parse is reported, and hidden as the shell hides it.
    const broken = await check("currentUser.name.constructor('x')");
    expect(broken.valid).toBe(false);
    expect(broken.error).toBe('forbidden property');
    expect(broken.visible).toBe(false);
    expect((await check("currentUser.id == 'x")).error).toBe('unterminated string');
    // Only a member of the tenant.
    const stranger = await call('POST', `${BASE}/check-condition`, {
      condition: 'true',
      tenantId: 't-energy',
      accountId: waterOpId,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('previews who sees an item before saving: tenants, their roles, packages; why nobody does', async () => {
    const impact = await ok('POST', `${BASE}/impact`, { id: created.id, applicationId: 'app-devices' });
    expect(impact.tenantTotal).toBe(2);
    expect(impact.tenants).toEqual([
      {
        tenantId: 't-water',
        tenantName: '示范水务集团',
        roles: [expect.objectContaining({ roleName: '运维人员' })],
      },
    ]);
    expect(impact.hiddenBecause).toEqual([]);
    const disabled = await ok('POST', `${BASE}/impact`, {
      id: created.id,
      applicationId: 'app-devices',
      disabled: true,
      condition: '(true',
    });
    expect(disabled.hiddenBecause).toEqual(['disabled']);
    expect(disabled.condition).toEqual({ valid: false, error: 'expected )' });
    // A new item under 设备: the roles that see its parent.
    const fresh = await ok('POST', `${BASE}/impact`, { applicationId: 'app-devices', parentId: 'm-devices' });
    expect(fresh.tenants.map((t: { tenantId: string }) => t.tenantId).sort()).toEqual([
      't-energy',
      't-water',
    ]);
  });

  it('refuses the global catalogue to tenant administrators, at the route and in the database', async () => {
    for (const headers of [waterAdmin, energyAdmin]) {
      expect(
        (await call('POST', BASE, { applicationId: 'app-devices', name: '越权' }, headers)).statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `${BASE}/${created.id}`, { name: '越权', version: 0 }, headers)).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `${BASE}/${created.id}/remove`, { confirm: true }, headers)).statusCode,
      ).toBe(403);
      expect(
        (await call('GET', `${BASE}/tree?applicationId=app-devices`, undefined, headers)).statusCode,
      ).toBe(403);
    }
    // Through the tenant's own page: a global item is read, never written.
    const item = await ok('GET', `${TENANT_BASE}/${created.id}`, undefined, waterAdmin);
    const write = await call(
      'PUT',
      `${TENANT_BASE}/${created.id}`,
      { name: '越权', version: item.version },
      waterAdmin,
    );
    expect(write.statusCode, write.body).toBe(403);
    expect(write.json().Code).toBe(40340);
    const remove = await call('POST', `${TENANT_BASE}/${created.id}/remove`, { confirm: true }, waterAdmin);
    expect(remove.statusCode).toBe(403);
    const move = await call(
      'POST',
      `${TENANT_BASE}/${created.id}/move`,
      { parentId: null, index: 0, version: item.version },
      waterAdmin,
    );
    expect(move.statusCode).toBe(403);
    // Row-level security refuses it whatever the code above does.
    const changed = await infra.db.withTenant('t-water', (tx) =>
      tx
        .update(menuItems)
        .set({ name: '越权' })
        .where(eq(menuItems.id, created.id))
        .returning({ id: menuItems.id }),
    );
    expect(changed).toEqual([]);
    expect((await ok('GET', `${BASE}/${created.id}`)).name).toBe('设备巡检');
  });

  it("a tenant's own public items: in its merged tree only, not another tenant's to see or change", async () => {
    const before = await versions();
    const own = await ok(
      'POST',
      TENANT_BASE,
      { applicationId: 'app-devices', name: '水务值班表', link: 'https://duty.water.example.com' },
      waterAdmin,
    );
    expect(own).toMatchObject({ tenantId: 't-water', isPublic: true });
    const after = await versions();
    // Only water's trees are out of date, not every tenant's.
    expect(after.catalogue).toBe(before.catalogue);
    expect(after.water).toBeGreaterThan(before.water);

    expect(ids(await shellTree(waterOp, '/ump/menu/mergeUserMenuTree'))).toContain(own.id);
    expect(ids(await shellTree(energyStaff, '/ump/menu/mergeUserMenuTree'))).not.toContain(own.id);
    const visitors = await call('GET', '/ump/menu/mergeUserMenuTree?tenant=water', undefined, {});
    expect(ids(visitors.json().Response)).toContain(own.id);

    // Another tenant neither sees nor changes it; the platform's editor does not show it.
    expect((await call('GET', `${TENANT_BASE}/${own.id}`, undefined, energyAdmin)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${TENANT_BASE}/${own.id}`, { name: 'x', version: 0 }, energyAdmin)).statusCode,
    ).toBe(404);
    expect(ids(await tree('app-devices'))).not.toContain(own.id);
    const waterTree = await tree('app-devices', TENANT_BASE, waterAdmin);
    expect(find(waterTree, own.id)?.editable).toBe(true);
    expect(find(waterTree, 'm-devices')?.editable).toBe(false);
    // Its parent must be its own; its applications are the empowered ones.
    const underGlobal = await call(
      'POST',
      TENANT_BASE,
      { applicationId: 'app-devices', parentId: 'm-devices', name: 'x' },
      waterAdmin,
    );
    expect(underGlobal.statusCode).toBe(422);
    const notEmpowered = await call(
      'POST',
      TENANT_BASE,
      { applicationId: 'app-knowledge', name: 'x' },
      energyAdmin,
    );
    expect(notEmpowered.statusCode).toBe(403);
    // Roles are not granted public items.
    const operator = (await ok('GET', '/ump/admin/roles?code=operator', undefined, waterAdmin)).items[0];
    const grant = await call(
      'PUT',
      `/ump/admin/roles/${operator.id}`,
      { menuIds: [...operator.menuIds, own.id], version: operator.version },
      waterAdmin,
    );
    expect(grant.statusCode).toBe(404);
  });

  it('deletes an item only without children; one granted to roles only once confirmed naming them', async () => {
    const withChildren = await call('POST', `${BASE}/m-devices/remove`, { confirm: true });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().Code).toBe(40940);

    const refused = await call('POST', `${BASE}/${created.id}/remove`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().Code).toBe(40941);
    expect(refused.json().Message).toContain('示范水务集团/运维人员');
    expect(refused.json().Details.tenants[0].roles[0].roleName).toBe('运维人员');
    expect((await ok('GET', `${BASE}/${created.id}`)).id).toBe(created.id);

    await ok('POST', `${BASE}/${created.id}/remove`, { confirm: true });
    expect((await call('GET', `${BASE}/${created.id}`)).statusCode).toBe(404);
    expect(ids(await shellTree(waterOp))).not.toContain(created.id);
    const logged = await infra.db.asPlatform((tx) =>
      tx
        .select({ action: operationLogs.action })
        .from(operationLogs)
        .where(eq(operationLogs.recordId, created.id)),
    );
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'move', 'remove']));
  });

  it('exports a tree as JSON and imports it elsewhere: ids mapped, a preview, then all or nothing', async () => {
    const res = await call('GET', `${BASE}/export?applicationId=app-devices`);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().Response as MenuExport;
    expect(file.application.appKey).toBe('devices');
    expect(file.items.map((i) => i.id)).toContain('m-devices');

    // Another installation: the application under another key, its items under other ids.
    const renamed = (items: MenuExport['items']): MenuExport['items'] =>
      items.map((item) => ({ ...item, id: `x-${item.id}`, children: renamed(item.children) }));
    const elsewhere: MenuExport = {
      ...file,
      application: { ...file.application, appKey: 'devices-copy', name: '设备管理副本' },
      items: renamed(file.items),
    };
    const preview = await ok('POST', `${BASE}/import?mode=preview`, elsewhere);
    expect(preview.application).toMatchObject({ appKey: 'devices-copy', action: 'create' });
    expect(preview.counts.created).toBe(ids(file.items as never).length);
    expect(preview.errors).toEqual([]);
    await ok('POST', `${BASE}/import?mode=commit`, elsewhere);

    // Into the same installation again: matched by name under matched parents, one field changed.
    const [first] = elsewhere.items;
    const changed: MenuExport = {
      ...elsewhere,
      items: [{ ...first!, id: 'y-other', name: first!.name, link: '/changed' }, ...elsewhere.items.slice(1)],
    };
    const again = await ok('POST', `${BASE}/import?mode=preview`, changed);
    expect(again.application.action).toBe('existing');
    const top = again.changes.find((c: { sourceId: string }) => c.sourceId === 'y-other');
    expect(top).toMatchObject({ action: 'update', targetId: first!.id, fields: ['link'] });
    expect(again.counts.created).toBe(0);

    // An item the evaluator refuses: the commit writes nothing.
    const broken: MenuExport = {
      ...changed,
      items: [...changed.items, { ...first!, id: 'z-bad', name: '坏条件', condition: '(true', children: [] }],
    };
    const refused = await call('POST', `${BASE}/import?mode=commit`, broken);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().Code).toBe(40040);
    const names = await infra.db.asPlatform((tx) =>
      tx.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.name, '坏条件')),
    );
    expect(names).toEqual([]);
    // Tenant administrators and operators without the code cannot import.
    expect((await call('POST', `${BASE}/import?mode=preview`, changed, waterAdmin)).statusCode).toBe(403);
    const viewer = await platformOperator(app, infra.db, 'menu.viewer', ['menu:list']);
    expect((await call('POST', `${BASE}/import?mode=commit`, changed, viewer)).statusCode).toBe(403);
  });
});
