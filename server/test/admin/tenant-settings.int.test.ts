import { decodeLoginConfig, tenantFilesPrefix } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableDormantMembers } from '../../src/modules/tenant-settings/dormancy-sweep';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { resetSecurityFloors, setSecurityFloors } from '../support/platform-settings';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

const BASE = '/ump/admin/tenant-settings';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testBackends())('tenant settings on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let energyAdmin: Record<string, string>;
  let ip = 0;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = waterAdmin) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async (headers = waterAdmin) => (await call('GET', BASE, undefined, headers)).json().Response;
  const cfgOf = async (tenant: string, extra = '') =>
    decodeLoginConfig(
      (await call('GET', `/ump/cfg-encrypt?tenant=${tenant}${extra}`, undefined, {})).json().Response,
    );
  const signIn = (username: string, headers: Record<string, string> = {}) =>
    loginClient(app).login(
      { username, password: TEST_ADMIN_PASSWORD, tenantId: 't-water' },
      { 'x-forwarded-for': `10.60.0.${++ip}`, ...headers },
    );

  it('reads the tenant’s own settings with the platform floors', async () => {
    const answer = await read();
    expect(answer.tenantId).toBe('t-water');
    expect(answer.settings.basics.name).toBe('示范水务集团');
    expect(answer.settings.security).toMatchObject({
      pwdMinLength: expect.any(Number),
      twoFactorRequired: false,
    });
    expect(answer.floors.passwordMinLength).toBe(8);
    expect(answer.loginPageUrl).toBe('/login.html?tenant=water');
  });

  it('publishes the look: /ump/cfg-encrypt answers it, with history and an operation log', async () => {
    const before = await read();
    const saved = await call('PUT', BASE, {
      version: before.version,
      signInLook: { ...before.settings.signInLook, title: '水务新门户', loginAccountType: '1-3,1-1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.version).toBe(before.version + 1);
    const config = await cfgOf('water');
    expect(config.title).toBe('水务新门户');
    expect(config.loginAccountType).toBe('1-3,1-1');
    const history = (await call('GET', `${BASE}/history`)).json().Response;
    expect(history.items[0].changes['signInLook.title']).toEqual({
      before: before.settings.signInLook.title,
      after: '水务新门户',
    });
    const stale = await call('PUT', BASE, {
      version: before.version,
      signInLook: before.settings.signInLook,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a policy below the platform floors, naming the field and the floor', async () => {
    const { version, settings } = await read();
    for (const [field, value, floor] of [
      ['pwdMinLength', 6, 'securityFloors.passwordMinLength'],
      ['pwdRuleType', 3, null],
      ['loginCountMax', 9, 'securityFloors.lockoutMaxFailuresAtMost'],
      ['lockingIsOpen', '0', 'securityFloors.lockoutAlwaysOn'],
      ['loginTime', 5, 'securityFloors.lockoutMinutesAtLeast'],
      ['accessTokenMinutes', 2000, null],
    ] as const) {
      const answer = await call('PUT', BASE, { version, security: { ...settings.security, [field]: value } });
      if (floor === null) continue;
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(answer.json().Message).toContain(`security.${field}`);
      expect(answer.json().Details[0]).toMatchObject({ path: `security.${field}`, floor });
    }
    // The floor moves up: a rule of letters and digits is now below it.
    await setSecurityFloors(app, { passwordMinRuleType: 5 });
    const current = await read();
    const belowRule = await call('PUT', BASE, {
      version: current.version,
      security: { ...current.settings.security, pwdRuleType: 3 },
    });
    expect(belowRule.statusCode).toBe(400);
    expect(belowRule.json().Details[0]).toMatchObject({
      path: 'security.pwdRuleType',
      floor: 'securityFloors.passwordMinRuleType',
      floorValue: 5,
    });
    await resetSecurityFloors(app);
  });

  it('saves a policy within the floors, and can mark every member for a password change', async () => {
    const { version, settings } = await read();
    const saved = await call('PUT', BASE, {
      version,
      security: {
        ...settings.security,
        pwdMinLength: 10,
        pwdRuleType: 5,
        loginCountMax: 3,
        accessTokenMinutes: 60,
      },
      forcePasswordChangeForMembers: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.membersMarked).toBeGreaterThan(0);
    expect(saved.json().Response.settings.security).toMatchObject({
      pwdMinLength: 10,
      accessTokenMinutes: 60,
    });
    const config = await cfgOf('water');
    expect(config).toMatchObject({ pwdMinLength: 10, pwdRuleType: 5, loginCountMax: '3' });
    const op = await signIn('water.op');
    expect(op.body.Response.changePwd).toBe(true);
    // The session of a sign-in into the tenant lives the tenant's minutes.
    expect(op.body.Response.expire).toBeLessThanOrEqual(600);
  });

  it('checks customCss: @import, foreign url() and expression are dropped and reported', async () => {
    const { settings } = await read();
    const css =
      `@import url(https://evil.example/x.css);\n.login-panel{color:#123456;background:url(${tenantFilesPrefix('t-water')}a.png)}\n` +
      '.login-page{background:url(https://evil.example/bg.png);width:expression(alert(1))}';
    const preview = await call('POST', `${BASE}/preview`, {
      signInLook: { ...settings.signInLook, customCss: css },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const answer = preview.json().Response;
    expect(answer.removedCss).toEqual([
      '@import url(https://evil.example/x.css);',
      'background:url(https://evil.example/bg.png);',
      'width:expression(alert(1))',
    ]);
    expect(answer.customCss).toContain('color:#123456');
    expect(answer.customCss).not.toMatch(/@import|evil|expression/);
    const tooLong = await call('POST', `${BASE}/preview`, {
      signInLook: { ...settings.signInLook, customCss: 'a'.repeat(20_001) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('previews a draft on the real configuration route without publishing it', async () => {
    const { settings } = await read();
    const preview = (
      await call('POST', `${BASE}/preview`, { signInLook: { ...settings.signInLook, title: '草稿标题' } })
    ).json().Response;
    expect(preview.previewUrl).toBe(`/login.html?tenant=water&preview=${preview.previewId}`);
    expect((await cfgOf('water', `&preview=${preview.previewId}`)).title).toBe('草稿标题');
    expect((await cfgOf('water')).title).toBe('水务新门户');
    // Another tenant's page never shows water's draft.
    expect((await cfgOf('energy', `&preview=${preview.previewId}`)).title).not.toBe('草稿标题');
  });

  it('uploads images into the tenant’s files, the type read from the bytes', async () => {
    const uploaded = await call('POST', `${BASE}/images`, {
      fileName: 'logo.png',
      data: PNG.toString('base64'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url, contentType } = uploaded.json().Response;
    expect(contentType).toBe('image/png');
    // Stored by the files module (issue 14), public as every image there.
    expect(url).toMatch(/^\/ump\/files\/f-[0-9a-f-]{36}$/);
    const served = await app.server.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const html = Buffer.from('<svg onload="alert(1)"></svg>').toString('base64');
    const refused = await call('POST', `${BASE}/images`, { fileName: 'logo.png', data: html });
    expect(refused.statusCode).toBe(415);
    const big = Buffer.alloc(1024 * 1024 + 10, 1).toString('base64');
    expect((await call('POST', `${BASE}/images`, { fileName: 'big.png', data: big })).statusCode).toBe(400);
    expect(
      (await call('POST', `${BASE}/images`, { fileName: 'big.png', data: big })).json().Message,
    ).toContain('1 MB');
  });

  it('rolls back to an earlier version as a new version', async () => {
    const history = (await call('GET', `${BASE}/history?pageSize=100`)).json().Response.items as {
      version: number;
      changes: Record<string, unknown>;
    }[];
    const first = history.at(-1)!;
    expect(first.changes).toHaveProperty(['signInLook.title']);
    const { version } = await read();
    const rolled = await call('POST', `${BASE}/rollback`, { toVersion: first.version, version });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().Response.version).toBe(version + 1);
    // Version 1 held the published title and the policy before it was tightened.
    expect(rolled.json().Response.settings.signInLook.title).toBe('水务新门户');
    expect(rolled.json().Response.settings.security.pwdMinLength).not.toBe(10);
    const latest = (await call('GET', `${BASE}/history`)).json().Response.items[0];
    expect(latest).toMatchObject({ action: 'rollback', restoredVersion: first.version });
    expect(latest.changes['security.pwdMinLength']).toMatchObject({ before: 10 });
    expect(
      (await call('POST', `${BASE}/rollback`, { toVersion: 999, version: version + 1 })).statusCode,
    ).toBe(404);
  });

  it('keeps basics: custom domains unique across tenants', async () => {
    const { version, settings } = await read();
    const energyDomain = (await read(energyAdmin)).settings.basics.domains[0] ?? 'portal.energy.example';
    if ((await read(energyAdmin)).settings.basics.domains.length === 0) {
      const energy = await read(energyAdmin);
      const set = await call(
        'PUT',
        BASE,
        { version: energy.version, basics: { ...energy.settings.basics, domains: [energyDomain] } },
        energyAdmin,
      );
      expect(set.statusCode, set.body).toBe(200);
    }
    const taken = await call('PUT', BASE, {
      version,
      basics: { ...settings.basics, domains: [...settings.basics.domains, energyDomain] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Message).toContain(energyDomain);
    const saved = await call('PUT', BASE, {
      version,
      basics: {
        ...settings.basics,
        shortName: '水务',
        domains: [...settings.basics.domains, 'sso.water.example'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.settings.basics).toMatchObject({ shortName: '水务' });
    expect(saved.json().Response.settings.basics.domains).toContain('sso.water.example');
    const byDomain = decodeLoginConfig(
      (
        await app.server.inject({
          method: 'GET',
          url: '/ump/cfg-encrypt',
          headers: { host: 'sso.water.example' },
        })
      ).json().Response,
    );
    expect(byDomain.title).toBe((await cfgOf('water')).title);
  });

  it('enforces the IP allow-list, password expiry and dormancy at sign-in', async () => {
    let { version, settings } = await read();
    const save = async (changes: Record<string, unknown>) => {
      const answer = await call('PUT', BASE, { version, security: { ...settings.security, ...changes } });
      expect(answer.statusCode, answer.body).toBe(200);
      ({ version, settings } = answer.json().Response);
    };
    await save({ ipAllowList: ['10.77.0.0/16'] });
    const outside = await signIn('water.admin', { 'x-forwarded-for': '10.60.9.9' });
    expect(outside.res.statusCode).toBe(403);
    expect(outside.body.Message).toContain('10.60.9.9');
    expect(outside.body.Message).toContain('不在本租户允许登录的范围内');
    const inside = await signIn('water.admin', { 'x-forwarded-for': '10.77.3.4' });
    expect(inside.res.statusCode, JSON.stringify(inside.body)).toBe(200);
    await save({ ipAllowList: [] });

    await save({ passwordExpiryDays: 1 });
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE accounts SET password_changed_at = now() - interval '3 days', must_change_password = false WHERE username = 'water.admin'`,
      ),
    );
    await app.services.accounts.changed();
    expect((await signIn('water.admin')).body.Response.changePwd).toBe(true);
    await save({ passwordExpiryDays: 0 });
    expect((await signIn('water.admin')).body.Response.changePwd).toBe(false);

    await save({ dormantDisableDays: 30 });
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE tenant_memberships SET last_sign_in_at = now() - interval '40 days' WHERE tenant_id = 't-water' AND account_id = (SELECT id FROM accounts WHERE username = 'water.op')`,
      ),
    );
    const dormant = await signIn('water.op');
    expect(dormant.res.statusCode).toBe(403);
    expect(dormant.body.Message).toContain('30 天未登录');
    expect((await signIn('water.op')).res.statusCode).toBe(403);
    // The hourly sweep disables the dormant without waiting for a sign-in; administrators are kept.
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE tenant_memberships SET status = 'active', last_sign_in_at = now() - interval '40 days' WHERE tenant_id = 't-water' AND account_id IN (SELECT id FROM accounts WHERE username IN ('water.op', 'water.admin'))`,
      ),
    );
    const swept = await disableDormantMembers(infra.db);
    const sweptNames = await Promise.all(
      swept.filter((row) => row.tenantId === 't-water').map((row) => row.accountId),
    );
    expect(sweptNames).toContain(await accountIdOf(infra.db, 'water.op'));
    expect(sweptNames).not.toContain(await accountIdOf(infra.db, 'water.admin'));
    await save({ dormantDisableDays: 0 });
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE tenant_memberships SET last_sign_in_at = now() WHERE tenant_id = 't-water' AND account_id = (SELECT id FROM accounts WHERE username = 'water.admin')`,
      ),
    );
    // The administrator enables the member again (the user pages do this); they sign in as before.
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE tenant_memberships SET status = 'active', last_sign_in_at = now() WHERE tenant_id = 't-water' AND account_id = (SELECT id FROM accounts WHERE username = 'water.op')`,
      ),
    );
    await app.services.accounts.changed();
    expect((await signIn('water.op')).res.statusCode).toBe(200);
  });

  it('serves the watermark policy to the tenant’s signed-in users', async () => {
    const op = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const watermark = async () => (await call('GET', '/ump/watermark', undefined, op)).json().Response;
    expect(await watermark()).toMatchObject({ enabled: true, text: '' });
    const { version, settings } = await read();
    const saved = await call('PUT', BASE, {
      version,
      security: { ...settings.security, watermarkEnabled: false, watermarkText: '内部 {name}' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await watermark()).toMatchObject({ enabled: false, text: '内部 {name}' });
    expect((await call('GET', '/ump/watermark', undefined, {})).statusCode).toBe(401);
  });

  it('asks a member for the SMS code once two-factor is on', async () => {
    const { version, settings } = await read();
    const on = await call('PUT', BASE, {
      version,
      security: { ...settings.security, twoFactorRequired: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const admin = await signIn('water.admin');
    expect(admin.body.Response).toMatchObject({ twoFactorAuth: true, token: '' });
  });

  it('needs its permission codes, and a water administrator cannot reach energy’s settings by any way', async () => {
    const op = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    expect((await call('GET', BASE, undefined, op)).statusCode).toBe(403);
    expect((await call('GET', BASE, undefined, {})).statusCode).toBe(401);

    const energyBefore = await read(energyAdmin);
    // The tenant is the session's: a tenant named in the request is no way in.
    for (const url of [`${BASE}?tenantId=t-energy`, `${BASE}/history?tenant=t-energy`]) {
      const answer = await call('GET', url, undefined, waterAdmin);
      if (answer.statusCode === 200) expect(JSON.stringify(answer.json())).not.toContain('t-energy');
    }
    const water = await read();
    const saved = await call('PUT', BASE, {
      version: water.version,
      tenantId: 't-energy',
      signInLook: { ...water.settings.signInLook, title: 'x' },
    });
    expect(saved.statusCode).toBe(400);
    // Even a session made out for energy gives water's administrator nothing there: no role, no code.
    const forged = bearer(await tokenFor(app, infra.db, 'water.admin', 't-energy'));
    expect((await call('GET', BASE, undefined, forged)).statusCode).toBe(403);
    const energyNow = await read(energyAdmin);
    const write = await call(
      'PUT',
      BASE,
      { version: energyNow.version, signInLook: { ...energyNow.settings.signInLook, title: '被篡改' } },
      forged,
    );
    expect(write.statusCode).toBe(403);
    expect(
      (await call('POST', `${BASE}/rollback`, { toVersion: 1, version: energyNow.version }, forged))
        .statusCode,
    ).toBe(403);
    const energyAfter = await read(energyAdmin);
    expect(energyAfter.version).toBe(energyBefore.version);
    expect(energyAfter.settings).toEqual(energyBefore.settings);
  });

  it('lets a role with tenant-settings:update change the look but not the security policy', async () => {
    const opRoles = sql`SELECT role_id FROM membership_roles WHERE tenant_id = 't-water' AND account_id = (SELECT id FROM accounts WHERE username = 'water.op')`;
    const before = await infra.db.asPlatform((tx) =>
      tx.execute(sql`SELECT id, permissions FROM roles WHERE tenant_id = 't-water' AND id IN (${opRoles})`),
    );
    const held = (before as unknown as { rows: { id: string; permissions: string[] }[] }).rows;
    expect(held.length).toBeGreaterThan(0);
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE roles SET permissions = ARRAY['tenant-settings:read', 'tenant-settings:update'] WHERE tenant_id = 't-water' AND id IN (${opRoles})`,
      ),
    );
    try {
      const op = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
      const current = (await call('GET', BASE, undefined, op)).json().Response;
      expect(current.tenantId).toBe('t-water');
      const look = await call(
        'PUT',
        BASE,
        { version: current.version, signInLook: { ...current.settings.signInLook, copyright: '© 水务' } },
        op,
      );
      expect(look.statusCode, look.body).toBe(200);
      const policy = await call(
        'PUT',
        BASE,
        { version: current.version + 1, security: { ...current.settings.security, pwdMinLength: 12 } },
        op,
      );
      expect(policy.statusCode).toBe(403);
      expect(policy.json().Message).toContain('tenant-settings:security');
      const rollback = await call(
        'POST',
        `${BASE}/rollback`,
        { toVersion: 1, version: current.version + 1 },
        op,
      );
      expect(rollback.statusCode).toBe(403);
    } finally {
      for (const role of held)
        await infra.db.asPlatform((tx) =>
          tx.execute(
            sql`UPDATE roles SET permissions = ${sql.raw(`ARRAY[${role.permissions.map((code) => `'${code}'`).join(',')}]::text[]`)} WHERE tenant_id = 't-water' AND id = ${role.id}`,
          ),
        );
    }
  });
});
