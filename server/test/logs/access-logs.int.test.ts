import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Row = Record<string, unknown>;
const HOUR = 3_600_000;

describe.each(testBackends())('access, operation, API call and watermark logs on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let platform: Record<string, string>;
  let water: Record<string, string>;
  let energy: Record<string, string>;
  let waterOp: Record<string, string>;
  let waterOpId: string;
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    waterOpId = await accountIdOf(infra.db, 'water.op');
    await infra.db.asPlatform(async (tx) => {
      // water: an open 1 h ago (member), a failed download 30 h ago, a visitor's open 10 days ago;
      // energy: one open 2 h ago of the same application.
      await tx.execute(sql`
        INSERT INTO usage_logs (tenant_id, id, account_id, visitor_id, user_name, source, type, application_id,
          application_name, result, ip, created_at) VALUES
        ('t-water', 'ul-w1', ${waterOpId}, NULL, '水务操作员', 'web', 1, 'app-gis', '管网GIS', 1, '10.0.0.1', ${at(1)}),
        ('t-water', 'ul-w2', ${waterOpId}, NULL, '水务操作员', 'web', 2, 'app-scada', 'SCADA', 0, '10.0.0.1', ${at(30)}),
        ('t-water', 'ul-w3', NULL, 'visitor-1', '访客', 'web', 1, 'app-gis', '管网GIS', 1, '10.0.0.9', ${at(240)}),
        ('t-energy', 'ul-e1', ${waterOpId}, NULL, '能源用户', 'web', 1, 'app-gis', '管网GIS', 1, '10.0.0.2', ${at(2)})`);
      await tx.execute(sql`
        INSERT INTO api_access_logs (tenant_id, id, client_id, scope, method, route, path, status, duration_ms, created_at) VALUES
        ('t-water', 'aal-w1', 'ac-water', 'todo:write', 'POST', '/ump/todos', '/ump/todos', 200, 12, ${at(1)}),
        ('t-water', 'aal-w2', 'ac-water', 'todo:write', 'POST', '/ump/todos', '/ump/todos', 403, 3, ${at(3)}),
        ('t-energy', 'aal-e1', 'ac-energy', 'todo:write', 'POST', '/ump/todos', '/ump/todos', 200, 9, ${at(1)})`);
    });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const get = async (url: string, headers: Record<string, string>) =>
    app.server.inject({ method: 'GET', url, headers });
  const list = async (url: string, headers: Record<string, string>) => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { items: Row[]; total: number };
  };
  const ids = async (url: string, headers: Record<string, string>) =>
    (await list(url, headers)).items.map((row) => row.id);

  it("lists the tenant's usage logs, visitors included, newest first, with each filter", async () => {
    const all = await list('/ump/admin/access-logs', water);
    expect(all.items.map((r) => r.id)).toEqual(['ul-w1', 'ul-w2', 'ul-w3']);
    expect(all.total).toBe(3);
    expect(all.items[2]).toMatchObject({ sender: 'visitor', visitorId: 'visitor-1', type: '1', result: '1' });
    expect(await ids('/ump/admin/access-logs?applicationId=app-gis', water)).toEqual(['ul-w1', 'ul-w3']);
    expect(await ids('/ump/admin/access-logs?type=2', water)).toEqual(['ul-w2']);
    expect(await ids('/ump/admin/access-logs?result=0', water)).toEqual(['ul-w2']);
    expect(await ids('/ump/admin/access-logs?sender=visitor', water)).toEqual(['ul-w3']);
    expect(await ids(`/ump/admin/access-logs?accountId=${waterOpId}`, water)).toEqual(['ul-w1', 'ul-w2']);
    expect(await ids('/ump/admin/access-logs?userName=water.op', water)).toEqual(['ul-w1', 'ul-w2']);
    expect(await ids('/ump/admin/access-logs?userName=nobody', water)).toEqual([]);
  });

  it('filters by time ranges: the last hour, 24 hours, 7 days, and a day by its date', async () => {
    const since = (hours: number) =>
      `/ump/admin/access-logs?createdAtFrom=${encodeURIComponent(at(hours))}&createdAtTo=${encodeURIComponent(at(-1))}`;
    expect(await ids(since(1.5), water)).toEqual(['ul-w1']);
    expect(await ids(since(24), water)).toEqual(['ul-w1']);
    expect(await ids(since(24 * 7), water)).toEqual(['ul-w1', 'ul-w2']);
    expect(await ids(`${since(24 * 7)}&applicationId=app-scada&result=0`, water)).toEqual(['ul-w2']);
    const day = at(240).slice(0, 10);
    expect(await ids(`/ump/admin/access-logs?createdAtFrom=${day}&createdAtTo=${day}`, water)).toContain(
      'ul-w3',
    );
  });

  it("shows a tenant administrator only the tenant's rows, by any filter or id", async () => {
    expect(await ids('/ump/admin/access-logs?applicationId=app-gis', energy)).toEqual(['ul-e1']);
    expect(await ids(`/ump/admin/access-logs?accountId=${waterOpId}`, energy)).toEqual(['ul-e1']);
    expect(await ids('/ump/admin/access-logs?ip=10.0.0.1', energy)).toEqual([]);
    expect((await get('/ump/admin/access-logs/ul-w1', energy)).statusCode).toBe(404);
    expect((await get('/ump/admin/access-logs/ul-w1', water)).json().Response).toMatchObject({ id: 'ul-w1' });
    // The tenant filter is the platform's: on the tenant path it is not a parameter at all.
    expect((await get('/ump/admin/access-logs?tenantId=t-water', energy)).statusCode).toBe(400);
    expect(await ids('/ump/admin/api-access-logs', energy)).toEqual(['aal-e1']);
    expect((await get('/ump/admin/api-access-logs/aal-w1', energy)).statusCode).toBe(404);
    // A member without the codes reads nothing.
    expect((await get('/ump/admin/access-logs', waterOp)).statusCode).toBe(403);
  });

  it("lists every tenant's rows on the platform path, with a tenant filter", async () => {
    expect(await ids('/dmp/admin/access-logs?applicationId=app-gis', platform)).toEqual([
      'ul-w1',
      'ul-e1',
      'ul-w3',
    ]);
    expect(await ids('/dmp/admin/access-logs?tenantId=t-energy', platform)).toEqual(['ul-e1']);
    expect(await ids('/dmp/admin/api-access-logs?status=200', platform)).toEqual(['aal-w1', 'aal-e1']);
    expect((await get('/dmp/admin/access-logs', water)).statusCode).toBe(403);
  });

  it('lists API calls with client, scope, route, status and duration', async () => {
    const { items } = await list('/ump/admin/api-access-logs?status=403', water);
    expect(items).toEqual([
      expect.objectContaining({
        id: 'aal-w2',
        clientId: 'ac-water',
        scope: 'todo:write',
        route: '/ump/todos',
        status: 403,
        durationMs: 3,
      }),
    ]);
    expect(await ids('/ump/admin/api-access-logs?scope=todo:write&clientId=ac-water', water)).toEqual([
      'aal-w1',
      'aal-w2',
    ]);
  });

  it("shows an administrator's change in the tenant's operation log with its before and after", async () => {
    const created = await app.server.inject({
      method: 'POST',
      url: '/ump/admin/departments',
      headers: water,
      payload: { parentId: 'd-t-water', name: '审计部' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().Response.id as string;
    const { items } = await list(`/ump/admin/operation-logs?recordId=${id}`, water);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ resource: 'departments', action: 'create', tenantId: 't-water' });
    expect((items[0]!.changes as Record<string, { before: unknown; after: unknown }>).name).toEqual({
      before: null,
      after: '审计部',
    });
    expect(await ids(`/ump/admin/operation-logs?recordId=${id}`, energy)).toEqual([]);
    expect((await get(`/ump/admin/operation-logs/${items[0]!.id}`, energy)).statusCode).toBe(404);
  });

  it('issues a trace id per watermarked view that maps back to its row, in its tenant only', async () => {
    const issue = await app.server.inject({
      method: 'POST',
      url: '/ump/watermark/traces',
      headers: waterOp,
      payload: { kind: 'page', target: '/umpUser', targetLabel: '用户管理' },
    });
    expect(issue.statusCode, issue.body).toBe(200);
    const traceId = issue.json().Response.traceId as string;
    expect(traceId).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    // Typed off a screenshot: lower case, with a dash.
    const typed = `${traceId.slice(0, 4)}-${traceId.slice(4)}`.toLowerCase();
    const found = await list(`/ump/admin/watermark-logs?id=${typed}`, water);
    expect(found.items).toEqual([
      expect.objectContaining({
        id: traceId,
        tenantId: 't-water',
        accountId: waterOpId,
        kind: 'page',
        target: '/umpUser',
        targetLabel: '用户管理',
      }),
    ]);
    expect(found.items[0]!.userName).toBeTruthy();
    expect(found.items[0]!.ip).toBeTruthy();
    expect(await ids(`/ump/admin/watermark-logs?accountId=${waterOpId}`, water)).toContain(traceId);
    expect(await ids(`/ump/admin/watermark-logs?id=${traceId}`, energy)).toEqual([]);
    expect((await get(`/ump/admin/watermark-logs/${traceId}`, energy)).statusCode).toBe(404);
    expect(await ids(`/dmp/admin/watermark-logs?id=${traceId}`, platform)).toEqual([traceId]);
    const bad = await get('/ump/admin/watermark-logs?id=UUUU', water);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().Code).toBe(42214);
    const refused = await app.server.inject({
      method: 'POST',
      url: '/ump/watermark/traces',
      headers: waterOp,
      payload: { kind: 'screen', target: '/x' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('counts a long log only up to 1,000 and exports it by keyset', async () => {
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, result, created_at)
        SELECT 't-energy', 'ul-bulk-' || n, 'a-bulk', '批量', 'web', 1, 'app-bulk', 1, now() - n * interval '1 second'
        FROM generate_series(1, 1050) n`),
    );
    const first = await list('/ump/admin/access-logs?applicationId=app-bulk&pageSize=50', energy);
    expect(first.total).toBe(1_001);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.id).toBe('ul-bulk-1');
    const beyond = await list('/ump/admin/access-logs?applicationId=app-bulk&pageSize=50&page=21', energy);
    expect(beyond.items).toEqual([]);
    // The export is not bounded by the count: keyset pages read every row.
    const exported = await get('/ump/admin/access-logs/export?applicationId=app-bulk', energy);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + 1050);
  });

  it('stamps every export with a trace id that the watermark log maps back to the export', async () => {
    const exported = await get('/ump/admin/access-logs/export?applicationId=app-gis', water);
    expect(exported.statusCode, exported.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    // The rows stay on the first sheet (an import reads only it); the trace is on every printed page
    // and on a second sheet.
    const [rows, info] = workbook.worksheets;
    expect(rows!.rowCount).toBe(1 + 2);
    const footer = rows!.headerFooter.oddFooter ?? '';
    const traceId = /追踪码 ([0-9A-Z]{8})/.exec(footer)?.[1];
    expect(traceId, footer).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(info!.name).toBe('导出信息');
    expect(info!.getRow(1).values).toEqual([undefined, '追踪码', traceId]);
    // Written for people (issue 25): the filters in the list's words, the rows counted.
    const byLabel = new Map(
      info!.getSheetValues().flatMap((row) => (Array.isArray(row) ? [[String(row[1]), String(row[2])]] : [])),
    );
    expect(byLabel.get('行数')).toBe('2');
    expect(byLabel.get('筛选条件')).toBe('应用 ID：app-gis');

    const found = await list(`/ump/admin/watermark-logs?id=${traceId}`, water);
    expect(found.items).toEqual([
      expect.objectContaining({
        id: traceId,
        tenantId: 't-water',
        kind: 'export',
        target: 'ump/admin/access-logs',
        targetLabel: expect.stringContaining('应用 ID：app-gis'),
      }),
    ]);
    expect(await ids(`/ump/admin/watermark-logs?id=${traceId}`, energy)).toEqual([]);
  });
});
