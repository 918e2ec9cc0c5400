import type { MenuItemNode } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { multipartFile, PDF_BYTES, PNG_BYTES } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/applications';
type Headers = Record<string, string>;

const ids = (nodes: MenuItemNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);

/**
 * Issue 14, /umpApplicationManager: the catalogue with its lifecycle (only published applications
 * reach shells), usage figures from the usage logs, icon and manual uploaded through the files
 * module, and the guards of a delete.
 */
describe.each(testBackends())('the application catalogue on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  let waterAdmin: Headers;
  let waterOp: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = admin,
  ) => {
    const res = await call(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const upload = async (content: Buffer, filename: string, purpose: 'image' | 'document') => {
    const body = multipartFile(content, filename, { field: 'file' });
    const res = await app.server.inject({
      method: 'POST',
      url: `/dmp/admin/files/upload?purpose=${purpose}`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { id: string; url: string };
  };
  const shellIds = async () =>
    ids((await ok('GET', '/ump/menu/userMenuTree', undefined, waterOp)) as MenuItemNode[]);

  it('lists the seeded applications, published, with their tenants and users and opens of the last 30 days', async () => {
    const op = await accountIdOf(infra.db, 'water.op');
    const admin_ = await accountIdOf(infra.db, 'water.admin');
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO usage_logs (tenant_id, id, account_id, visitor_id, user_name, source, type, application_id, result, created_at)
        VALUES
          ('t-water', 'ul-1', ${op}, NULL, 'water.op', 'web', 1, 'app-devices', 1, now() - interval '1 day'),
          ('t-water', 'ul-2', ${op}, NULL, 'water.op', 'web', 1, 'app-devices', 1, now() - interval '2 days'),
          ('t-water', 'ul-3', ${admin_}, NULL, 'water.admin', 'web', 1, 'app-devices', 1, now() - interval '29 days'),
          ('t-water', 'ul-4', NULL, 'v-123', 'tourist-v-123', 'web', 1, 'app-devices', 1, now() - interval '3 days'),
          ('t-water', 'ul-5', ${op}, NULL, 'water.op', 'web', 2, 'app-devices', 1, now() - interval '1 day'),
          ('t-water', 'ul-6', ${admin_}, NULL, 'water.admin', 'web', 1, 'app-devices', 1, now() - interval '40 days')`),
    );
    const page = await ok('GET', `${BASE}?sort=name`);
    expect(page.total).toBe(3);
    const devices = page.items.find((a: { appKey: string }) => a.appKey === 'devices');
    // Three people (two members, one visitor) opened it four times within 30 days; a download and
    // an older open do not count.
    expect(devices).toMatchObject({
      status: 'published',
      tenantCount: 2,
      menuCount: 4,
      usersLast30Days: 3,
      opensLast30Days: 4,
      appVersion: '1.2.0',
    });
  });

  let draft: { id: string; version: number; status: string };

  it('creates a draft with a unique key, an icon and a manual uploaded through the files module', async () => {
    const icon = await upload(PNG_BYTES, 'scada.png', 'image');
    const manual = await upload(PDF_BYTES, 'manual.pdf', 'document');
    draft = await ok('POST', BASE, {
      appKey: 'scada',
      name: 'SCADA 监控',
      category: '生产运行',
      description: '泵站与管网的实时监控',
      owner: '李工',
      internalLink: 'http://10.0.0.5:8080',
      externalLink: 'https://scada.example.com',
      iconFileId: icon.id,
      manualFileId: manual.id,
    });
    expect(draft).toMatchObject({
      status: 'draft',
      icon: icon.url,
      iconFileId: icon.id,
      operatingManual: manual.url,
      manualFileId: manual.id,
      category: '生产运行',
      usersLast30Days: 0,
    });
    const references = await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`SELECT file_id, field FROM file_references WHERE resource = 'applications' AND record_id = ${draft.id} ORDER BY field`,
      ),
    );
    expect((references as unknown as { rows: { file_id: string; field: string }[] }).rows).toEqual([
      { file_id: icon.id, field: 'icon' },
      { file_id: manual.id, field: 'manual' },
    ]);
    // A document is no icon; a key is taken once; the key does not change.
    const wrongKind = await call('PUT', `${BASE}/${draft.id}`, {
      iconFileId: manual.id,
      version: draft.version,
    });
    expect(wrongKind.statusCode, wrongKind.body).toBe(400);
    expect(wrongKind.json().Message).toBe('请上传图片');
    const taken = await call('POST', BASE, { appKey: 'scada', name: '另一个' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Message).toBe('应用标识已存在');
    const rekey = await call('PUT', `${BASE}/${draft.id}`, { appKey: 'other', version: draft.version });
    expect(rekey.statusCode).toBe(400);
    // The categories in use, for the form.
    expect(await ok('GET', `${BASE}/categories`)).toContain('生产运行');
  });

  it('shows an application in shells only while it is published: draft → published → offline → published', async () => {
    const item = await ok('POST', '/dmp/admin/menus', {
      applicationId: draft.id,
      name: '实时监控',
      link: '/realtime',
    });
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`INSERT INTO tenant_applications (tenant_id, application_id) VALUES ('t-water', ${draft.id})`,
      ),
    );
    await app.services.menuTrees.announceChange('t-water');
    const operator = (await ok('GET', '/ump/admin/roles?code=operator', undefined, waterAdmin)).items[0];
    await ok(
      'PUT',
      `/ump/admin/roles/${operator.id}`,
      { menuIds: [...operator.menuIds, item.id], version: operator.version },
      waterAdmin,
    );
    expect(await shellIds()).not.toContain(item.id);

    const published = await ok('POST', `${BASE}/${draft.id}/publish`, {});
    expect(published.status).toBe('published');
    expect(await shellIds()).toContain(item.id);

    const offline = await ok('POST', `${BASE}/${draft.id}/offline`, {});
    expect(offline.status).toBe('offline');
    expect(await shellIds()).not.toContain(item.id);
    const again = await call('POST', `${BASE}/${draft.id}/offline`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().Code).toBe(42243);

    await ok('POST', `${BASE}/${draft.id}/publish`, {});
    expect(await shellIds()).toContain(item.id);
    const history = await ok('GET', `${BASE}/${draft.id}/history`);
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'publish',
      'offline',
      'publish',
      'create',
    ]);
  });

  it('deletes only an application nobody uses: not published, no tenant, no package', async () => {
    const published = await call('DELETE', `${BASE}/${draft.id}`);
    expect(published.statusCode).toBe(422);
    await ok('POST', `${BASE}/${draft.id}/offline`, {});
    const used = await call('DELETE', `${BASE}/${draft.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().Message).toContain('1个租户已开通');

    const unused = await ok('POST', BASE, { appKey: 'spare', name: '备用应用' });
    await ok('POST', '/dmp/admin/menus', { applicationId: unused.id, name: '首页' });
    await ok('DELETE', `${BASE}/${unused.id}`);
    expect((await call('GET', `${BASE}/${unused.id}`)).statusCode).toBe(404);
  });

  it('is the platform administrators’: tenant administrators and operators without the code are refused', async () => {
    expect((await call('GET', BASE, undefined, waterAdmin)).statusCode).toBe(403);
    expect((await call('POST', BASE, { appKey: 'x1', name: 'x' }, waterAdmin)).statusCode).toBe(403);
    const viewer = await platformOperator(app, infra.db, 'app.viewer', ['application:list']);
    expect((await call('GET', BASE, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/${draft.id}/publish`, {}, viewer)).statusCode).toBe(403);
  });
});
