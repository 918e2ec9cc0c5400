import type { MenuItemNode } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/versions';
const DEVICES = 'app-devices';
type Headers = Record<string, string>;

/** The `version` (the shell's _v) of every item of an application in a tree. */
const versionsIn = (nodes: MenuItemNode[], applicationId: string): string[] => [
  ...new Set(
    nodes.flatMap((node) => [
      ...(node.applicationId === applicationId ? [node.version] : []),
      ...versionsIn(node.children, applicationId),
    ]),
  ),
];

describe.each(testBackends())('application versions on $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>> | undefined;
  let app: TestApp;
  /** On PostgreSQL and Redis, a second instance: its cached menu trees must follow a release too. */
  let other: TestApp | undefined;
  const instances = () => (other ? [app, other] : [app]);
  let admin: Headers;
  let waterOp: Headers;
  let energyStaff: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    if (backend.name !== 'pglite+memory') {
      sibling = await infra.openSibling();
      other = await startTestApp(sibling, {});
    }
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
    await sibling?.close();
    await infra?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = admin,
    on = app,
  ) =>
    on.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', BASE, { applicationId: DEVICES, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { id: string; version: number; [k: string]: unknown };
  };
  const read = async (id: string) => (await call('GET', `${BASE}/${id}`)).json().Response;
  const publish = async (id: string, body: Record<string, unknown>) => {
    const res = await call('POST', `${BASE}/${id}/publish`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  /** The `_v` each tenant's user gets for the device application, on every instance. */
  const shellVersions = async () => {
    const seen = [];
    for (const on of instances()) {
      const of = async (headers: Headers) => {
        const res = await call('GET', '/ump/menu/userMenuTree', undefined, headers, on);
        expect(res.statusCode, res.body).toBe(200);
        return versionsIn(res.json().Response, DEVICES).join(',');
      };
      seen.push({ water: await of(waterOp), energy: await of(energyStaff) });
    }
    const [first, ...rest] = seen;
    for (const next of rest) expect(next).toEqual(first);
    return first!;
  };
  const packageVersions = async () => {
    const of = async (headers: Headers) => {
      const res = await call('GET', '/package-api/appPackage/list', undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Response.find((a: { appKey: string }) => a.appKey === 'devices').version;
    };
    return { water: await of(waterOp), energy: await of(energyStaff) };
  };

  let v130: { id: string; version: number };
  let v140: { id: string; version: number };

  it('creates a draft version of an application; tenants keep the catalogue version', async () => {
    v130 = await create({
      versionNumber: '1.3.0',
      releaseNotes: '新增设备地图',
      minSupportedVersion: '1.2.0',
      forceUpdate: true,
    });
    expect(v130).toMatchObject({
      applicationId: DEVICES,
      name: '设备管理 1.3.0',
      applicationName: '设备管理',
      appKey: 'devices',
      versionNumber: '1.3.0',
      releaseNotes: '新增设备地图',
      minSupportedVersion: '1.2.0',
      forceUpdate: true,
      status: 'draft',
      scope: null,
      tenantIds: [],
      releaseCount: 0,
      publishedAt: null,
      packageFileId: null,
      packageSha256: null,
      version: 0,
    });
    expect(await shellVersions()).toEqual({ water: '1.2.0', energy: '1.2.0' });
    const history = (await call('GET', `${BASE}/${v130.id}/history`)).json().Response;
    expect(history[0]).toMatchObject({ action: 'create' });
  });

  it('refuses a version that is not semver, a minimum above it, a taken number and an unknown application', async () => {
    const notSemver = await call('POST', BASE, { applicationId: DEVICES, versionNumber: '1.3' });
    expect(notSemver.statusCode).toBe(400);
    expect(JSON.stringify(notSemver.json())).toContain('版本号须为语义化版本');
    const minimum = await call('POST', BASE, {
      applicationId: DEVICES,
      versionNumber: '1.5.0',
      minSupportedVersion: '1.10.0',
    });
    expect(minimum.statusCode).toBe(400);
    expect(JSON.stringify(minimum.json())).toContain('最低支持版本不能高于版本号');
    const taken = await call('POST', BASE, { applicationId: DEVICES, versionNumber: '1.3.0' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ Error: 'DUPLICATE', Message: '版本号已存在' });
    expect(taken.json().Details[0].path).toBe('body.versionNumber');
    // The same number of another application is another version.
    const knowledge = await call('POST', BASE, { applicationId: 'app-knowledge', versionNumber: '1.3.0' });
    expect(knowledge.statusCode, knowledge.body).toBe(200);
    const unknown = await call('POST', BASE, { applicationId: 'app-nothing', versionNumber: '9.0.0' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Details[0].path).toBe('body.applicationId');
    const list = (await call('GET', `${BASE}?q=9.0.0`)).json().Response;
    expect(list.total).toBe(0);
  });

  it('publishes to one tenant only: its _v and download page follow, the other tenant keeps its own', async () => {
    const published = await publish(v130.id, { scope: 'tenants', tenantIds: ['t-water'], version: 0 });
    expect(published).toMatchObject({
      status: 'published',
      scope: 'tenants',
      tenantIds: ['t-water'],
      tenantNames: ['示范水务集团'],
      releaseCount: 1,
      publishedBy: expect.any(String),
    });
    expect(await shellVersions()).toEqual({ water: '1.3.0', energy: '1.2.0' });
    expect(await packageVersions()).toEqual({ water: '1.3.0', energy: '1.2.0' });
    const list = (await call('GET', '/package-api/appPackage/list', undefined, waterOp)).json().Response;
    expect(list.find((a: { appKey: string }) => a.appKey === 'devices')).toMatchObject({
      forceUpdate: true,
      minSupportedVersion: '1.2.0',
    });
  });

  it("keeps a grey release's tenants out of other tenants' sight (row-level security)", async () => {
    const count = (tenantId: string) =>
      infra.db.withTenant(tenantId, async (tx) => {
        const result = await tx.execute(sql`SELECT count(*)::int AS n FROM app_version_release_tenants`);
        return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
      });
    expect(await count('t-water')).toBe(1);
    expect(await count('t-energy')).toBe(0);
  });

  it('publishes a newer version to every tenant, and rolls back by publishing the older one again', async () => {
    v140 = await create({ versionNumber: '1.4.0', releaseNotes: '性能优化' });
    await publish(v140.id, { scope: 'all' });
    expect(await shellVersions()).toEqual({ water: '1.4.0', energy: '1.4.0' });

    const rolledBack = await publish(v130.id, { scope: 'all', remark: '1.4.0 有缺陷，回滚' });
    expect(rolledBack).toMatchObject({ scope: 'all', tenantIds: [], releaseCount: 2 });
    expect(await shellVersions()).toEqual({ water: '1.3.0', energy: '1.3.0' });

    const { releases, liveTenants } = (await call('GET', `${BASE}/${v130.id}/releases`)).json().Response;
    // The history stays whole: both entries, newest first, the second one a rollback.
    expect(releases.map((r: { kind: string; scope: string }) => [r.kind, r.scope])).toEqual([
      ['rollback', 'all'],
      ['publish', 'tenants'],
    ]);
    expect(releases[0].remark).toBe('1.4.0 有缺陷，回滚');
    expect(releases[1].tenants).toEqual([{ id: 't-water', name: '示范水务集团' }]);
    expect(liveTenants.items.map((t: { id: string }) => t.id).sort()).toEqual(['t-energy', 't-water']);
    expect((await call('GET', `${BASE}/${v140.id}/releases`)).json().Response.liveTenants.total).toBe(0);
  });

  it('revokes a version: tenants fall back to the newest release of a version still published', async () => {
    const res = await call('POST', `${BASE}/${v130.id}/revoke`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect(await shellVersions()).toEqual({ water: '1.4.0', energy: '1.4.0' });
    expect(await packageVersions()).toEqual({ water: '1.4.0', energy: '1.4.0' });

    const again = await call('POST', `${BASE}/${v130.id}/revoke`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().Error).toBe('VERSION_NOT_REVOCABLE');
    const republish = await call('POST', `${BASE}/${v130.id}/publish`, { scope: 'all' });
    expect(republish.statusCode).toBe(422);
    expect(republish.json()).toMatchObject({ Error: 'VERSION_NOT_PUBLISHABLE', Code: 42250 });
    // Revoking the last published version returns every tenant to the catalogue's version.
    expect((await call('POST', `${BASE}/${v140.id}/revoke`, {})).statusCode).toBe(200);
    expect(await shellVersions()).toEqual({ water: '1.2.0', energy: '1.2.0' });
  });

  it('keeps released versions: no delete, no new number; a draft goes', async () => {
    const remove = await call('DELETE', `${BASE}/${v130.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ Error: 'VERSION_IN_HISTORY', Code: 40950 });
    const current = await read(v140.id);
    const renumber = await call('PUT', `${BASE}/${v140.id}`, {
      versionNumber: '1.4.1',
      version: current.version,
    });
    expect(renumber.statusCode).toBe(422);
    expect(renumber.json().Error).toBe('VERSION_FROZEN');
    const notes = await call('PUT', `${BASE}/${v140.id}`, {
      versionNumber: '1.4.0',
      releaseNotes: '性能优化与缺陷修复',
      version: current.version,
    });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().Response.releaseNotes).toBe('性能优化与缺陷修复');
    const stale = await call('PUT', `${BASE}/${v140.id}`, { releaseNotes: 'x', version: current.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Error).toBe('VERSION_CONFLICT');
    const minimum = await call('PUT', `${BASE}/${v140.id}`, {
      minSupportedVersion: '2.0.0',
      version: current.version + 1,
    });
    expect(minimum.statusCode).toBe(400);
    expect(minimum.json().Details[0].path).toBe('body.minSupportedVersion');

    const draft = await create({ versionNumber: '2.0.0-beta.1' });
    expect((await call('DELETE', `${BASE}/${draft.id}`)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${draft.id}`)).statusCode).toBe(404);
  });

  it('refuses a publish to an unknown tenant or without tenants, writing nothing', async () => {
    const draft = await create({ versionNumber: '1.5.0' });
    const unknown = await call('POST', `${BASE}/${draft.id}/publish`, {
      scope: 'tenants',
      tenantIds: ['t-water', 't-nowhere'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Error: 'TENANT_NOT_FOUND', Message: '租户不存在：t-nowhere' });
    const none = await call('POST', `${BASE}/${draft.id}/publish`, { scope: 'tenants', tenantIds: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('请选择要发布的租户');
    const both = await call('POST', `${BASE}/${draft.id}/publish`, { scope: 'all', tenantIds: ['t-water'] });
    expect(both.statusCode).toBe(400);
    expect(await read(draft.id)).toMatchObject({ status: 'draft', releaseCount: 0 });
    expect(await shellVersions()).toEqual({ water: '1.2.0', energy: '1.2.0' });
  });

  it('lists, sorts by precedence and filters', async () => {
    await create({ versionNumber: '1.10.0' });
    const sorted = (
      await call('GET', `${BASE}?applicationName=${encodeURIComponent('设备')}&sort=versionNumber`)
    ).json().Response;
    expect(sorted.items.map((r: { versionNumber: string }) => r.versionNumber)).toEqual([
      '1.3.0',
      '1.4.0',
      '1.5.0',
      '1.10.0',
    ]);
    const revoked = (await call('GET', `${BASE}?status=revoked&sort=-versionNumber`)).json().Response;
    expect(revoked.items.map((r: { versionNumber: string }) => r.versionNumber)).toEqual(['1.4.0', '1.3.0']);
    const searched = (await call('GET', `${BASE}?q=${encodeURIComponent('回滚')}`)).json().Response;
    expect(searched.total).toBe(0);
    const byNotes = (await call('GET', `${BASE}?q=${encodeURIComponent('缺陷修复')}`)).json().Response;
    expect(byNotes.items.map((r: { versionNumber: string }) => r.versionNumber)).toEqual(['1.4.0']);
    const choices = (await call('GET', `${BASE}/applications?q=${encodeURIComponent('设备')}`)).json()
      .Response;
    expect(choices).toEqual([
      { id: DEVICES, name: '设备管理', appKey: 'devices', catalogueVersion: '1.2.0' },
    ]);
    const tenants = (await call('GET', `${BASE}/tenants?q=${encodeURIComponent('能源')}`)).json().Response;
    expect(tenants.map((t: { id: string }) => t.id)).toEqual(['t-energy']);
  });

  it('answers 403 naming the code to those without it, and to tenant administrators', async () => {
    const viewer = await platformOperator(app, infra.db, 'version.viewer', ['version:list']);
    expect((await call('GET', BASE, undefined, viewer)).statusCode).toBe(200);
    const draft = (await call('GET', `${BASE}?q=1.5.0`)).json().Response.items[0];
    const denied = await call('POST', `${BASE}/${draft.id}/publish`, { scope: 'all' }, viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().Details).toEqual({ missingPermission: 'version:publish' });
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    expect((await call('GET', BASE, undefined, tenantAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, undefined, {})).statusCode).toBe(401);
  });
});
