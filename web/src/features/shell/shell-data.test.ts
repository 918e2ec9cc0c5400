import { defaultLoginConfig, encodeLoginConfig, type MenuItemNode } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { menuNode } from '../../lib/shell/test-menus';
import { createFakeServer } from '../../lib/test-doubles';
import { SessionExpiredError } from '../../lib/token-refresh';
import { loadShell } from './shell-data';

const ok = (Response: unknown) => ({ body: { Code: 0, Message: '', Response } });
const refused = (status: number, Code: number, errorName: string) => ({
  status,
  body: { Code, Message: '拒绝', Response: null, Error: errorName },
});

const menu = (id: string): MenuItemNode =>
  menuNode({ id, link: '/homepage', version: '1.0.0', applicationId: 'a-1', applicationName: '工作台' });

const user = (isAdmin: boolean) => ({
  id: 'u-1',
  sn: 'SN1',
  username: 'water.op',
  name: '李运维',
  mobile: '13900000002',
  isAdmin,
  tenantId: 't-water',
  tenantName: '示范水务集团',
});

const config = { ...defaultLoginConfig(), title: '水务' };

const clientOf = (server: ReturnType<typeof createFakeServer>, token: string | null) =>
  createApiClient({ fetch: server.fetch, getToken: () => token });

describe('loadShell, signed in (spec section 4, Frame ready)', () => {
  it('fetches configuration, user and merged menu tree together', async () => {
    const server = createFakeServer({
      'GET /ump/cfg': ok(config),
      'GET /ump/currUserInfo': ok(user(false)),
      'GET /ump/menu/mergeUserMenuTree': ok([menu('m-home')]),
    });
    const outcome = await loadShell(clientOf(server, 'tok'), { kind: 'index', token: 'tok', menuId: null });
    expect(outcome).toEqual({
      kind: 'ready',
      data: { config, user: user(false), menus: [menu('m-home')] },
    });
    expect(server.requests.every((request) => request.headers.Authorization === 'Bearer tok')).toBe(true);
  });

  it('reads the configuration through the menu when the query names one', async () => {
    const server = createFakeServer({
      'GET /dmp/tenant/sysConfig/get': ok(config),
      'GET /ump/currUserInfo': ok(user(false)),
      'GET /ump/menu/mergeUserMenuTree': ok([]),
    });
    await loadShell(clientOf(server, 'tok'), { kind: 'index', token: 'tok', menuId: 'm-1' });
    expect(server.requests.map((request) => request.url)).toContain('/dmp/tenant/sysConfig/get?menuId=m-1');
  });

  it('falls back to /ump/cfg when the tenant cannot see the menu of the query', async () => {
    const server = createFakeServer({
      'GET /dmp/tenant/sysConfig/get': refused(404, 40403, 'MENU_NOT_FOUND'),
      'GET /ump/cfg': ok(config),
      'GET /ump/currUserInfo': ok(user(false)),
      'GET /ump/menu/mergeUserMenuTree': ok([]),
    });
    const outcome = await loadShell(clientOf(server, 'tok'), { kind: 'index', token: 'tok', menuId: 'x' });
    expect(outcome.kind).toBe('ready');
  });

  it.each([
    ['the user', 'GET /ump/currUserInfo'],
    ['the menus', 'GET /ump/menu/mergeUserMenuTree'],
    ['the configuration', 'GET /ump/cfg'],
  ])('logs out when %s fails', async (_what, failing) => {
    const server = createFakeServer({
      'GET /ump/cfg': ok(config),
      'GET /ump/currUserInfo': ok(user(false)),
      'GET /ump/menu/mergeUserMenuTree': ok([]),
      [failing]: refused(500, 50000, 'INTERNAL'),
    });
    const outcome = await loadShell(clientOf(server, 'tok'), { kind: 'index', token: 'tok', menuId: null });
    expect(outcome).toEqual({ kind: 'logout' });
  });

  it('leaves the logout to the refresh alert when the session could not be refreshed', async () => {
    const client = {
      get: () => Promise.reject(new SessionExpiredError('gone')),
      post: () => Promise.reject(new Error('unused')),
      request: () => Promise.reject(new Error('unused')),
    };
    const outcome = await loadShell(client, { kind: 'index', token: 'tok', menuId: null });
    expect(outcome).toEqual({ kind: 'session-expired' });
  });
});

describe('loadShell, admin.html (spec section 6)', () => {
  it('gives an admin the admin menu tree', async () => {
    const server = createFakeServer({
      'GET /ump/cfg': ok(config),
      'GET /ump/currUserInfo': ok(user(true)),
      'GET /ump/adminMenu/adminMenuTree': ok([menu('m-admin')]),
    });
    const outcome = await loadShell(clientOf(server, 'tok'), { kind: 'admin', token: 'tok', menuId: null });
    expect(outcome).toMatchObject({ kind: 'ready', data: { menus: [menu('m-admin')] } });
  });

  it('sends a non-admin to index.html without asking for the admin tree (issue 25)', async () => {
    const server = createFakeServer({
      'GET /ump/cfg': ok(config),
      'GET /ump/currUserInfo': ok(user(false)),
      'GET /ump/adminMenu/adminMenuTree': refused(403, 40300, 'FORBIDDEN'),
    });
    const outcome = await loadShell(clientOf(server, 'tok'), { kind: 'admin', token: 'tok', menuId: null });
    expect(outcome).toEqual({ kind: 'redirect', href: 'index.html' });
    expect(server.requests.map((request) => request.url.split('?')[0])).not.toContain(
      '/ump/adminMenu/adminMenuTree',
    );
  });

  it('sends an administrator whose admin tree is refused to index.html', async () => {
    const server = createFakeServer({
      'GET /ump/cfg': ok(config),
      'GET /ump/currUserInfo': ok(user(true)),
      'GET /ump/adminMenu/adminMenuTree': refused(403, 40300, 'FORBIDDEN'),
    });
    const outcome = await loadShell(clientOf(server, 'tok'), { kind: 'admin', token: 'tok', menuId: null });
    expect(outcome).toEqual({ kind: 'redirect', href: 'index.html' });
  });

  it('sends a visitor to the sign-in page without asking the server', async () => {
    const server = createFakeServer({});
    const outcome = await loadShell(clientOf(server, null), { kind: 'admin', token: null, menuId: null });
    expect(outcome).toEqual({ kind: 'redirect', href: 'login.html' });
    expect(server.requests).toEqual([]);
  });
});

describe('loadShell, visitor', () => {
  it('fetches only the anonymous configuration and the merged tree, without a token', async () => {
    const server = createFakeServer({
      'GET /ump/cfg-encrypt': ok(encodeLoginConfig(config)),
      'GET /ump/menu/mergeUserMenuTree': ok([menu('m-public')]),
    });
    const outcome = await loadShell(clientOf(server, null), { kind: 'index', token: null, menuId: null });
    expect(outcome).toEqual({ kind: 'ready', data: { config, user: null, menus: [menu('m-public')] } });
    expect(server.requests.map((request) => request.url).sort()).toEqual([
      '/ump/cfg-encrypt',
      '/ump/menu/mergeUserMenuTree',
    ]);
    expect(server.requests.some((request) => 'Authorization' in request.headers)).toBe(false);
  });

  it("asks for the tenant of the page's query", async () => {
    const server = createFakeServer({
      'GET /ump/cfg-encrypt': ok(encodeLoginConfig(config)),
      'GET /ump/menu/mergeUserMenuTree': ok([menu('m-public')]),
    });
    await loadShell(clientOf(server, null), { kind: 'index', token: null, menuId: null, tenant: 'water' });
    expect(server.requests.map((request) => request.url).sort()).toEqual([
      '/ump/cfg-encrypt?tenant=water',
      '/ump/menu/mergeUserMenuTree?tenant=water',
    ]);
  });

  it('keeps the default look when the configuration fails', async () => {
    const server = createFakeServer({
      'GET /ump/cfg-encrypt': refused(500, 50000, 'INTERNAL'),
      'GET /ump/menu/mergeUserMenuTree': ok([menu('m-public')]),
    });
    const outcome = await loadShell(clientOf(server, null), { kind: 'index', token: null, menuId: null });
    expect(outcome).toMatchObject({ kind: 'ready', data: { config: defaultLoginConfig() } });
  });

  it('goes to the sign-in page when nothing is public', async () => {
    const server = createFakeServer({
      'GET /ump/cfg-encrypt': ok(encodeLoginConfig(config)),
      'GET /ump/menu/mergeUserMenuTree': ok([]),
    });
    const outcome = await loadShell(clientOf(server, null), { kind: 'index', token: null, menuId: null });
    expect(outcome).toEqual({ kind: 'redirect', href: 'login.html' });
  });

  it('throws when the public menus cannot be loaded, so the page can offer a retry', async () => {
    const server = createFakeServer({
      'GET /ump/cfg-encrypt': ok(encodeLoginConfig(config)),
      'GET /ump/menu/mergeUserMenuTree': refused(500, 50000, 'INTERNAL'),
    });
    await expect(
      loadShell(clientOf(server, null), { kind: 'index', token: null, menuId: null }),
    ).rejects.toThrow();
  });
});
