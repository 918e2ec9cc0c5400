import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BASE = '/ump/admin/message-classes';

/** Issue 15, /messageMessageClass: a tenant's message classes, its own only. */
describe.each(testBackends())('message classes on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Headers;
  let energy: Headers;
  let waterMember: Headers;

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    waterMember = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('creates a class with its channels, priority and switch, and edits it at its version', async () => {
    const created = await ok('POST', BASE, water, {
      name: '工单提醒',
      channels: ['in-app', 'sms'],
      priority: 'high',
      userSwitchable: true,
    });
    expect(created).toMatchObject({
      name: '工单提醒',
      channels: ['in-app', 'sms'],
      priority: 'high',
      userSwitchable: true,
      version: 1,
    });
    const edited = await ok('PUT', `${BASE}/${created.id}`, water, {
      channels: ['in-app'],
      userSwitchable: false,
      version: 1,
    });
    expect(edited).toMatchObject({
      channels: ['in-app'],
      userSwitchable: false,
      priority: 'high',
      version: 2,
    });
    const stale = await call('PUT', `${BASE}/${created.id}`, water, { name: '过期修改', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Error).toBe('VERSION_CONFLICT');
  });

  it('refuses a class without channels, an unknown channel, and a taken name, naming the field', async () => {
    const none = await call('POST', BASE, water, { name: '无渠道', channels: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json().Details)).toContain('至少选择一个发送渠道');
    const unknown = await call('POST', BASE, water, { name: '邮件', channels: ['email'] });
    expect(unknown.statusCode).toBe(400);
    await ok('POST', BASE, water, { name: '系统通知', channels: ['in-app'] });
    const taken = await call('POST', BASE, water, { name: '系统通知', channels: ['sms'] });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().Details).toEqual([{ path: 'body.name', message: '分类名称已存在' }]);
    // Another tenant may use the same name.
    await ok('POST', BASE, energy, { name: '系统通知', channels: ['sms'] });
  });

  it('keeps tenants apart and members out, and deletes a class', async () => {
    const mine = await ok('POST', BASE, water, { name: '水务专用', channels: ['in-app'] });
    const energyNames = ((await ok('GET', `${BASE}?pageSize=200`, energy)).items as { name: string }[]).map(
      (row) => row.name,
    );
    expect(energyNames).not.toContain('水务专用');
    expect((await call('GET', `${BASE}/${mine.id}`, energy)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${mine.id}`, energy)).statusCode).toBe(404);
    expect((await call('GET', BASE, waterMember)).statusCode).toBe(403);
    await ok('DELETE', `${BASE}/${mine.id}`, water);
    expect((await call('GET', `${BASE}/${mine.id}`, water)).statusCode).toBe(404);
  });
});
