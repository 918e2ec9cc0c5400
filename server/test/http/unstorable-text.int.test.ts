import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800x';

/**
 * Defect 1 of issue 11: NUL or a lone surrogate anywhere in a request answered 500 (PostgreSQL
 * cannot store the one, UTF-8 cannot encode the other). One guard now answers 400 for every route.
 */
describe.each(testBackends())('unstorable characters are refused with 400 on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let tenantAdmin: string;
  let platformAdmin: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    tenantAdmin = await tokenFor(app, infra.db, 'water.admin', 't-water');
    platformAdmin = await tokenFor(app, infra.db, 'admin', null);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const expectRefused = (res: { statusCode: number; json(): { Error: string; Message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toBe('INVALID_CHARACTERS');
    expect(res.json().Message).toContain('无法保存的字符');
  };

  it.each([
    '/ump/cfg-encrypt?tenant=a%00b',
    '/ump/menu/mergeUserMenuTree?tenant=a%00b',
    '/dmp/tenant/detailByName?name=a%00b',
    '/dmp/tenant/suggest?name=a%00b',
  ])('GET %s', async (url) => {
    const res = await app.server.inject({ method: 'GET', url, headers: bearer(tenantAdmin) });
    expectRefused(res);
    expect(res.json().Message).toContain('querystring.');
  });

  it('a NUL inside the encoded sign-in document, naming the field', async () => {
    const client = loginClient(app);
    const data = client.encode({ username: 'nul\u0000user', password: 'x' });
    const res = await app.server.inject({ method: 'POST', url: '/dmp/login', payload: { data } });
    expectRefused(res);
    expect(res.json().Message).toContain('data.username');
  });

  it('the legacy sign-in with a NUL tenant id', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/uniwim/ump/uniLogin',
      payload: { username: 'water.admin', password: 'x', tenantId: 'a\u0000' },
    });
    expectRefused(res);
  });

  it('a raw JSON body with a lone surrogate escape, and with a NUL', async () => {
    for (const payload of ['{"title":"a\\ud800x"}', '{"title":"a\\u0000b"}']) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/dmp/tenant/sysConfig/save',
        headers: { ...bearer(tenantAdmin), 'content-type': 'application/json' },
        payload,
      });
      expectRefused(res);
      expect(res.json().Message).toContain('body.title');
    }
  });

  it('an object key that cannot be stored', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: { ...bearer(tenantAdmin), 'content-type': 'application/json' },
      payload: '{"ti\\u0000tle":"x"}',
    });
    expectRefused(res);
  });

  it.each([
    ['/dmp/user/unlock', { username: NUL }],
    ['/ump/role/saveMenus', { roleId: 'r-1', menuIds: [LONE_SURROGATE] }],
    ['/ump/user/saveRoles', { userId: NUL, roleIds: [] }],
    ['/dmp/changeTenant', { tenantId: NUL }],
    ['/dmp/changeTenantToken', { tenantId: LONE_SURROGATE }],
  ])('POST %s with an administrator token', async (url, payload) => {
    const res = await app.server.inject({ method: 'POST', url, headers: bearer(tenantAdmin), payload });
    expectRefused(res);
  });

  it('the platform configuration save with the platform administrator', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/ump/cfg/platform/save',
      headers: bearer(platformAdmin),
      payload: { title: NUL },
    });
    expectRefused(res);
  });

  it('a query parameter of an authenticated shell call', async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: '/ump/param/get?key=a%00',
      headers: bearer(tenantAdmin),
    });
    expectRefused(res);
  });

  it('leaves no login-log row behind a refused sign-in', async () => {
    const loginLogRows = async () => {
      await app.services.loginLog.flush();
      const [row] = await infra.db.asPlatform((tx) => tx.select({ n: count() }).from(loginLogs));
      return row?.n ?? 0;
    };
    const before = await loginLogRows();
    const client = loginClient(app);
    const data = client.encode({ username: 'nul\u0000user', password: 'x' });
    expectRefused(await app.server.inject({ method: 'POST', url: '/dmp/login', payload: { data } }));
    expect(await loginLogRows()).toBe(before);
  });

  it('keeps well-formed non-BMP text (a surrogate pair) and Chinese', async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: `/dmp/tenant/suggest?name=${encodeURIComponent('示范😀')}`,
    });
    expect(res.statusCode).toBe(200);
  });
});
