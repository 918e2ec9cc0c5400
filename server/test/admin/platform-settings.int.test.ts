import { decodeLoginConfig, PLATFORM_SETTINGS_DEFAULTS } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../src/platform/admin/schema';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/platform-settings';

/**
 * Issue 12, /dmpSysConfigManagement: the platform settings API — read with a version, whole-group
 * saves with optimistic locking and bounds, history with field diffs, rollback as a new version, and
 * who may call it. Floors at sign-in are in platform-floors.int.test.ts.
 */
describe.each(testBackends())('platform settings on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin) =>
    app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const read = async () => (await call('GET', BASE)).json().Response;
  const platformLook = async () => {
    const res = await app.server.inject({ method: 'GET', url: '/ump/cfg-encrypt' });
    return decodeLoginConfig(res.json().Response);
  };

  let firstTitle: string;

  it('reads every group with its version, and the SMS status without secrets', async () => {
    const res = await call('GET', BASE);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().Response;
    expect(answer.version).toBe(0);
    expect(answer.settings.securityFloors).toEqual(PLATFORM_SETTINGS_DEFAULTS.securityFloors);
    expect(answer.settings.logRetention).toEqual(PLATFORM_SETTINGS_DEFAULTS.logRetention);
    // The look is the platform default login configuration the seed stored.
    expect(answer.settings.signInLook.logo).toBe('/brand/platform-logo.svg');
    expect(answer.smsStatus).toEqual({ provider: 'outbox', sendsForReal: false, lastFailure: null });
    firstTitle = answer.settings.signInLook.title;
  });

  it('saves a group as version 1 with its field diff, in the history and the operation log', async () => {
    const { settings } = await read();
    const res = await call('PUT', BASE, {
      version: 0,
      signInLook: {
        ...settings.signInLook,
        title: '新平台标题',
        customCss: '@import url(x.css); .a{color:red}',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().Response;
    expect(answer).toMatchObject({ version: 1, updatedBy: '平台管理员' });
    expect(answer.settings.signInLook.title).toBe('新平台标题');
    // customCss goes through the sanitiser: the @import never reaches a visitor.
    expect(answer.settings.signInLook.customCss).toBe('.a{color:red}');
    // Every instance serves the new look at once, and the fields outside the look are kept.
    const look = await platformLook();
    expect(look.title).toBe('新平台标题');
    expect(look.logo).toBe('/brand/platform-logo.svg');

    const history = (await call('GET', `${BASE}/history?page=1&pageSize=10`)).json().Response;
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({
      version: 1,
      action: 'update',
      operatorName: '平台管理员',
      changes: {
        'signInLook.title': { before: firstTitle, after: '新平台标题' },
        'signInLook.customCss': { before: '', after: '.a{color:red}' },
      },
    });
    const logged = await infra.db.asPlatform((tx) =>
      tx.select().from(operationLogs).where(eq(operationLogs.resource, 'platform-settings')),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.changes).toMatchObject({ 'signInLook.title': { after: '新平台标题' } });
  });

  it('refuses a save read at a stale version with 409 and changes nothing', async () => {
    const { settings } = await read();
    const res = await call('PUT', BASE, {
      version: 0,
      logRetention: { ...settings.logRetention, loginLogDays: 30 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe('VERSION_CONFLICT');
    expect((await read()).settings.logRetention.loginLogDays).toBe(180);
  });

  it('answers 422 naming the field and the bound a value goes past, and 400 for a wrong type', async () => {
    const { version, settings } = await read();
    const low = await call('PUT', BASE, {
      version,
      securityFloors: { ...settings.securityFloors, passwordMinLength: 3 },
    });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({
      Error: 'SETTING_OUT_OF_RANGE',
      Details: [{ path: 'securityFloors.passwordMinLength', minimum: 6, message: '密码最小长度不能小于6' }],
    });
    const high = await call('PUT', BASE, {
      version,
      logRetention: { ...settings.logRetention, operationLogDays: 99_999 },
    });
    expect(high.json().Details).toEqual([
      { path: 'logRetention.operationLogDays', maximum: 3650, message: '操作日志保留天数不能大于3650' },
    ]);
    const wrongType = await call('PUT', BASE, {
      version,
      securityFloors: { ...settings.securityFloors, lockoutAlwaysOn: 'yes' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().Details[0].path).toBe('securityFloors.lockoutAlwaysOn');
    const unknownField = await call('PUT', BASE, {
      version,
      logRetention: { ...settings.logRetention, x: 1 },
    });
    expect(unknownField.statusCode).toBe(400);
    const nothing = await call('PUT', BASE, { version });
    expect(nothing.statusCode).toBe(400);
    expect((await read()).version).toBe(version);
  });

  it('rolls back to an earlier version as a new version, recorded like any save', async () => {
    const { settings } = await read();
    const second = await call('PUT', BASE, {
      version: 1,
      signInLook: { ...settings.signInLook, title: '第二个标题' },
      logRetention: { ...settings.logRetention, usageLogDays: 90 },
    });
    expect(second.json().Response.version).toBe(2);

    const stale = await call('POST', `${BASE}/rollback`, { toVersion: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    const missing = await call('POST', `${BASE}/rollback`, { toVersion: 9, version: 2 });
    expect(missing.statusCode).toBe(404);

    const rolled = await call('POST', `${BASE}/rollback`, { toVersion: 1, version: 2 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().Response).toMatchObject({ version: 3 });
    expect(rolled.json().Response.settings.signInLook.title).toBe('新平台标题');
    expect(rolled.json().Response.settings.logRetention.usageLogDays).toBe(180);
    expect((await platformLook()).title).toBe('新平台标题');

    const history = (await call('GET', `${BASE}/history?pageSize=2`)).json().Response;
    expect(history).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(history.items.map((entry: { version: number }) => entry.version)).toEqual([3, 2]);
    expect(history.items[0]).toMatchObject({
      action: 'rollback',
      restoredVersion: 1,
      changes: {
        'signInLook.title': { before: '第二个标题', after: '新平台标题' },
        'logRetention.usageLogDays': { before: 90, after: 180 },
      },
    });
    const page2 = (await call('GET', `${BASE}/history?page=2&pageSize=2`)).json().Response;
    expect(page2.items.map((entry: { version: number }) => entry.version)).toEqual([1]);
  });

  it('a save that changes nothing stores no new version', async () => {
    const { version, settings } = await read();
    const res = await call('PUT', BASE, { version, logRetention: settings.logRetention });
    expect(res.json().Response.version).toBe(version);
  });

  it('refuses without a token (401), to a tenant administrator and an operator lacking the code (403)', async () => {
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const reader = await platformOperator(app, infra.db, 'settings.reader', ['platform-settings:read']);
    const nobody = await platformOperator(app, infra.db, 'settings.nobody', ['tenant:list']);
    const routes: ['GET' | 'PUT' | 'POST', string, object | undefined, string][] = [
      ['GET', BASE, undefined, 'platform-settings:read'],
      ['PUT', BASE, { version: 0 }, 'platform-settings:update'],
      ['GET', `${BASE}/history`, undefined, 'platform-settings:read'],
      ['POST', `${BASE}/rollback`, { toVersion: 1, version: 0 }, 'platform-settings:update'],
    ];
    for (const [method, url, payload, code] of routes) {
      expect((await call(method, url, payload, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, tenantAdmin)).statusCode, `${method} ${url}`).toBe(403);
      const refused = await call(method, url, payload, nobody);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().Message).toContain(code);
      const asReader = await call(method, url, payload, reader);
      expect(asReader.statusCode, `${method} ${url}`).toBe(code.endsWith(':read') ? 200 : 403);
    }
  });

  it('never answers an SMS secret', async () => {
    const secret = 'webhook-secret-never-shown-1234';
    const webhookApp = await startTestApp(infra, {
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
      SMS_WEBHOOK_SECRET: secret,
      SMS_TIMEOUT_MS: '1000',
    });
    try {
      await expect(
        webhookApp.services.sms.send({
          mobile: '13800000000',
          template: 'message',
          params: {},
          text: '测试',
        }),
      ).rejects.toThrow();
      const res = await webhookApp.server.inject({ method: 'GET', url: BASE, headers: admin });
      expect(res.json().Response.smsStatus).toMatchObject({
        provider: 'webhook',
        sendsForReal: true,
        lastFailure: { kind: 'network' },
      });
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('127.0.0.1:9');
    } finally {
      await webhookApp.close();
    }
  });
});
