import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administratorPlacement } from '../../src/modules/tenants/provision';
import { tokenOf as clientTokenOf, createApiClient, requestToken } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { latestCode } from '../support/sms-outbox';
import { startTestApp, type TestApp } from '../support/test-app';

const TENANTS = '/dmp/admin/tenants';

type State = 'disabled' | 'recycle bin' | 'expired';

/**
 * What each state may answer. A disabled or deleted tenant's sessions are also revoked when it
 * changes (TOKEN_INVALID, REFRESH_INVALID); an expired tenant's are not, so every refusal there is
 * the per-request check of tenant admission itself.
 */
const REFUSALS: Record<State, string[]> = {
  disabled: ['TENANT_DISABLED', 'TOKEN_INVALID', 'REFRESH_INVALID'],
  'recycle bin': ['TENANT_DISABLED', 'TENANT_NOT_FOUND', 'TOKEN_INVALID', 'REFRESH_INVALID'],
  expired: ['TENANT_EXPIRED'],
};

/**
 * Issue 24, defects 5 and 6: a tenant that is disabled, in the recycle bin or expired admits nobody,
 * at every entry, also with a session, a refresh token and an API client token made before the
 * change; restoring it admits again.
 */
describe.each(testBackends())('the tenant lifecycle on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let platform: Record<string, string>;
  let waterOp: Record<string, string>;
  let ipCounter = 0;
  const ip = () => ({ 'x-forwarded-for': `10.24.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}` });

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    client = loginClient(app);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.server.inject({ method, url, headers: { ...ip(), ...headers }, ...(payload ? { payload } : {}) });
  const okOf = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const res = await inject(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const run = (statement: ReturnType<typeof sql>) => infra.db.asPlatform((tx) => tx.execute(statement));

  /** A tenant of its own per state: its administrator (only there), with a known password and mobile. */
  const provision = async (n: number) => {
    const code = `life${n}`;
    const mobile = `1360000000${n}`;
    const created = await okOf('POST', TENANTS, platform, {
      code,
      name: `生命周期${n}`,
      admin: { mobile, username: `${code}.admin` },
    });
    const tenantId = created.id as string;
    const username = `${code}.admin`;
    // Setup, as the admin pages would leave it: no forced password change; self-registration open;
    // water.op is a member too (the tenant list of someone who belongs elsewhere as well).
    await run(sql`UPDATE accounts SET must_change_password = false WHERE username = ${username}`);
    await run(sql`UPDATE tenants SET allow_self_registration = true WHERE id = ${tenantId}`);
    const { departmentId } = administratorPlacement(tenantId);
    await run(
      sql`INSERT INTO tenant_memberships (tenant_id, account_id, department_id, source)
          VALUES (${tenantId}, ${await accountIdOf(infra.db, 'water.op')}, ${departmentId}, 'admin')`,
    );
    await app.services.accounts.changed();
    await app.services.tenants.changed();
    return { tenantId, name: `生命周期${n}`, username, mobile, password: created.initialPassword as string };
  };

  const signIn = (tenant: { username: string; password: string }, tenantId?: string) =>
    client.login(
      { username: tenant.username, password: tenant.password, ...(tenantId ? { tenantId } : {}) },
      ip(),
    );
  const tenantIdsOf = async (headers: Record<string, string>) =>
    ((await okOf('GET', '/dmp/getTenantUserOauth', headers)).tenants as { id: string }[]).map((t) => t.id);
  const suggestions = async (name: string) =>
    ((await okOf('GET', `/dmp/tenant/suggest?name=${encodeURIComponent(name)}`, {})) as { id: string }[]).map(
      (t) => t.id,
    );
  const sendCode = (mobile: string, type: string) =>
    inject('POST', '/dmp/verificationCode', {}, { mobile, type });
  const versionOf = async (tenantId: string) =>
    (await okOf('GET', `${TENANTS}/${tenantId}`, platform)).version;

  const states: {
    state: State;
    change(t: { tenantId: string; name: string }): Promise<void>;
    restore(t: { tenantId: string }): Promise<void>;
  }[] = [
    {
      state: 'disabled',
      change: async ({ tenantId }) =>
        void (await okOf('POST', `${TENANTS}/${tenantId}/disable`, platform, {})),
      restore: async ({ tenantId }) =>
        void (await okOf('POST', `${TENANTS}/${tenantId}/enable`, platform, {})),
    },
    {
      state: 'recycle bin',
      change: async ({ tenantId, name }) =>
        void (await okOf('POST', `${TENANTS}/${tenantId}/delete`, platform, { confirmName: name })),
      restore: async ({ tenantId }) =>
        void (await okOf('POST', `${TENANTS}/${tenantId}/restore`, platform, {})),
    },
    {
      state: 'expired',
      // Announced while the tenant still admits; then only time passes, with no event at all.
      change: async ({ tenantId }) => {
        const expiresAt = new Date(Date.now() + 1_500);
        await okOf('PUT', `${TENANTS}/${tenantId}`, platform, {
          expiresAt: expiresAt.toISOString(),
          version: await versionOf(tenantId),
        });
        await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
      },
      restore: async ({ tenantId }) =>
        void (await okOf('PUT', `${TENANTS}/${tenantId}`, platform, {
          expiresAt: null,
          version: await versionOf(tenantId),
        })),
    },
  ];

  it.each(states.map((s, i) => ({ ...s, n: i + 1 })))(
    'a tenant $state admits nobody at any entry, and admits again once restored',
    async ({ state, change, restore, n }) => {
      const tenant = await provision(n);
      const { tenantId } = tenant;
      const refused = (res: { statusCode: number; json(): { Error?: string } }, entry: string) => {
        expect(res.statusCode, entry).not.toBe(200);
        expect(REFUSALS[state], `${entry}: ${res.json().Error}`).toContain(res.json().Error);
      };

      // Made while the tenant admits: a session with its refresh token, an API client token, a QR
      // code the platform administrator has scanned, and the lists that offer the tenant.
      const before = await signIn(tenant);
      expect(before.body.Response?.tenantId, JSON.stringify(before.body)).toBe(tenantId);
      const session = bearer(before.body.Response.token);
      const refreshToken = before.body.Response.refreshToken as string;
      await okOf('GET', '/ump/currUserInfo', session);
      await okOf('GET', '/ump/admin/users', session);
      const credential = await createApiClient(app, platform, {
        ownerTenantId: tenantId,
        scopes: ['parameter:read'],
      });
      const clientToken = await clientTokenOf(app, credential);
      await okOf('GET', '/ump/param/get', bearer(clientToken));
      const qr = await app.services.qrLogin.create({ tenantId, userAgent: 'vitest', ip: '10.24.250.1' });
      await okOf('POST', '/ump/qrcode/scan', platform, { uid: qr });
      expect(await tenantIdsOf(waterOp)).toContain(tenantId);
      expect(await tenantIdsOf(platform)).toContain(tenantId);
      expect(await suggestions(tenant.name)).toEqual([tenantId]);

      await change(tenant);

      // Token use, on a user route and an admin route; refresh.
      refused(await inject('GET', '/ump/currUserInfo', session), 'user route');
      refused(await inject('GET', '/ump/admin/users', session), 'admin route');
      refused(await inject('POST', '/dmp/refreshToken', {}, { refreshToken }), 'refresh');
      // Sign-in by password, with and without the tenant named, and by SMS code.
      refused((await signIn(tenant, tenantId)).res, 'password sign-in naming the tenant');
      refused((await signIn(tenant)).res, 'password sign-in naming none');
      expect((await sendCode(tenant.mobile, 'LOGIN_CODE')).statusCode).toBe(200);
      const smsLogin = await inject(
        'POST',
        '/dmp/verificationCodeLogin',
        {},
        {
          type: 'LOGIN_CODE',
          mobile: tenant.mobile,
          code: latestCode(app.config.dataDir, tenant.mobile)!,
        },
      );
      refused(smsLogin, 'SMS sign-in');
      // QR confirm; a switch into the tenant and a token exchange for it.
      refused(await inject('POST', '/ump/qrcode/confirm', platform, { uid: qr }), 'QR confirm');
      refused(await inject('POST', '/dmp/changeTenant', platform, { tenantId }), 'tenant switch');
      refused(await inject('POST', '/dmp/changeTenantToken', platform, { tenantId }), 'token exchange');
      // Registration under the company.
      const newcomer = `1360000010${n}`;
      expect((await sendCode(newcomer, 'REGISTER_CODE')).statusCode).toBe(200);
      const registration = await inject(
        'POST',
        '/dmp/register',
        {},
        {
          data: client.encode({
            tenantId,
            username: `life${n}.newcomer`,
            mobile: newcomer,
            password: await client.encrypt('Welcome-2026!'),
            code: latestCode(app.config.dataDir, newcomer)!,
          }),
        },
      );
      refused(registration, 'registration');
      // API client tokens: none issued, and the one issued before stops working.
      const issued = await requestToken(app, {
        grant_type: 'client_credentials',
        client_id: credential.id,
        client_secret: credential.clientSecret,
      });
      expect(issued.statusCode).toBe(401);
      expect(issued.json().error).toBe('invalid_client');
      const used = await inject('GET', '/ump/param/get', bearer(clientToken));
      expect(used.statusCode).toBe(403);
      expect(used.json().Error).toBe(state === 'expired' ? 'TENANT_EXPIRED' : 'TENANT_DISABLED');
      // The lists a user chooses a tenant from.
      expect(await tenantIdsOf(waterOp)).not.toContain(tenantId);
      expect(await tenantIdsOf(platform)).not.toContain(tenantId);
      expect(await suggestions(tenant.name)).toEqual([]);

      await restore(tenant);
      const again = await signIn(tenant, tenantId);
      expect(again.body.Response?.tenantId, JSON.stringify(again.body)).toBe(tenantId);
      await okOf('GET', '/ump/admin/users', bearer(again.body.Response.token));
      await okOf('GET', '/ump/param/get', bearer(await clientTokenOf(app, credential)));
      expect(await tenantIdsOf(platform)).toContain(tenantId);
    },
  );
});
