import { permissionCodesOf } from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../src/db/schema';
import { operationLogs } from '../../src/platform/admin/schema';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/tenants';

describe.each(testBackends())('the tenants resource on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;
  let ipCounter = 0;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
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
  const create = (code: string, extra: Record<string, unknown> = {}) =>
    call('POST', BASE, {
      code,
      name: `${code} 公司`,
      contactName: '张三',
      contactPhone: '13812345678',
      domains: [`${code}.example.com`],
      admin: { mobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
      ...extra,
    });
  const list = async (query: string) => {
    const res = await call('GET', `${BASE}?${query}`);
    expect(
      res.statusCode,
      `${res.body} ${app.logLines.filter((l) => l.includes('request failed')).at(-1)}`,
    ).toBe(200);
    return res.json().Response as { items: { code: string; [k: string]: unknown }[]; total: number };
  };

  it('creates a tenant with its administrator in one transaction; the password is shown once', async () => {
    const res = await create('acme', { seatLimit: 50, expiresAt: '2027-01-31T00:00:00+08:00' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().Response;
    expect(body).toMatchObject({
      id: 't-acme',
      code: 'acme',
      name: 'acme 公司',
      status: 'active',
      usersUsed: 1,
      seatLimit: 50,
      domains: ['acme.example.com'],
      adminUsername: 'acme.admin',
      adminIsNew: true,
      version: 0,
    });
    expect(body.initialPassword).toMatch(/.{12,}/);
    expect(body.daysLeft).toBeGreaterThan(0);

    // The new administrator must change the password at the first sign-in.
    const signIn = await loginClient(app).login(
      { username: 'acme.admin', password: body.initialPassword },
      { 'x-forwarded-for': `10.40.0.${++ipCounter}` },
    );
    expect(signIn.body.Response).toMatchObject({ changePwd: true, tenantId: 't-acme' });

    // Recorded in the operation log of the record, without the password.
    const history = (await call('GET', `${BASE}/t-acme/history`)).json().Response;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', operatorName: expect.any(String) });
    expect(JSON.stringify(history)).not.toContain(body.initialPassword);
  });

  it('refuses a duplicate code and a domain of another tenant, naming the field, and writes nothing', async () => {
    const before = (await list('pageSize=200')).total;
    const sameCode = await create('acme');
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toMatchObject({ Error: 'DUPLICATE', Message: '编码已存在' });
    expect(sameCode.json().Details[0].path).toBe('body.code');

    const sameDomain = await create('other', { domains: ['water.localhost'] });
    expect(sameDomain.statusCode).toBe(409);
    expect(sameDomain.json().Message).toBe('域名已被其他租户使用：water.localhost');
    expect((await list('pageSize=200')).total).toBe(before);
  });

  it('makes an existing account the administrator when its mobile is given', async () => {
    const res = await create('beta', { admin: { mobile: '13900000002' } });
    expect(res.json().Response).toMatchObject({
      adminUsername: 'water.op',
      adminIsNew: false,
      initialPassword: null,
    });
  });

  it('pages, sorts and filters as declared', async () => {
    await create('gamma', { contactName: '李四', expiresAt: '2026-12-01T00:00:00Z' });
    const page1 = await list('page=1&pageSize=2&sort=code');
    const page2 = await list('page=2&pageSize=2&sort=code');
    expect(page1.items.map((t) => t.code)).toEqual(['acme', 'beta']);
    expect(page2.items.map((t) => t.code)).toEqual(['energy', 'gamma']);
    expect(page1.total).toBe(page2.total);
    expect((await list('sort=-code&pageSize=1')).items[0]!.code).toBe('water');
    expect((await list('code=amm')).items.map((t) => t.code)).toEqual(['gamma']);
    expect((await list('name=%E6%B0%B4%E5%8A%A1')).items.map((t) => t.code)).toEqual(['water']);
    expect((await list('contactName=%E6%9D%8E')).items.map((t) => t.code)).toEqual(['gamma']);
    expect((await list('contactPhone=1381234')).total).toBe(3);
    expect((await list('domain=energy.local')).items.map((t) => t.code)).toEqual(['energy']);
    expect((await list('status=active&sort=code')).total).toBe(5);
    expect((await list('expiresAtFrom=2026-11-30&expiresAtTo=2026-12-01')).items.map((t) => t.code)).toEqual([
      'gamma',
    ]);
    expect((await list('createdAtFrom=2000-01-01&sort=-usersUsed&pageSize=1')).items[0]!.code).toMatch(
      /water|energy/,
    );
    expect((await list('q=gam')).items.map((t) => t.code)).toEqual(['gamma']);
    // % and _ are literal.
    expect((await list('code=%25')).total).toBe(0);

    const badSort = await call('GET', `${BASE}?sort=passwordHash`);
    expect(badSort.statusCode).toBe(400);
    const tooBig = await call('GET', `${BASE}?pageSize=201`);
    expect(tooBig.statusCode).toBe(400);
  });

  it('filters by the name of a package a tenant holds', async () => {
    const tree = (await call('GET', '/dmp/admin/packages/menu-tree')).json().Response;
    const menuId = tree[0].menus[0].id as string;
    const pkg = (await call('POST', '/dmp/admin/packages', { name: '筛选用套餐', menuIds: [menuId] })).json()
      .Response;
    const gamma = (await call('GET', `${BASE}/t-gamma`)).json().Response;
    const given = await call('POST', `${BASE}/t-gamma/set-packages`, {
      packages: [{ packageId: pkg.id }],
      version: gamma.version,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await list(`package=${encodeURIComponent('筛选用')}`)).items.map((t) => t.code)).toEqual([
      'gamma',
    ]);
    expect((await list('package=%25')).total).toBe(0);
  });

  it('updates with optimistic locking: a stale version answers 409 and changes nothing', async () => {
    const current = (await call('GET', `${BASE}/t-gamma`)).json().Response;
    const first = await call('PUT', `${BASE}/t-gamma`, { name: 'Gamma 一', version: current.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Response).toMatchObject({ name: 'Gamma 一', version: current.version + 1 });
    const stale = await call('PUT', `${BASE}/t-gamma`, { name: 'Gamma 二', version: current.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      Error: 'VERSION_CONFLICT',
      Message: '数据已被他人修改，请刷新后重试',
    });
    expect((await call('GET', `${BASE}/t-gamma`)).json().Response.name).toBe('Gamma 一');

    const history = (await call('GET', `${BASE}/t-gamma/history`)).json().Response;
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: { name: { before: 'gamma 公司', after: 'Gamma 一' } },
    });
  });

  it('disabling a tenant ends its signed-in sessions at once; enabling lets it in again', async () => {
    const member = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    expect((await call('GET', '/ump/currUserInfo', undefined, member)).statusCode).toBe(200);
    const disabled = await call('POST', `${BASE}/t-energy/disable`, {});
    expect(disabled.json().Response.status).toBe('disabled');
    expect((await call('GET', '/ump/currUserInfo', undefined, member)).statusCode).toBe(401);
    const signIn = await loginClient(app).login(
      { username: 'energy.staff', password: TEST_ADMIN_PASSWORD, tenantId: 't-energy' },
      { 'x-forwarded-for': `10.40.0.${++ipCounter}` },
    );
    expect(signIn.body.Error).toBe('TENANT_DISABLED');
    await call('POST', `${BASE}/t-energy/enable`, {});
    const again = await loginClient(app).login(
      { username: 'energy.staff', password: TEST_ADMIN_PASSWORD, tenantId: 't-energy' },
      { 'x-forwarded-for': `10.40.0.${++ipCounter}` },
    );
    expect(again.body.Code).toBe(0);
  });

  it('deletes to the recycle bin only with the name typed again, restores, and purges after the grace period', async () => {
    const wrong = await call('POST', `${BASE}/t-beta/delete`, { confirmName: 'beta' });
    expect(wrong.json().Error).toBe('CONFIRMATION_MISMATCH');
    const deleted = await call('POST', `${BASE}/t-beta/delete`, { confirmName: 'beta 公司' });
    expect(deleted.json().Response.deletedAt).not.toBeNull();
    expect((await list('code=beta')).total).toBe(0);
    expect((await list('deleted=true')).items.map((t) => t.code)).toEqual(['beta']);
    const tooEarly = await call('POST', `${BASE}/t-beta/purge`, {});
    expect(tooEarly.json().Error).toBe('RULE_BROKEN');

    await call('POST', `${BASE}/t-beta/restore`, {});
    expect((await list('code=beta')).total).toBe(1);

    await call('POST', `${BASE}/t-beta/delete`, { confirmName: 'beta 公司' });
    await infra.db.asPlatform((tx) =>
      tx.update(tenants).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(tenants.id, 't-beta')),
    );
    const purged = await call('POST', `${BASE}/t-beta/purge`, {});
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json().Response.purged).toMatchObject({ tenant_memberships: 1, roles: 1 });
    expect((await call('GET', `${BASE}/t-beta`)).statusCode).toBe(404);
    // water.op, the administrator it borrowed, is still a member of water.
    const op = await loginClient(app).login(
      { username: 'water.op', password: TEST_ADMIN_PASSWORD },
      { 'x-forwarded-for': `10.40.0.${++ipCounter}` },
    );
    expect(op.body.Code).toBe(0);
  });

  it('the permission matrix: no token, a member, a tenant administrator, an operator without and with the code', async () => {
    const doc = app.server.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(BASE))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const nobody = await platformOperator(app, infra.db, 'ops.nobody', []);
    const everything = await platformOperator(
      app,
      infra.db,
      'ops.all',
      permissionCodesOf('platform').filter((code) => code.startsWith('tenant:')),
    );
    for (const { method, path } of routes) {
      const url = path.replace('{id}', 't-gamma');
      const payload = method === 'GET' ? undefined : {};
      const send = (headers: Record<string, string>) => call(method as 'GET', url, payload, headers);
      expect((await send({})).statusCode, `${method} ${url} without a token`).toBe(401);
      for (const [who, headers] of [
        ['a member', member],
        ['a tenant administrator', tenantAdmin],
        ['an operator without codes', nobody],
      ] as const) {
        const res = await send(headers);
        expect(res.statusCode, `${method} ${url} as ${who}: ${res.body}`).toBe(403);
        expect(res.json().Message).toMatch(/缺少权限 tenant:/);
      }
      const allowed = await send(everything);
      expect([200, 400, 409, 415, 422], `${method} ${url} with the code: ${allowed.body}`).toContain(
        allowed.statusCode,
      );
    }
  });

  it('reads the operation log by resource, record, operator, action and time', async () => {
    const logs = async (query: string) =>
      (await call('GET', `/dmp/admin/operation-logs?${query}`)).json().Response;
    const acme = await logs('resource=tenants&recordId=t-acme');
    expect(acme.items.map((row: { action: string }) => row.action)).toEqual(['create']);
    expect(acme.items[0]).toMatchObject({ recordLabel: 'acme 公司', tenantId: null });
    const updates = await logs('resource=tenants&action=update&sort=-createdAt');
    expect(updates.total).toBeGreaterThanOrEqual(1);
    const operatorId = acme.items[0].operatorId as string;
    expect((await logs(`operatorId=${operatorId}&createdAtFrom=2000-01-01`)).total).toBeGreaterThanOrEqual(
      acme.total,
    );
    expect((await logs('createdAtTo=2000-01-01')).total).toBe(0);
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    expect((await call('GET', '/dmp/admin/operation-logs', undefined, member)).statusCode).toBe(403);
  });

  it('tells the pages which codes the user holds', async () => {
    const codes = async (headers: Record<string, string>) =>
      (await call('GET', '/dmp/admin/permissions', undefined, headers)).json().Response.codes as string[];
    expect(await codes(admin)).toContain('tenant:purge');
    const reader = await platformOperator(app, infra.db, 'ops.reader', ['tenant:list']);
    expect(await codes(reader)).toEqual(['tenant:list']);
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    expect(await codes(member)).toEqual([]);
    expect((await call('GET', '/dmp/admin/permissions', undefined, {})).statusCode).toBe(401);
  });

  it('a failure after a write leaves neither the change nor its operation-log row', async () => {
    const { buildApp } = await import('../../src/app');
    const broken = await buildApp({
      config: app.config,
      db: infra.db,
      store: infra.store,
      pubsub: infra.pubsub,
      serveWeb: false,
      logger: pino({ level: 'silent' }),
      adminFaults: {
        afterWrite: (resource, action) => {
          if (resource === 'tenants' && action === 'update') throw new Error('injected after the write');
        },
      },
    });
    try {
      const before = (await call('GET', `${BASE}/t-gamma`)).json().Response;
      const logsBefore = await infra.db.asPlatform((tx) =>
        tx.select().from(operationLogs).where(eq(operationLogs.recordId, 't-gamma')),
      );
      const res = await broken.server.inject({
        method: 'PUT',
        url: `${BASE}/t-gamma`,
        headers: admin,
        payload: { contactName: '不应保存', version: before.version },
      });
      expect(res.statusCode).toBe(500);
      const after = (await call('GET', `${BASE}/t-gamma`)).json().Response;
      expect(after).toMatchObject({ contactName: before.contactName, version: before.version });
      const logsAfter = await infra.db.asPlatform((tx) =>
        tx.select().from(operationLogs).where(eq(operationLogs.recordId, 't-gamma')),
      );
      expect(logsAfter).toHaveLength(logsBefore.length);
    } finally {
      await broken.close();
    }
  });
});
