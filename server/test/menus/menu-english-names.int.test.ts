import type { MenuEditorNode, MenuExport, MenuItemNode } from '@uniwim/contracts';
import { menuTreeSchema } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
const BASE = '/dmp/admin/menus';

const flatten = <T extends { children: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children)]);

/**
 * Issue 25: the admin menu tree stayed Chinese after switching to English. Every menu item carries
 * an English name beside its Chinese one (the shell falls back to the Chinese name where there is
 * none): the admin console's own items all have one, the demo's applications have theirs, and the
 * menu editor, its export and its import keep it.
 */
describe.each(testBackends())('English menu names on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  let adminInWater: Headers;
  let waterAdmin: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    // In a tenant the platform administrator's tree holds every item (outside one, no tenant page).
    adminInWater = bearer(await tokenFor(app, infra.db, 'admin', 't-water'));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const shellTree = async (url: string, headers: Headers): Promise<MenuItemNode[]> =>
    flatten(menuTreeSchema.parse(await ok('GET', url, headers)));

  it("names every item of the admin console's tree in English, for the platform and for a tenant", async () => {
    for (const headers of [admin, waterAdmin]) {
      const items = await shellTree('/ump/adminMenu/adminMenuTree', headers);
      expect(items.length).toBeGreaterThan(10);
      const unnamed = items.filter((item) => !item.nameEn?.trim()).map((item) => `${item.id} ${item.name}`);
      expect(unnamed).toEqual([]);
    }
    const byId = new Map(
      (await shellTree('/ump/adminMenu/adminMenuTree', adminInWater)).map((i) => [i.id, i]),
    );
    expect(byId.get('am-users')).toMatchObject({ name: '用户管理', nameEn: 'Users' });
    expect(byId.get('am-system')).toMatchObject({ name: '系统设置', nameEn: 'System settings' });
    expect(byId.get('am-platform-login-log')).toMatchObject({ nameEn: 'Login log (all tenants)' });
  });

  it("sends the demo applications' English names in the user's tree", async () => {
    const items = await shellTree('/ump/menu/mergeUserMenuTree', waterAdmin);
    const names = Object.fromEntries(items.map((item) => [item.id, [item.name, item.nameEn]]));
    expect(names).toMatchObject({
      'm-home': ['首页', 'Home'],
      'm-devices': ['设备', 'Devices'],
      'm-device-list': ['设备列表', 'Device list'],
      'm-knowledge': ['知识库', 'Knowledge base'],
    });
  });

  it('keeps an English name through the editor, its export and its import; an empty one is none', async () => {
    const created = await ok('POST', BASE, admin, {
      applicationId: 'app-devices',
      parentId: 'm-devices',
      name: '泵站曲线',
      nameEn: 'Pump curves',
      link: '/devicePumpCurve',
    });
    expect(created).toMatchObject({ name: '泵站曲线', nameEn: 'Pump curves' });
    const editorTree = flatten(
      (await ok('GET', `${BASE}/tree?applicationId=app-devices`, admin)).items as MenuEditorNode[],
    );
    expect(editorTree.find((node) => node.id === created.id)?.nameEn).toBe('Pump curves');

    const file = (await ok('GET', `${BASE}/export?applicationId=app-devices`, admin)) as MenuExport;
    const exported = flatten(file.items).find((item) => item.id === created.id);
    expect(exported?.nameEn).toBe('Pump curves');

    // Imported with another English name: the import says the field changes, and writes it.
    const renamed = (items: MenuExport['items']): MenuExport['items'] =>
      items.map((item) => ({
        ...item,
        ...(item.id === created.id ? { nameEn: 'Pump stations' } : {}),
        children: renamed(item.children),
      }));
    const changed: MenuExport = { ...file, items: renamed(file.items) };
    const preview = await ok('POST', `${BASE}/import?mode=preview`, admin, changed);
    expect(preview.changes.find((c: { sourceId: string }) => c.sourceId === created.id)).toMatchObject({
      action: 'update',
      fields: ['nameEn'],
    });
    await ok('POST', `${BASE}/import?mode=commit`, admin, changed);
    const imported = await ok('GET', `${BASE}/${created.id}`, admin);
    expect(imported.nameEn).toBe('Pump stations');

    const cleared = await ok('PUT', `${BASE}/${created.id}`, admin, {
      nameEn: '',
      version: imported.version,
    });
    expect(cleared.nameEn).toBeNull();
  });
});
