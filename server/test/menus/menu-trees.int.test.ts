import { gunzipSync } from 'node:zlib';
import type { MenuItemNode } from '@uniwim/contracts';
import { menuTreeSchema } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenusRepo } from '../../src/modules/menus/repo';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** Ids of a tree, depth first, as "parent>child" paths so structure is compared too. */
const paths = (nodes: MenuItemNode[], prefix = ''): string[] =>
  nodes.flatMap((node) => [`${prefix}${node.id}`, ...paths(node.children, `${prefix}${node.id}>`)]);

describe.each(testBackends())('menu trees on $name', (backend) => {
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
      ['admin', null],
    ] as const) {
      tokens[username] = await tokenFor(app, infra.db, username, tenantId);
    }
    // The platform administrator switched into a tenant.
    tokens['admin@water'] = await tokenFor(app, infra.db, 'admin', 't-water');
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.server.inject({ method: 'GET', url, headers });
  const treeOf = async (url: string, token?: string, headers: Record<string, string> = {}) => {
    const res = await get(url, { ...(token ? bearer(token) : {}), ...headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Code).toBe(0);
    return menuTreeSchema.parse(body.Response);
  };

  it('gives two users of one tenant with different roles different trees', async () => {
    const adminTree = await treeOf('/ump/menu/userMenuTree', tokens['water.admin']);
    expect(paths(adminTree)).toEqual([
      'm-home',
      'm-saas',
      'm-devices',
      'm-devices>m-device-list',
      'm-devices>m-device-add',
      'm-devices>m-device-map',
      'm-knowledge',
    ]);
    // The operator is granted three items; "设备" comes along as the parent of two of them.
    const opTree = await treeOf('/ump/menu/userMenuTree', tokens['water.op']);
    expect(paths(opTree)).toEqual([
      'm-home',
      'm-devices',
      'm-devices>m-device-list',
      'm-devices>m-device-map',
    ]);
  });

  it('fills every field of a menu item: application, version, rootId, fullLink, sorted children', async () => {
    const [home, , devices] = await treeOf('/ump/menu/userMenuTree', tokens['water.admin']);
    expect(home).toMatchObject({
      id: 'm-home',
      pid: null,
      name: '首页',
      link: '/homepage',
      fullLink: '/homepage',
      applicationId: 'app-workbench',
      applicationName: '工作台',
      version: '1.0.0',
      rootId: 'm-home',
      isPublic: false,
      disabled: false,
      target: null,
      children: [],
    });
    expect(devices!.children.map((c) => [c.name, c.sort, c.rootId, c.pid, c.version])).toEqual([
      ['设备列表', 0, 'm-devices', 'm-devices', '1.2.0'],
      ['新增设备', 1, 'm-devices', 'm-devices', '1.2.0'],
      ['设备地图', 2, 'm-devices', 'm-devices', '1.2.0'],
    ]);
    expect(devices!.children[2]).toMatchObject({ link: null, fullLink: null });
  });

  it('shows a user of another tenant none of these trees', async () => {
    const energyTree = await treeOf('/ump/menu/userMenuTree', tokens['energy.staff']);
    // Energy is empowered for the workbench and devices only, and grants its own roles.
    expect(paths(energyTree)).not.toContain('m-knowledge');
    expect(new Set(energyTree.map((n) => n.applicationId))).toEqual(
      new Set(['app-workbench', 'app-devices']),
    );
    // A session scoped to a tenant the account is not a member of has no roles there.
    const stranger = await tokenFor(app, infra.db, 'water.op', 't-energy');
    expect(await treeOf('/ump/menu/userMenuTree', stranger)).toEqual([]);
    // The platform scope has no empowered applications.
    expect(await treeOf('/ump/menu/userMenuTree', tokens.admin)).toEqual([]);
  });

  it('keeps tenants apart in the database itself (row-level security)', async () => {
    const repo = createMenusRepo(infra.db);
    // Water's admin role id asked for in energy's scope: its grants are invisible there.
    const crossed = await repo.treeRows({
      tenantId: 't-energy',
      roleIds: ['t-water-tenant-admin'],
      includePublic: false,
    });
    expect(crossed.rows).toEqual([]);
    const own = await repo.treeRows({
      tenantId: 't-water',
      roleIds: ['t-water-operator'],
      includePublic: false,
    });
    expect(own.rows.map((r) => r.id).sort()).toEqual([
      'm-device-list',
      'm-device-map',
      'm-devices',
      'm-home',
    ]);
    const unscoped = await infra.db.withNoTenant((tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM role_menu_grants`),
    );
    expect((unscoped as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('needs a token for the user tree', async () => {
    const res = await get('/ump/menu/userMenuTree');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ Code: 40100, Error: 'UNAUTHENTICATED' });
    // Frames may pass the token in the query instead.
    const viaQuery = await treeOf(`/ump/menu/userMenuTree?uniwater_utoken=${tokens['water.op']}`);
    expect(viaQuery.map((n) => n.id)).toEqual(['m-home', 'm-devices']);
  });

  it('documents every menu call in the OpenAPI document', async () => {
    const document = (await get('/docs/json')).json();
    for (const [path, method] of [
      ['/ump/menu/userMenuTree', 'get'],
      ['/ump/menu/mergeUserMenuTree', 'get'],
      ['/ump/menu/getMenuTreeByPid', 'get'],
      ['/ump/adminMenu/adminMenuTree', 'get'],
      ['/ump/role/saveMenus', 'post'],
      ['/ump/user/saveRoles', 'post'],
    ]) {
      expect(document.paths[path!]?.[method!], `${method} ${path}`).toBeDefined();
    }
  });

  describe('mergeUserMenuTree', () => {
    it("merges the user's tree with the active tenant's public items", async () => {
      const merged = await treeOf('/ump/menu/mergeUserMenuTree', tokens['water.op']);
      expect(paths(merged)).toEqual([
        'm-home',
        'm-devices',
        'm-devices>m-device-list',
        'm-devices>m-device-map',
        'm-knowledge',
      ]);
      expect(merged.at(-1)).toMatchObject({ id: 'm-knowledge', isPublic: true });
    });

    it("answers visitors the public items of the page's tenant, by parameter or domain", async () => {
      expect(paths(await treeOf('/ump/menu/mergeUserMenuTree?tenant=water'))).toEqual(['m-knowledge']);
      expect(paths(await treeOf('/ump/menu/mergeUserMenuTree?tenant=t-water'))).toEqual(['m-knowledge']);
      const byDomain = await treeOf('/ump/menu/mergeUserMenuTree', undefined, {
        host: 'water.localhost:3000',
      });
      expect(paths(byDomain)).toEqual(['m-knowledge']);
      // An invalid token counts as none.
      expect(paths(await treeOf('/ump/menu/mergeUserMenuTree?tenant=water', 'not-a-token'))).toEqual([
        'm-knowledge',
      ]);
      // Energy is not empowered for the knowledge application; no tenant means no public items.
      expect(await treeOf('/ump/menu/mergeUserMenuTree?tenant=energy')).toEqual([]);
      expect(await treeOf('/ump/menu/mergeUserMenuTree', undefined, { host: 'localhost:3000' })).toEqual([]);
    });

    it('refuses an unknown tenant parameter', async () => {
      const res = await get('/ump/menu/mergeUserMenuTree?tenant=nobody');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Code: 40402, Error: 'TENANT_NOT_FOUND', Response: null });
    });
  });

  describe('getMenuTreeByPid', () => {
    it("answers the children of an item of the user's tree", async () => {
      const children = await treeOf('/ump/menu/getMenuTreeByPid?pid=m-devices', tokens['water.op']);
      expect(paths(children)).toEqual(['m-device-list', 'm-device-map']);
      expect(await treeOf('/ump/menu/getMenuTreeByPid?pid=m-home', tokens['water.op'])).toEqual([]);
    });

    it('refuses items outside the tree: not granted, of another tenant, unknown, or missing', async () => {
      for (const [pid, token] of [
        ['m-device-add', tokens['water.op']],
        ['m-knowledge', tokens['energy.admin']],
        ['no-such-menu', tokens['water.admin']],
      ] as const) {
        const res = await get(`/ump/menu/getMenuTreeByPid?pid=${pid}`, bearer(token!));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ Code: 40403, Error: 'MENU_NOT_FOUND', Response: null });
      }
      const missing = await get('/ump/menu/getMenuTreeByPid', bearer(tokens['water.op']!));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().Message).toContain('pid');
    });
  });

  describe('adminMenuTree', () => {
    const ADMIN_ROUTES = [
      '/umpUser',
      '/umpRoleManager',
      '/umpDict',
      '/umpParameters',
      '/umpNotice',
      '/loginLog',
      '/accessLogs',
      '/downloadPage',
    ];
    const linksOf = (nodes: MenuItemNode[]): string[] =>
      nodes.flatMap((n) => [...(n.link ? [n.link] : []), ...linksOf(n.children)]);

    it('is refused to non-admins with 403', async () => {
      for (const token of [tokens['water.op'], tokens['energy.staff']]) {
        const res = await get('/ump/adminMenu/adminMenuTree', bearer(token!));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ Code: 40300, Error: 'FORBIDDEN', Response: null });
      }
      expect((await get('/ump/adminMenu/adminMenuTree')).statusCode).toBe(401);
    });

    it('gives tenant admins the admin routes without the platform-only ones', async () => {
      const links = linksOf(await treeOf('/ump/adminMenu/adminMenuTree', tokens['water.admin']));
      expect(links).toEqual(expect.arrayContaining(ADMIN_ROUTES));
      expect(links).not.toContain('/dmpTenantManage');
      expect(links).not.toContain('/umpApplicationManager');
    });

    it('gives platform admins in a tenant every item, tenant management included', async () => {
      const tree = await treeOf('/ump/adminMenu/adminMenuTree', tokens['admin@water']);
      expect(linksOf(tree)).toEqual(
        expect.arrayContaining([...ADMIN_ROUTES, '/dmpTenantManage', '/dmpEmpower']),
      );
      expect(tree[0]).toMatchObject({
        id: 'am-tenants',
        applicationId: 'admin-console',
        rootId: 'am-tenants',
      });
      expect(tree[0]!.children[0]).toMatchObject({ link: '/dmpTenantManage', rootId: 'am-tenants' });
    });

    it("offers platform admins outside any tenant the platform's pages and no page of one tenant's data (issue 25)", async () => {
      const tree = await treeOf('/ump/adminMenu/adminMenuTree', tokens.admin);
      const links = linksOf(tree);
      expect(links).toEqual(
        expect.arrayContaining([
          '/dmpTenantManage',
          '/umpApplicationMenu',
          '/umpDict?scope=dmp',
          '/loginStatistics?scope=dmp',
          '/downloadPage',
        ]),
      );
      for (const tenantPage of [
        ...ADMIN_ROUTES.filter((link) => link !== '/downloadPage'),
        '/tenantSettings',
      ])
        expect(links, tenantPage).not.toContain(tenantPage);
      expect(links).not.toContain('/umpApplicationMenu?scope=ump');
      // A group left without a page goes too (组织权限, 消息通知); one with platform pages stays.
      const groups = tree.map((node) => node.id);
      expect(groups).not.toContain('am-organisation');
      expect(groups).not.toContain('am-messages');
      expect(groups).toContain('am-system');
      expect(tree.find((node) => node.id === 'am-system')!.children.map((node) => node.link)).toEqual([
        '/umpDict?scope=dmp',
        '/umpParameters?scope=dmp',
        '/umpNotice?scope=dmp',
      ]);
    });
  });

  describe('HTTP caching', () => {
    it('answers 304 to a current If-None-Match and a full answer to a stale one', async () => {
      const first = await get('/ump/menu/userMenuTree', bearer(tokens['water.admin']!));
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await get('/ump/menu/userMenuTree', {
        ...bearer(tokens['water.admin']!),
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const stale = await get('/ump/menu/userMenuTree', {
        ...bearer(tokens['water.admin']!),
        'if-none-match': '"something-else"',
      });
      expect(stale.statusCode).toBe(200);
      // Another role set is another tree with another tag.
      const opTag = (await get('/ump/menu/userMenuTree', bearer(tokens['water.op']!))).headers.etag;
      expect(opTag).not.toBe(etag);
    });

    it('sends the answer compressed to clients that accept it', async () => {
      const plain = await get('/ump/menu/userMenuTree', bearer(tokens['water.admin']!));
      const gzipped = await get('/ump/menu/userMenuTree', {
        ...bearer(tokens['water.admin']!),
        'accept-encoding': 'gzip',
      });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toContain('Accept-Encoding');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
      // The compressed representation revalidates as well.
      const revalidated = await get('/ump/menu/userMenuTree', {
        ...bearer(tokens['water.admin']!),
        'accept-encoding': 'gzip',
        'if-none-match': gzipped.headers.etag as string,
      });
      expect(revalidated.statusCode).toBe(304);
    });
  });
});
