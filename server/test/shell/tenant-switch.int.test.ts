import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, membershipRoles, tenantMemberships, tenants } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(testBackends())('tenant switching on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    // water.op also works for the energy company (as staff): somewhere to switch to.
    const accountId = await accountIdOf(infra.db, 'water.op');
    await infra.db.withTenant('t-energy', async (tx) => {
      await tx.insert(tenantMemberships).values({ tenantId: 't-energy', accountId });
      await tx.insert(membershipRoles).values({ tenantId: 't-energy', accountId, roleId: 't-energy-staff' });
    });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  /** Signs in the way the product does, so the token comes with a refresh token and a sign-in end. */
  const signIn = async (username: string, tenantId: string | null) => {
    const accountId = await accountIdOf(infra.db, username);
    return app.services.sessions.issue({ accountId, tenantId });
  };
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const whoAmI = async (token: string) => {
    const res = await call('GET', '/ump/currUserInfo', token);
    return { status: res.statusCode, body: res.json() };
  };
  const switchLogs = async (username: string) => {
    await app.services.loginLog.flush();
    return infra.db.asPlatform((tx) =>
      tx
        .select({ tenantId: loginLogs.tenantId, result: loginLogs.result, errorCode: loginLogs.errorCode })
        .from(loginLogs)
        .where(and(eq(loginLogs.username, username), eq(loginLogs.mode, 'switch'))),
    );
  };

  it("lists the user's usable tenants with the current one flagged", async () => {
    const { token } = await signIn('water.op', 't-water');
    const res = await call('GET', '/dmp/getTenantUserOauth', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().Response).toEqual({
      tenants: [
        { id: 't-water', code: 'water', name: '示范水务集团', current: true },
        { id: 't-energy', code: 'energy', name: '示范能源公司', current: false },
      ],
      canUsePlatformScope: false,
    });
    const admin = await call('GET', '/dmp/getTenantUserOauth', (await signIn('admin', null)).token);
    expect(admin.json().Response.canUsePlatformScope).toBe(true);
    expect(
      admin
        .json()
        .Response.tenants.map((t: { id: string }) => t.id)
        .sort(),
    ).toEqual(['t-energy', 't-water']);
  });

  it('issues a token scoped to the new tenant and the old one stops working', async () => {
    const old = await signIn('water.op', 't-water');
    const res = await call('POST', '/dmp/changeTenant', old.token, { tenantId: 't-energy' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().Response;
    expect(answer).toMatchObject({ tenantId: 't-energy', tenantName: '示范能源公司', expire: 7200 });
    expect(answer.token).not.toBe(old.token);
    expect(answer.refreshToken).toEqual(expect.any(String));

    const now = await whoAmI(answer.token);
    expect(now.body.Response).toMatchObject({
      username: 'water.op',
      tenantId: 't-energy',
      tenantName: '示范能源公司',
    });
    expect((await whoAmI(old.token)).status).toBe(401);
    expect((await whoAmI(old.token)).body.Error).toBe('TOKEN_INVALID');
    const oldRefresh = await app.server.inject({
      method: 'POST',
      url: '/dmp/refreshToken',
      payload: { refreshToken: old.refreshToken },
    });
    expect(oldRefresh.json().Error).toBe('REFRESH_INVALID');

    // The new token reads the new tenant's data: the energy company has no mapCenter of its own.
    const param = await call('GET', '/ump/param/get?key=mapCenter', answer.token);
    expect(param.json().Response).toEqual({ mapCenter: '116.40,39.90' });
    const back = await call('POST', '/dmp/changeTenant', answer.token, { tenantId: 't-water' });
    const water = await call('GET', '/ump/param/get?key=mapCenter', back.json().Response.token);
    expect(water.json().Response).toEqual({ mapCenter: '120.15,30.28' });

    expect(await switchLogs('water.op')).toEqual(
      expect.arrayContaining([
        { tenantId: 't-energy', result: 'success', errorCode: null },
        { tenantId: 't-water', result: 'success', errorCode: null },
      ]),
    );
  });

  it('refuses a tenant the user does not belong to, and the token keeps working', async () => {
    const { token } = await signIn('energy.staff', 't-energy');
    const res = await call('POST', '/dmp/changeTenant', token, { tenantId: 't-water' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Code: 40304, Error: 'NOT_A_MEMBER', Response: null });
    const unknown = await call('POST', '/dmp/changeTenantToken', token, { tenantId: 't-nowhere' });
    expect(unknown.json().Error).toBe('NOT_A_MEMBER'); // never reveals which tenants exist
    expect((await whoAmI(token)).body.Response.tenantId).toBe('t-energy');
    expect(await switchLogs('energy.staff')).toContainEqual({
      tenantId: 't-energy',
      result: 'failure',
      errorCode: 'NOT_A_MEMBER',
    });
  });

  it('refuses a disabled tenant and leaves it out of the list', async () => {
    const { token } = await signIn('water.op', 't-water');
    await infra.db.asPlatform((tx) =>
      tx.update(tenants).set({ status: 'disabled' }).where(eq(tenants.id, 't-energy')),
    );
    try {
      const res = await call('POST', '/dmp/changeTenant', token, { tenantId: 't-energy' });
      expect(res.statusCode).toBe(403);
      expect(res.json().Error).toBe('TENANT_DISABLED');
      const list = (await call('GET', '/dmp/getTenantUserOauth', token)).json().Response;
      expect(list.tenants.map((t: { id: string }) => t.id)).toEqual(['t-water']);
    } finally {
      await infra.db.asPlatform((tx) =>
        tx.update(tenants).set({ status: 'active' }).where(eq(tenants.id, 't-energy')),
      );
    }
  });

  it('validates the body', async () => {
    const { token } = await signIn('water.op', 't-water');
    for (const payload of [{}, { tenantId: '' }, { tenantId: 7 }, { tenantId: 't-energy', extra: 1 }]) {
      const res = await call('POST', '/dmp/changeTenant', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().Error).toBe('BAD_REQUEST');
    }
    expect(
      (
        await app.server.inject({
          method: 'POST',
          url: '/dmp/changeTenant',
          payload: { tenantId: 't-water' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lets only one of two concurrent switches with the same token through', async () => {
    const { token } = await signIn('water.op', 't-water');
    const answers = await Promise.all([
      call('POST', '/dmp/changeTenant', token, { tenantId: 't-energy' }),
      call('POST', '/dmp/changeTenant', token, { tenantId: 't-energy' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('exchanges a token for another tenant while the caller keeps its own; signing out ends both', async () => {
    const shell = await signIn('water.op', 't-water');
    const res = await call('POST', '/dmp/changeTenantToken', shell.token, { tenantId: 't-energy' });
    expect(res.statusCode).toBe(200);
    const exchanged = res.json().Response;
    expect(exchanged).toMatchObject({ tenantId: 't-energy', tenantName: '示范能源公司' });
    expect((await whoAmI(shell.token)).body.Response.tenantId).toBe('t-water');
    expect((await whoAmI(exchanged.token)).body.Response.tenantId).toBe('t-energy');

    await call('GET', '/uniwim/ump/loginLog/logOut', shell.token);
    expect((await whoAmI(shell.token)).status).toBe(401);
    expect((await whoAmI(exchanged.token)).status).toBe(401);
  });

  it('gives platform administrators a platform-scope token and refuses everyone else', async () => {
    const member = await signIn('water.admin', 't-water');
    const refused = await call('POST', '/dmp/changePlatformToken', member.token, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error).toBe('FORBIDDEN');
    expect((await whoAmI(member.token)).status).toBe(200);

    const admin = await signIn('admin', null);
    const inTenant = await call('POST', '/dmp/changeTenant', admin.token, { tenantId: 't-water' });
    expect(inTenant.json().Response.tenantId).toBe('t-water'); // admins may enter any tenant
    const tenantToken = inTenant.json().Response.token;
    const platform = await app.server.inject({
      method: 'POST',
      url: '/dmp/changePlatformToken',
      headers: bearer(tenantToken),
    });
    expect(platform.statusCode, platform.body).toBe(200);
    expect(platform.json().Response).toMatchObject({ tenantId: null, tenantName: null });
    expect((await whoAmI(platform.json().Response.token)).body.Response).toMatchObject({
      username: 'admin',
      tenantId: null,
    });
    expect((await whoAmI(tenantToken)).status).toBe(401);
    const unknown = await call('POST', '/dmp/changeTenant', platform.json().Response.token, {
      tenantId: 't-nowhere',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Error).toBe('TENANT_NOT_FOUND');
  });
});
