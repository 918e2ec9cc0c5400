import { homeKpiSchema } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'PUT' | 'DELETE';

/** Issue 15: /homepage's widgets, each its own request, and /saasWorkbench's arrangement. */
describe.each(testBackends())('home and workbench on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Headers;
  let waterOp: Headers;
  let energyAdmin: Headers;
  let energyStaff: Headers;
  let platform: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const kpi = async (headers: Headers, name: string) =>
    homeKpiSchema.parse((await ok('GET', `/ump/home/widgets/${name}`, headers)).data).value;
  /** The KPI cards of a widget list (the list widgets follow them, whatever the tenant chose). */
  const kpiNames = (list: { name: string; kind: string }[]) =>
    list.filter((widget) => widget.kind === 'kpi').map((widget) => widget.name);
  const insertLog = (statement: ReturnType<typeof sql>) =>
    infra.db.asPlatform(async (tx) => {
      await tx.execute(statement);
    });

  it('greets the user with their name and tenant, with the tenant banners and its layout', async () => {
    const before = await ok('GET', '/ump/home/overview', waterOp);
    expect(before).toMatchObject({
      userName: '李运维',
      tenantName: '示范水务集团',
      layout: 'default',
      canConfigure: false,
    });
    expect((await ok('GET', '/ump/home/overview', waterAdmin)).canConfigure).toBe(true);
    await app.services.loginConfig.setTenantOverride('t-water', {
      appBannerList: ['/brand/banner-1.svg', '/brand/banner-2.svg'],
      appTemp: 'compact',
    });
    const after = await ok('GET', '/ump/home/overview', waterOp);
    expect(after.banners).toEqual(['/brand/banner-1.svg', '/brand/banner-2.svg']);
    expect(after.layout).toBe('compact');
    // Another tenant's banners stay its own.
    expect((await ok('GET', '/ump/home/overview', energyStaff)).banners).toEqual([]);
    expect((await call('GET', '/ump/home/overview', {})).statusCode).toBe(401);
  });

  it('gives each KPI card its Chinese counting word and an English unit of its own (issue 25: "Members 5人")', async () => {
    for (const name of ['members', 'applications', 'sign-ins-today', 'unread-notices']) {
      const card = homeKpiSchema.parse((await ok('GET', `/ump/home/widgets/${name}`, waterAdmin)).data);
      expect(card.unit, name).toMatch(/^[人个次条]$/);
      // An English count stands alone: "Members 12".
      expect(card.unitEn, name).toBe('');
    }
  });

  it("lists only the user's own applications, each with the item that opens it", async () => {
    const apps = await ok('GET', '/ump/home/applications', waterOp);
    expect(apps.map((a: { id: string }) => a.id)).toEqual(['app-workbench', 'app-devices']);
    expect(apps[0]).toMatchObject({ name: '工作台', entryMenuId: 'm-home' });
    // The knowledge application water uses is not granted to water.op; energy is not empowered to use it.
    const energy = await ok('GET', '/ump/home/applications', energyStaff);
    expect(energy.map((a: { id: string }) => a.id)).toEqual(['app-workbench', 'app-devices']);
    expect(await ok('GET', '/ump/home/applications', platform)).toEqual([]);
  });

  it("shows recently visited applications from the user's own usage logs only", async () => {
    const op = await accountIdOf(infra.db, 'water.op');
    const admin = await accountIdOf(infra.db, 'water.admin');
    const staff = await accountIdOf(infra.db, 'energy.staff');
    const row = (
      id: string,
      tenant: string,
      account: string,
      appId: string,
      fn: string,
      minutesAgo: number,
    ) =>
      sql`INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, function_id, result, created_at)
          VALUES (${tenant}, ${id}, ${account}, 'u', 'web', 1, ${appId}, ${fn}, 1, now() - make_interval(mins => ${minutesAgo}))`;
    await insertLog(row('ul-1', 't-water', op, 'app-workbench', 'm-home', 30));
    await insertLog(row('ul-2', 't-water', op, 'app-devices', 'm-device-map', 5));
    await insertLog(row('ul-3', 't-water', op, 'app-devices', 'm-device-list', 10));
    // Not the user's application, another member's visit, another tenant's visit.
    await insertLog(row('ul-4', 't-water', op, 'app-knowledge', 'm-k', 1));
    await insertLog(row('ul-5', 't-water', admin, 'app-workbench', 'm-saas', 0));
    await insertLog(row('ul-6', 't-energy', staff, 'app-devices', 'm-device-list', 0));
    const recent = await ok('GET', '/ump/home/recent', waterOp);
    expect(recent.map((r: { applicationId: string; menuId: string }) => [r.applicationId, r.menuId])).toEqual(
      [
        ['app-devices', 'm-device-map'],
        ['app-workbench', 'm-home'],
      ],
    );
    const energy = await ok('GET', '/ump/home/recent', energyStaff);
    expect(energy.map((r: { applicationId: string; menuId: string }) => [r.applicationId, r.menuId])).toEqual(
      [['app-devices', 'm-device-list']],
    );
    expect(await ok('GET', '/ump/home/recent', energyAdmin)).toEqual([]);
  });

  it('answers each KPI card of the tenant only, from its counters', async () => {
    const names = kpiNames;
    expect(names(await ok('GET', '/ump/home/widgets', waterAdmin))).toEqual([
      'members',
      'applications',
      'sign-ins-today',
      'unread-notices',
    ]);
    // Sign-ins are the administrators' card: a member neither lists nor loads it.
    expect(names(await ok('GET', '/ump/home/widgets', waterOp))).toEqual([
      'members',
      'applications',
      'unread-notices',
    ]);
    const hidden = await call('GET', '/ump/home/widgets/sign-ins-today', waterOp);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().Error).toBe('HOME_WIDGET_NOT_FOUND');

    const members = async (tenant: string) => {
      const [row] = await infra.db
        .asPlatform((tx) =>
          tx.execute(sql`SELECT count(*)::int AS n FROM tenant_memberships WHERE tenant_id = ${tenant}`),
        )
        .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
      return row!.n;
    };
    expect(await kpi(waterOp, 'members')).toBe(await members('t-water'));
    expect(await kpi(energyStaff, 'members')).toBe(await members('t-energy'));
    expect(await kpi(waterOp, 'applications')).toBe(3);
    expect(await kpi(energyStaff, 'applications')).toBe(2);
    // The notices section's card (registered by that module): the member's own unread count.
    expect(await kpi(waterOp, 'unread-notices')).toBe(
      (await ok('GET', '/ump/notices/unread-count', waterOp)).unread,
    );

    const waterBefore = await kpi(waterAdmin, 'sign-ins-today');
    const energyBefore = await kpi(energyAdmin, 'sign-ins-today');
    const signIn = (id: string, tenant: string, result: string, hoursAgo: number) =>
      sql`INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
          VALUES (${tenant}, ${id}, 'u', 'password', ${result}, now() - make_interval(hours => ${hoursAgo}))`;
    await insertLog(signIn('ll-1', 't-water', 'success', 0));
    await insertLog(signIn('ll-2', 't-water', 'success', 0));
    await insertLog(signIn('ll-3', 't-water', 'failure', 0));
    await insertLog(signIn('ll-4', 't-water', 'success', 48));
    await insertLog(signIn('ll-5', 't-energy', 'success', 0));
    expect(await kpi(waterAdmin, 'sign-ins-today')).toBe(waterBefore + 2);
    expect(await kpi(energyAdmin, 'sign-ins-today')).toBe(energyBefore + 1);
  });

  it("stores a tenant's choice of cards; refuses unknown cards and members", async () => {
    const unknown = await call('PUT', '/ump/home/widget-settings', waterAdmin, {
      widgets: ['members', 'nope'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().Error).toBe('HOME_WIDGET_UNKNOWN');
    expect(
      (await call('PUT', '/ump/home/widget-settings', waterOp, { widgets: ['members'] })).statusCode,
    ).toBe(403);
    const duplicate = await call('PUT', '/ump/home/widget-settings', waterAdmin, {
      widgets: ['members', 'members'],
    });
    expect(duplicate.statusCode).toBe(400);

    await ok('PUT', '/ump/home/widget-settings', waterAdmin, { widgets: ['applications'] });
    expect((await ok('GET', '/ump/home/widget-settings', waterAdmin)).widgets).toEqual(['applications']);
    expect(kpiNames(await ok('GET', '/ump/home/widgets', waterOp))).toEqual(['applications']);
    expect((await call('GET', '/ump/home/widgets/members', waterOp)).statusCode).toBe(404);
    // The other tenant keeps the default cards.
    expect((await ok('GET', '/ump/home/widget-settings', energyAdmin)).isDefault).toBe(true);
  });

  it('isolates a failing source: its own request fails, the others answer', async () => {
    app.services.home.registry.register({
      name: 'broken-source',
      title: '故障',
      titleEn: 'Broken',
      kind: 'kpi',
      defaultOn: false,
      visible: () => true,
      schema: homeKpiSchema,
      load: () => Promise.reject(new Error('source down')),
    });
    await ok('PUT', '/ump/home/widget-settings', waterAdmin, {
      widgets: ['members', 'broken-source', 'applications'],
    });
    const listed = await ok('GET', '/ump/home/widgets', waterOp);
    expect(kpiNames(listed)).toEqual(['members', 'broken-source', 'applications']);
    const broken = await call('GET', '/ump/home/widgets/broken-source', waterOp);
    expect(broken.statusCode).toBe(500);
    expect(await kpi(waterOp, 'members')).toBeGreaterThan(0);
    expect(await kpi(waterOp, 'applications')).toBe(3);
    expect((await call('GET', '/ump/home/applications', waterOp)).statusCode).toBe(200);
    expect((await call('GET', '/ump/home/overview', waterOp)).statusCode).toBe(200);
  });

  it("saves a member's workbench arrangement per tenant member, and resets it", async () => {
    expect(await ok('GET', '/ump/workbench/layout', waterOp)).toEqual({
      order: [],
      favourites: [],
      isDefault: true,
    });
    await ok('PUT', '/ump/workbench/layout', waterOp, {
      order: ['app-devices', 'app-knowledge', 'app-workbench'],
      favourites: ['app-devices'],
    });
    // The knowledge application is not the member's: it is not answered.
    expect(await ok('GET', '/ump/workbench/layout', waterOp)).toEqual({
      order: ['app-devices', 'app-workbench'],
      favourites: ['app-devices'],
      isDefault: false,
    });
    // Another member and another tenant's member keep their own.
    expect((await ok('GET', '/ump/workbench/layout', waterAdmin)).isDefault).toBe(true);
    expect((await ok('GET', '/ump/workbench/layout', energyStaff)).isDefault).toBe(true);

    const bad = await call('PUT', '/ump/workbench/layout', waterOp, { order: ['a', 'a'], favourites: [] });
    expect(bad.statusCode).toBe(400);
    expect((await ok('GET', '/ump/workbench/layout', waterOp)).order).toEqual([
      'app-devices',
      'app-workbench',
    ]);
    expect((await call('GET', '/ump/workbench/layout', platform)).statusCode).toBe(403);

    await ok('DELETE', '/ump/workbench/layout', waterOp);
    expect(await ok('GET', '/ump/workbench/layout', waterOp)).toEqual({
      order: [],
      favourites: [],
      isDefault: true,
    });
  });
});
