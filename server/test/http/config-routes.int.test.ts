import { decodeLoginConfig } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

describe.each(testBackends())('configuration calls on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const cfgEncrypt = async (query = '', host = 'localhost') => {
    const res = await app.server.inject({
      method: 'GET',
      url: `/ump/cfg-encrypt${query}`,
      headers: { host },
    });
    return { res, body: res.json() };
  };

  it('answers the platform default to an unknown host, with every spec default', async () => {
    const { res, body } = await cfgEncrypt();
    expect(res.statusCode).toBe(200);
    expect(body.Code).toBe(0);
    const config = decodeLoginConfig(body.Response);
    expect(config.title).toBe('企业云平台');
    expect(config.logo).toBe('/brand/platform-logo.svg');
    expect(config).toMatchObject({
      tagNum: '8',
      themeConfiguration: 'default',
      globalSearch: '1',
      monitoringCenterIsShow: '1',
    });
  });

  it('resolves the tenant from the tenant query parameter, by code or by id', async () => {
    const byCode = decodeLoginConfig((await cfgEncrypt('?tenant=energy')).body.Response);
    expect(byCode.title).toBe('示范能源公司 · 能源管理平台');
    expect(byCode.loginBgType).toBe('1');
    expect(byCode.copyrightPosition).toEqual(['1']);
    // Fields the tenant does not override come from the platform default.
    expect(byCode.loginAccountType).toBe('1-1,1-3,1-2');
    const byId = decodeLoginConfig((await cfgEncrypt('?tenant=t-energy')).body.Response);
    expect(byId.title).toBe(byCode.title);
  });

  it('resolves the tenant from a domain it owns', async () => {
    const config = decodeLoginConfig((await cfgEncrypt('', 'water.localhost:3000')).body.Response);
    expect(config.title).toBe('示范水务集团 · 智慧水务云');
    expect(config.customCss).toContain('#1677ff');
  });

  it('answers TENANT_NOT_FOUND for an unknown tenant parameter', async () => {
    const { res, body } = await cfgEncrypt('?tenant=nobody');
    expect(res.statusCode).toBe(404);
    expect(body).toMatchObject({ Code: 40402, Error: 'TENANT_NOT_FOUND', Response: null });
  });

  it('never puts a secret in the public configuration', async () => {
    const text = Buffer.from((await cfgEncrypt('?tenant=water')).body.Response, 'base64').toString('utf8');
    expect(text).not.toContain(TEST_ADMIN_PASSWORD);
    expect(text).not.toMatch(/PRIVATE KEY|\$argon2|secret/i);
  });

  it('GET /ump/cfg needs a token and answers the active tenant configuration', async () => {
    const anonymous = await app.server.inject({ method: 'GET', url: '/ump/cfg' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ Code: 40100, Error: 'UNAUTHENTICATED' });

    const bad = await app.server.inject({ method: 'GET', url: '/ump/cfg', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().Error).toBe('TOKEN_INVALID');

    const token = await tokenFor(app, infra.db, 'water.op', 't-water');
    const res = await app.server.inject({ method: 'GET', url: '/ump/cfg', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().Response.title).toBe('示范水务集团 · 智慧水务云');

    // Frames pass the token as a query parameter instead (spec: uniwater_utoken or token).
    const viaQuery = await app.server.inject({ method: 'GET', url: `/ump/cfg?uniwater_utoken=${token}` });
    expect(viaQuery.json().Response.title).toBe('示范水务集团 · 智慧水务云');
    const nullToken = await app.server.inject({ method: 'GET', url: '/ump/cfg?token=null' });
    expect(nullToken.statusCode).toBe(401);
  });

  it('GET /dmp/tenant/sysConfig/get needs a menu of an empowered application', async () => {
    const token = await tokenFor(app, infra.db, 'energy.staff', 't-energy');
    const ok = await app.server.inject({
      method: 'GET',
      url: '/dmp/tenant/sysConfig/get?menuId=m-device-list',
      headers: bearer(token),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Response).toMatchObject({
      menuId: 'm-device-list',
      applicationId: 'app-devices',
      title: '示范能源公司 · 能源管理平台',
    });
    // The energy tenant is not empowered to use the knowledge application.
    const notEmpowered = await app.server.inject({
      method: 'GET',
      url: '/dmp/tenant/sysConfig/get?menuId=m-knowledge',
      headers: bearer(token),
    });
    expect(notEmpowered.statusCode).toBe(404);
    expect(notEmpowered.json().Error).toBe('MENU_NOT_FOUND');
    const missing = await app.server.inject({
      method: 'GET',
      url: '/dmp/tenant/sysConfig/get',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ Error: 'BAD_REQUEST' });
    expect(missing.json().Message).toContain('menuId');
  });

  it('lets a tenant admin change the configuration and serves the change at once', async () => {
    const adminToken = await tokenFor(app, infra.db, 'water.admin', 't-water');
    const save = await app.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: bearer(adminToken),
      payload: { title: '水务新标题', copyrightPosition: ['0'] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().Response.title).toBe('水务新标题');
    const config = decodeLoginConfig((await cfgEncrypt('?tenant=water')).body.Response);
    expect(config.title).toBe('水务新标题');
    // The override replaced the old one: its logo is gone, so the platform default's shows.
    expect(config.logo).toBe('/brand/platform-logo.svg');

    const operatorToken = await tokenFor(app, infra.db, 'water.op', 't-water');
    const refused = await app.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: bearer(operatorToken),
      payload: { title: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error).toBe('FORBIDDEN');

    // The legacy route is held to the platform's floors like the settings page, and its change is a
    // numbered version in the tenant settings history.
    const belowFloor = await app.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: bearer(adminToken),
      payload: { title: '弱密码', pwdRuleType: 6, pwdMinLength: 4 },
    });
    expect(belowFloor.statusCode).toBe(400);
    expect(belowFloor.json().Error).toBe('BELOW_PLATFORM_FLOOR');
    expect(decodeLoginConfig((await cfgEncrypt('?tenant=water')).body.Response).title).toBe('水务新标题');
    const history = await app.server.inject({
      method: 'GET',
      url: '/ump/admin/tenant-settings/history?page=1&pageSize=5',
      headers: bearer(adminToken),
    });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json().Response)).toContain('水务新标题');
  });

  it('GET /ump/key answers one RSA public key, the same on every call', async () => {
    const first = (await app.server.inject({ method: 'GET', url: '/ump/key' })).json();
    const second = (await app.server.inject({ method: 'GET', url: '/ump/key' })).json();
    expect(first.Code).toBe(0);
    expect(first.Response.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(first.Response.algorithm).toBe('RSA-OAEP-256');
    expect(second.Response).toEqual(first.Response);
  });

  it('reports health and readiness', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', store: 'ok' } });
    // The log writers' counters ride along; they do not decide readiness.
    expect(Object.keys(ready.json().logWriters).sort()).toEqual([
      'api-access-logs',
      'login-log',
      'usage-logs',
    ]);
  });

  it('serves the OpenAPI document describing the routes', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/ump/cfg-encrypt', '/ump/cfg', '/dmp/tenant/sysConfig/get', '/ump/key']),
    );
  });

  it('serves the docs page: Swagger UI on the document, from files of its own only', async () => {
    const get = (url: string) => app.server.inject({ method: 'GET', url });
    const page = await get('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // No inline script: the pages' policy would refuse it.
    expect(page.body).not.toMatch(/<script>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    const styles = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(scripts).toEqual(['/docs/static/swagger-ui-bundle.js', '/docs/start.js']);
    for (const url of [...scripts, ...styles]) expect((await get(url)).statusCode, url).toBe(200);
    expect((await get('/docs/start.js')).body).toContain("url: '/docs/json'");
    expect((await get('/docs/yaml')).body).toMatch(/^openapi: /);
    // Only the page's own files of the package.
    expect((await get('/docs/static/package.json')).statusCode).toBe(404);
    expect((await get('/docs/static/../package.json')).statusCode).toBe(404);
    const paths = Object.keys((await get('/docs/json')).json().paths);
    expect(paths.filter((path) => path.startsWith('/docs'))).toEqual([]);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
