import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, type TestApp } from '../support/test-app';

const USERS = '/dmp/admin/platform-users';
const ROLES = '/dmp/admin/platform-roles';

describe.each(testBackends())('platform users and roles on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;
  let adminId: string;
  let ipCounter = 0;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    adminId = (await app.server.inject({ method: 'GET', url: '/ump/currUserInfo', headers: admin })).json()
      .Response.id;
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
  const signIn = (username: string, password: string) =>
    loginClient(app).login({ username, password }, { 'x-forwarded-for': `10.50.0.${++ipCounter}` });
  const codesOf = async (headers: Record<string, string>) =>
    (await call('GET', '/dmp/admin/permissions', undefined, headers)).json().Response.codes as string[];

  let auditorRole: string;
  let auditorId: string;
  let auditorPassword: string;

  it('creates a role of platform codes and an operator holding it, whose password is shown once', async () => {
    const unknownCode = await call('POST', ROLES, { code: 'bad', name: 'Bad', permissions: ['user:list'] });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().Message).toContain('未知的平台权限码');

    const role = await call('POST', ROLES, {
      code: 'auditor',
      name: '审计员',
      permissions: ['tenant:list', 'operation-log:list'],
    });
    expect(role.statusCode, role.body).toBe(200);
    auditorRole = role.json().Response.id;

    const created = await call('POST', USERS, {
      username: 'ops.auditor',
      name: '审计员甲',
      mobile: '13600000001',
      roleIds: [auditorRole],
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json().Response;
    expect(body).toMatchObject({
      username: 'ops.auditor',
      superAdmin: false,
      roleNames: ['审计员'],
      status: 'active',
      mustChangePassword: true,
    });
    auditorId = body.id;
    auditorPassword = body.initialPassword;
    const first = await signIn('ops.auditor', auditorPassword);
    expect(first.body.Response.changePwd).toBe(true);
    const token = bearer(await tokenFor(app, infra.db, 'ops.auditor', null));
    expect(await codesOf(token)).toEqual(['operation-log:list', 'tenant:list']);
    expect((await call('GET', '/dmp/admin/tenants', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', USERS, undefined, token)).statusCode).toBe(403);

    // A role's change reaches its holders on their next request.
    const current = (await call('GET', `${ROLES}/${auditorRole}`)).json().Response;
    await call('PUT', `${ROLES}/${auditorRole}`, {
      permissions: ['tenant:list', 'platform-user:list'],
      version: current.version,
    });
    expect((await call('GET', USERS, undefined, token)).statusCode).toBe(200);
  });

  it('lists only operators, filtered and sorted as declared', async () => {
    const list = async (query: string) => (await call('GET', `${USERS}?${query}`)).json().Response;
    const all = await list('sort=username');
    expect(all.items.map((u: { username: string }) => u.username)).toEqual(['admin', 'ops.auditor']);
    expect((await list('username=audit')).total).toBe(1);
    expect((await list('mobile=1360000')).total).toBe(1);
    expect((await list('status=disabled')).total).toBe(0);
    expect((await call('GET', `${USERS}/acc-does-not-exist`)).statusCode).toBe(404);
  });

  it('a role held by someone cannot be deleted; the answer says by how many', async () => {
    const res = await call('DELETE', `${ROLES}/${auditorRole}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Error: 'IN_USE', Message: '该角色正被 1 名用户使用，无法删除' });
    const spare = await call('POST', ROLES, { code: 'spare', name: '备用', permissions: [] });
    expect((await call('DELETE', `${ROLES}/${spare.json().Response.id}`)).statusCode).toBe(200);
  });

  it('updates with optimistic locking and unique mobiles named by field', async () => {
    const current = (await call('GET', `${USERS}/${auditorId}`)).json().Response;
    const taken = await call('PUT', `${USERS}/${auditorId}`, {
      mobile: '13900000001',
      version: current.version,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ Error: 'DUPLICATE', Message: '手机号已存在' });
    const renamed = await call('PUT', `${USERS}/${auditorId}`, {
      name: '审计员乙',
      version: current.version,
    });
    expect(renamed.json().Response.name).toBe('审计员乙');
    const stale = await call('PUT', `${USERS}/${auditorId}`, { name: '审计员丙', version: current.version });
    expect(stale.json().Error).toBe('VERSION_CONFLICT');
  });

  it('resets a password (forcing a change), lists and ends sessions, and unlocks', async () => {
    await tokenFor(app, infra.db, 'ops.auditor', null);
    const sessions = (await call('GET', `${USERS}/${auditorId}/sessions`)).json().Response;
    expect(sessions.length).toBeGreaterThanOrEqual(1);

    const reset = await call('POST', `${USERS}/${auditorId}/reset-password`, {});
    const password = reset.json().Response.initialPassword as string;
    expect(password).not.toBe(auditorPassword);
    expect((await signIn('ops.auditor', auditorPassword)).body.Error).toBe('INVALID_CREDENTIALS');
    expect((await signIn('ops.auditor', password)).body.Response.changePwd).toBe(true);
    expect((await call('GET', `${USERS}/${auditorId}/sessions`)).json().Response.length).toBe(1);

    const token = bearer(await tokenFor(app, infra.db, 'ops.auditor', null));
    await call('POST', `${USERS}/${auditorId}/sign-out`, {});
    expect((await call('GET', '/ump/currUserInfo', undefined, token)).statusCode).toBe(401);

    for (let i = 0; i < 5; i++) await signIn('ops.auditor', `Wrong-${i}-passw0rd`);
    expect((await signIn('ops.auditor', password)).body.Error).toBe('LOCKED');
    await call('POST', `${USERS}/${auditorId}/unlock`, {});
    expect((await signIn('ops.auditor', password)).body.Code).toBe(0);
  });

  it('nobody disables or removes themselves or the last super administrator', async () => {
    const self = await call('POST', `${USERS}/${adminId}/disable`, {});
    expect(self.json()).toMatchObject({ Error: 'RULE_BROKEN', Message: '不能停用自己的账号' });
    expect((await call('DELETE', `${USERS}/${adminId}`)).json().Message).toBe('不能删除自己的账号');

    const manager = await platformOperator(app, infra.db, 'ops.manager', [
      'platform-user:list',
      'platform-user:update',
      'platform-user:delete',
    ]);
    // An operator with a platform role does not reach a super administrator at all (issue 24).
    const last = await call('POST', `${USERS}/${adminId}/disable`, {}, manager);
    expect(last.json()).toMatchObject({ Error: 'MEMBER_OUTRANKS' });
    expect((await call('DELETE', `${USERS}/${adminId}`, undefined, manager)).json().Error).toBe(
      'MEMBER_OUTRANKS',
    );

    // With a second super administrator, the first may be disabled (by that one) and enabled again.
    const second = await call('POST', USERS, { username: 'ops.root', name: '第二超管', superAdmin: true });
    expect(second.json().Response.superAdmin).toBe(true);
    const root = bearer(await tokenFor(app, infra.db, 'ops.root', null));
    expect((await call('POST', `${USERS}/${adminId}/disable`, {}, root)).json().Response.status).toBe(
      'disabled',
    );
    expect((await call('POST', `${USERS}/${adminId}/enable`, {}, root)).json().Response.status).toBe(
      'active',
    );
    // Disabling ended the administrator's sessions: a new sign-in is needed.
    expect((await call('GET', USERS)).statusCode).toBe(401);
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });

  it('deleting an operator takes away platform access only', async () => {
    expect((await call('DELETE', `${USERS}/${auditorId}`)).statusCode).toBe(200);
    expect((await call('GET', `${USERS}/${auditorId}`)).statusCode).toBe(404);
    const token = bearer(await tokenFor(app, infra.db, 'ops.auditor', null));
    expect(await codesOf(token)).toEqual([]);
  });

  it('refuses every route without a token, to tenant administrators and to operators without the code', async () => {
    const doc = app.server.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(USERS) || path.startsWith(ROLES))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const nobody = await platformOperator(app, infra.db, 'ops.nobody', []);
    for (const { method, path } of routes) {
      const url = path.replace('{id}', adminId);
      const payload = method === 'GET' ? undefined : {};
      expect((await call(method as 'GET', url, payload, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method as 'GET', url, payload, tenantAdmin)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      expect((await call(method as 'GET', url, payload, nobody)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
