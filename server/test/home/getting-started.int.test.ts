import { homeChecklistSchema } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;

/**
 * Issue 25: a new tenant's administrator lands on a home that says what to do first (add users, set
 * the sign-in look, choose the members' applications), each step ticked once done, the guide gone
 * when all are; members and set-up tenants never see it.
 */
describe.each(testBackends())('the getting-started guide on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let platform: Headers;
  let freshAdmin: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    const created = await app.server.inject({
      method: 'POST',
      url: '/dmp/admin/tenants',
      headers: platform,
      payload: {
        code: 'starter',
        name: '起步水务有限公司',
        admin: { mobile: '13711113001', username: 'starter.admin' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    freshAdmin = bearer(await tokenFor(app, infra.db, 'starter.admin', 't-starter'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const get = async (url: string, headers: Headers) => {
    const res = await app.server.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const widgetNames = async (headers: Headers) =>
    ((await get('/ump/home/widgets', headers)).body.Response as { name: string; kind: string }[]).map(
      (widget) => `${widget.kind}:${widget.name}`,
    );
  const guide = async (headers: Headers) => {
    const answer = await get('/ump/home/widgets/getting-started', headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.Response).toMatchObject({ name: 'getting-started', kind: 'checklist' });
    return homeChecklistSchema.parse(answer.body.Response.data);
  };
  const done = async (headers: Headers) =>
    Object.fromEntries((await guide(headers)).steps.map((step) => [step.key, step.done]));

  it("shows a new tenant's administrator what to do first, each step pointing at its page", async () => {
    expect(await widgetNames(freshAdmin)).toContain('checklist:getting-started');
    expect(await guide(freshAdmin)).toEqual({
      steps: [
        { key: 'users', done: false, link: '/umpUser' },
        { key: 'sign-in-look', done: false, link: '/tenantSettings' },
        { key: 'applications', done: false, link: '/umpRoleManager' },
      ],
      adminLink: '/admin.html',
    });
  });

  it('ticks each step once done and is gone when all are', async () => {
    const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await app.server.inject({ method, url, headers: freshAdmin, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Response;
    };
    await call('POST', '/ump/admin/users', {
      username: 'starter.op',
      name: '起步运维',
      mobile: '13711113002',
    });
    expect(await done(freshAdmin)).toEqual({ users: true, 'sign-in-look': false, applications: false });

    await infra.db.withTenant('t-starter', (tx) =>
      tx.execute(
        sql`UPDATE tenant_login_configs SET config = '{"title":"起步水务"}'::jsonb WHERE tenant_id = 't-starter'`,
      ),
    );
    expect(await done(freshAdmin)).toEqual({ users: true, 'sign-in-look': true, applications: false });

    const role = await call('POST', '/ump/admin/roles', { code: 'operator', name: '运维人员' });
    await call('POST', '/ump/role/saveMenus', { roleId: role.id, menuIds: ['m-home'] });
    expect(await widgetNames(freshAdmin)).not.toContain('checklist:getting-started');
    const gone = await get('/ump/home/widgets/getting-started', freshAdmin);
    expect(gone.status).toBe(404);
    expect(gone.body.Error).toBe('HOME_WIDGET_NOT_FOUND');
  });

  it('is never shown to members, nor in a tenant that is set up (the demo tenants)', async () => {
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    for (const headers of [member, waterAdmin]) {
      expect(await widgetNames(headers)).not.toContain('checklist:getting-started');
      expect((await get('/ump/home/widgets/getting-started', headers)).status).toBe(404);
    }
  });
});
