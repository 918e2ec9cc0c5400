import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, tokenOf } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Issue 15, /todoList: applications post to-dos for members of their credential's tenant with a
 * client-credentials token (scope todo:write); members work their own inbox; administrators see
 * the tenant's; no tenant ever sees another's.
 */
describe.each(testBackends())('to-dos on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let platform: Headers;
  let waterAdmin: Headers;
  let waterOp: Headers;
  let energyAdmin: Headers;
  let energyStaff: Headers;
  let waterClient: Headers;
  let energyClient: Headers;

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? (method === 'POST' ? { payload: {} } : {}) : { payload }),
    });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const refused = async (method: Method, url: string, headers: Headers, payload: object | undefined) => {
    const res = await call(method, url, headers, payload);
    return { status: res.statusCode, body: res.json() as { Error: string; Message: string } };
  };
  const post = (headers: Headers, body: object) => ok('POST', '/ump/todos', headers, body);
  const count = (headers: Headers) => ok('GET', '/ump/todos/count', headers);
  const titles = async (headers: Headers, status = 'open') =>
    ((await ok('GET', `/ump/todos?status=${status}`, headers)).items as { title: string }[]).map(
      (item) => item.title,
    );

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    const water = await createApiClient(app, platform, { name: '工单系统', scopes: ['todo:write'] });
    waterClient = bearer(await tokenOf(app, water));
    const energy = await createApiClient(app, platform, {
      name: '巡检系统',
      ownerTenantId: 't-energy',
      scopes: ['todo:write'],
    });
    energyClient = bearer(await tokenOf(app, energy));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('takes a to-do from a valid credential and shows it in the member inbox and count', async () => {
    const before = await count(waterOp);
    const created = await post(waterClient, {
      username: 'water.op',
      title: '审批：泵站检修申请',
      link: '/umpNotice?id=1',
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created).toMatchObject({
      title: '审批：泵站检修申请',
      source: '工单系统',
      status: 'open',
      overdue: false,
      link: '/umpNotice?id=1',
      username: 'water.op',
    });
    expect(await count(waterOp)).toEqual({ open: before.open + 1, overdue: before.overdue });
    expect(await titles(waterOp)).toContain('审批：泵站检修申请');
    // Someone else's inbox does not show it.
    expect(await titles(waterAdmin)).not.toContain('审批：泵站检修申请');
  });

  it('refuses without a token, with a bad token, a session, a credential without the scope', async () => {
    const body = { username: 'water.op', title: '不应出现' };
    expect((await refused('POST', '/ump/todos', {}, body)).status).toBe(401);
    expect((await refused('POST', '/ump/todos', bearer('uwat.not-a-real-token'), body)).status).toBe(401);
    const session = await refused('POST', '/ump/todos', waterAdmin, body);
    expect(session.status).toBe(403);
    expect(session.body.Error).toBe('TODO_API_ONLY');
    const reader = await createApiClient(app, platform, { name: '只读', scopes: ['dictionary:read'] });
    const noScope = await refused('POST', '/ump/todos', bearer(await tokenOf(app, reader)), body);
    expect(noScope.status).toBe(403);
    expect(noScope.body.Error).toBe('API_SCOPE_NOT_GRANTED');
    const platformClient = await createApiClient(app, platform, {
      name: '平台应用',
      ownerTenantId: null,
      applicationId: 'app-devices',
      scopes: ['todo:write'],
    });
    const noTenant = await refused('POST', '/ump/todos', bearer(await tokenOf(app, platformClient)), body);
    expect(noTenant.status).toBe(403);
    expect(noTenant.body.Error).toBe('TODO_CLIENT_WITHOUT_TENANT');
    expect(await titles(waterOp, 'all')).not.toContain('不应出现');
  });

  it('refuses a member of another tenant, an unsafe link, and a missing title, creating nothing', async () => {
    const other = await refused('POST', '/ump/todos', waterClient, {
      username: 'energy.staff',
      title: '跨租户',
    });
    expect(other.status).toBe(404);
    expect(other.body.Error).toBe('MEMBER_NOT_FOUND');
    const link = await refused('POST', '/ump/todos', waterClient, {
      username: 'water.op',
      title: '脚本链接',
      link: 'javascript:alert(1)',
    });
    expect(link.status).toBe(400);
    const protocolRelative = await refused('POST', '/ump/todos', waterClient, {
      username: 'water.op',
      title: '外链',
      link: '//evil.example/x',
    });
    expect(protocolRelative.status).toBe(400);
    expect((await refused('POST', '/ump/todos', waterClient, { username: 'water.op' })).status).toBe(400);
    expect(await titles(energyStaff, 'all')).not.toContain('跨租户');
    expect(await titles(waterOp, 'all')).not.toContain('脚本链接');
  });

  it('answers the first to-do when an application posts the same external id again', async () => {
    const body = { username: 'water.op', title: '重复推送', externalId: 'wo-42' };
    const first = await post(waterClient, body);
    const second = await post(waterClient, { ...body, title: '重复推送（重试）' });
    expect(second.id).toBe(first.id);
    expect((await titles(waterOp)).filter((title) => title.startsWith('重复推送'))).toEqual(['重复推送']);
  });

  it('marks done, undoes, marks several done at once, and counts overdue ones', async () => {
    const late = await post(waterClient, {
      username: 'water.op',
      title: '已逾期的待办',
      dueAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const a = await post(waterClient, { username: 'water.op', title: '批量一' });
    const b = await post(waterClient, { username: 'water.op', title: '批量二' });
    const open = (await ok('GET', '/ump/todos?status=open&pageSize=200', waterOp)).items as {
      id: string;
      overdue: boolean;
    }[];
    expect(open[0]).toMatchObject({ id: late.id, overdue: true });
    const before = await count(waterOp);
    expect(before.overdue).toBeGreaterThanOrEqual(1);

    expect(await ok('POST', `/ump/todos/${late.id}/done`, waterOp)).toEqual({ updated: 1 });
    expect(await titles(waterOp, 'done')).toContain('已逾期的待办');
    expect(await count(waterOp)).toEqual({ open: before.open - 1, overdue: before.overdue - 1 });
    expect(await ok('POST', `/ump/todos/${late.id}/undo`, waterOp)).toEqual({ updated: 1 });
    expect(await count(waterOp)).toEqual(before);

    // All or nothing: one id of someone else's stops the batch.
    const mixed = await refused('POST', '/ump/todos/batch-done', waterOp, { ids: [a.id, 'td-nobody'] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.Error).toBe('TODO_NOT_FOUND');
    expect(await titles(waterOp)).toEqual(expect.arrayContaining(['批量一', '批量二']));
    expect(await ok('POST', '/ump/todos/batch-done', waterOp, { ids: [a.id, b.id, a.id] })).toEqual({
      updated: 2,
    });
    expect(await titles(waterOp)).not.toContain('批量一');
    expect((await refused('POST', '/ump/todos/batch-done', waterOp, { ids: [] })).status).toBe(400);
  });

  it("keeps tenants apart: a member cannot touch another member's or another tenant's to-do", async () => {
    const waterTodo = await post(waterClient, { username: 'water.op', title: '水务待办' });
    const energyTodo = await post(energyClient, { username: 'energy.staff', title: '能源待办' });
    expect(await titles(energyStaff)).toContain('能源待办');
    expect(await titles(energyStaff)).not.toContain('水务待办');
    expect((await refused('POST', `/ump/todos/${waterTodo.id}/done`, energyStaff, undefined)).status).toBe(
      404,
    );
    expect((await refused('POST', `/ump/todos/${waterTodo.id}/done`, waterAdmin, undefined)).status).toBe(
      404,
    );
    expect((await refused('POST', `/ump/todos/${energyTodo.id}/done`, waterOp, undefined)).status).toBe(404);

    // Administrators: their tenant's to-dos only.
    const waterList = await ok('GET', '/ump/admin/todos?pageSize=200', waterAdmin);
    const waterTitles = (waterList.items as { title: string }[]).map((item) => item.title);
    expect(waterTitles).toContain('水务待办');
    expect(waterTitles).not.toContain('能源待办');
    expect((await refused('GET', `/ump/admin/todos/${energyTodo.id}`, waterAdmin, undefined)).status).toBe(
      404,
    );
    const energyList = await ok('GET', '/ump/admin/todos?q=待办&pageSize=200', energyAdmin);
    expect((energyList.items as { title: string }[]).map((item) => item.title)).toEqual(['能源待办']);
    // A member is no administrator.
    expect((await refused('GET', '/ump/admin/todos', waterOp, undefined)).status).toBe(403);
  });

  it("takes the platform's own to-dos (source platform), once per key and member", async () => {
    const accountId = (await ok('GET', '/ump/admin/todos?username=water.op&pageSize=1', waterAdmin)).items[0]
      .accountId as string;
    const todo = {
      tenantId: 't-water',
      accountId,
      title: '请阅读：安全通知',
      link: '/umpNoticeDetail?id=n1',
    };
    const first = await app.services.todos.createForPlatform({ ...todo, externalId: 'notice:n1' });
    const again = await app.services.todos.createForPlatform({ ...todo, externalId: 'notice:n1' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ source: 'platform', username: 'water.op', status: 'open' });
    expect((await titles(waterOp)).filter((title) => title === '请阅读：安全通知')).toHaveLength(1);
  });

  it('lets administrators filter, mark done, reopen and delete', async () => {
    const todo = await post(waterClient, {
      username: 'water.op',
      title: '管理员处理',
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const overdue = await ok('GET', '/ump/admin/todos?overdue=true&pageSize=200', waterAdmin);
    expect((overdue.items as { id: string }[]).map((item) => item.id)).toContain(todo.id);
    const done = await ok('POST', `/ump/admin/todos/${todo.id}/done`, waterAdmin);
    expect(done).toMatchObject({ status: 'done', overdue: false });
    const filtered = await ok(
      'GET',
      '/ump/admin/todos?status=done&username=water.op&pageSize=200',
      waterAdmin,
    );
    expect((filtered.items as { id: string }[]).map((item) => item.id)).toContain(todo.id);
    const reopened = await ok('POST', `/ump/admin/todos/${todo.id}/reopen`, waterAdmin);
    expect(reopened).toMatchObject({ status: 'open', overdue: true });
    await ok('DELETE', `/ump/admin/todos/${todo.id}`, waterAdmin);
    expect(await titles(waterOp, 'all')).not.toContain('管理员处理');
  });
});
