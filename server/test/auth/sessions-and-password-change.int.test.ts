import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

describe.each(testBackends())('sessions and password changes on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let n = 0;
  let ip: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    client = loginClient(app);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });
  beforeEach(() => {
    n += 1;
    ip = { 'x-forwarded-for': `10.1.0.${n}` };
  });

  const signIn = async (username: string, password = TEST_ADMIN_PASSWORD) => {
    const { body } = await client.login({ username, password }, ip);
    expect(body.Code).toBe(0);
    return body.Response as { token: string; refreshToken: string; changePwd: boolean; tenantId: string };
  };
  const cfg = (token: string) =>
    app.server.inject({ method: 'GET', url: '/ump/cfg', headers: bearer(token) });
  const refresh = (refreshToken: string) =>
    app.server.inject({ method: 'POST', url: '/dmp/refreshToken', payload: { refreshToken } });
  const logout = (token: string) =>
    app.server.inject({
      method: 'GET',
      url: '/uniwim/ump/loginLog/logOut',
      headers: { ...bearer(token), from_channel: 'web' },
    });

  it('revokes the token at logout', async () => {
    const { token, refreshToken } = await signIn('water.op');
    expect((await cfg(token)).statusCode).toBe(200);
    const res = await logout(token);
    expect(res.json()).toMatchObject({ Code: 0 });
    expect((await cfg(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).json().Error).toBe('REFRESH_INVALID');
  });

  it('rotates refresh tokens, and a rotated one used again revokes the whole family', async () => {
    const first = await signIn('water.op');
    const second = (await refresh(first.refreshToken)).json();
    expect(second.Code).toBe(0);
    expect(second.Response.token).not.toBe(first.token);
    expect((await cfg(first.token)).statusCode).toBe(401); // the rotated access token stops at once
    expect((await cfg(second.Response.token)).statusCode).toBe(200);

    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      Error: 'REFRESH_INVALID',
      Message: '刷新凭据验证失败，请重新登录',
    });
    // The thief's replay also ends the legitimate holder's tokens of that sign-in.
    expect((await cfg(second.Response.token)).statusCode).toBe(401);
    expect((await refresh(second.Response.refreshToken)).statusCode).toBe(401);
  });

  it('gives exactly one winner to concurrent refreshes of the same token', async () => {
    const { refreshToken } = await signIn('energy.staff');
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });

  it('forces a password change when the tenant demands it, and lets the user in only after it', async () => {
    await app.services.loginConfig.setTenantOverride('t-energy', {
      forcePasswordChange: '1',
      pwdRuleType: 1,
    });
    const session = await signIn('energy.admin');
    expect(session.changePwd).toBe(true);
    const blocked = await cfg(session.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().Error).toBe('PASSWORD_CHANGE_REQUIRED');
    // The restricted token may still say who is signed in.
    const me = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer(session.token),
    });
    expect(me.statusCode).toBe(200);
    // It cannot be refreshed into a full session either.
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);

    const cases: [string, string, string, string][] = [
      ['', 'Newpass123', 'Newpass123', '原始密码不能为空'],
      [TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD, '原始密码与新密码必须不同'],
      [TEST_ADMIN_PASSWORD, 'alllowercase1', 'alllowercase1', '密码须包含大写字母、小写字母和数字'],
      [TEST_ADMIN_PASSWORD, 'Newpass123', 'Newpass124', '两次输入密码不一致!'],
    ];
    for (const [opwd, npwd, rpwd, message] of cases) {
      const payload = {
        opwd: opwd ? await client.encrypt(opwd) : '',
        npwd: await client.encrypt(npwd),
        rpwd: await client.encrypt(rpwd),
      };
      const res = await app.server.inject({
        method: 'POST',
        url: '/dmp/user/changePwd',
        headers: bearer(session.token),
        payload,
      });
      if (opwd === '') {
        expect(res.json().Error).toBe('BAD_REQUEST'); // an empty ciphertext never reaches the policy
      } else {
        expect(res.json()).toMatchObject({ Error: 'PASSWORD_POLICY', Message: message });
      }
    }
    const wrongOld = await client.changePassword(session.token, 'Not-the-0ld', 'Newpass123');
    expect(wrongOld.body.Error).toBe('OLD_PASSWORD_WRONG');

    const changed = await client.changePassword(session.token, TEST_ADMIN_PASSWORD, 'Newpass123');
    expect(changed.body.Code).toBe(0);
    expect((await cfg(changed.body.Response.token)).statusCode).toBe(200);
    expect((await cfg(session.token)).statusCode).toBe(401);

    const again = await signIn('energy.admin', 'Newpass123');
    expect(again.changePwd).toBe(false);
    const old = await client.login({ username: 'energy.admin', password: TEST_ADMIN_PASSWORD }, ip);
    expect(old.body.Error).toBe('INVALID_CREDENTIALS');
    await app.services.loginConfig.setTenantOverride('t-energy', {});
  });

  it('asks for a change when an administrator reset the password', async () => {
    await infra.db.asPlatform((tx) =>
      tx.update(accounts).set({ mustChangePassword: true }).where(eq(accounts.username, 'energy.staff')),
    );
    await app.services.accounts.changed();
    expect((await signIn('energy.staff')).changePwd).toBe(true);
    await infra.db.asPlatform((tx) =>
      tx.update(accounts).set({ mustChangePassword: false }).where(eq(accounts.username, 'energy.staff')),
    );
    await app.services.accounts.changed();
  });

  it('never writes a password, hash or token to a response or a log line', async () => {
    const session = await signIn('water.admin');
    await refresh(session.refreshToken);
    await client.login({ username: 'water.admin', password: 'Wrong-Secret-42' }, ip);
    await app.server.inject({ method: 'GET', url: `/ump/cfg?uniwater_utoken=${session.token}` });
    const [row] = await infra.db.asPlatform((tx) =>
      tx.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.username, 'water.admin')),
    );
    const everything = app.logLines.join('\n');
    for (const secret of [
      TEST_ADMIN_PASSWORD,
      'Wrong-Secret-42',
      session.token,
      session.refreshToken,
      row!.hash!,
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(app.logLines.length).toBeGreaterThan(5);
  });
});
