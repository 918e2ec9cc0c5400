import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from '../fuzz/openapi-operations';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const PLATFORM_SECRET = 'PLATFORM-SECRET-7f3a0c';
const ROTATED_SECRET = 'PLATFORM-SECRET-ROTATED-2d91';
const WATER_SECRET = 'WATER-SECRET-91bc44';
const SECRETS = [PLATFORM_SECRET, ROTATED_SECRET, WATER_SECRET];

/** Every text a workbook holds, so a secret cannot hide in a compressed export. */
const workbookText = async (file: Buffer): Promise<string> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) sheet.eachRow((row) => cells.push(JSON.stringify(row.values)));
  return cells.join('\n');
};

/**
 * Issue 14, /umpParameters: typed values, built-in ones protected, the effective value with its
 * source, history; a secret never in an answer to a browser; /ump/param/get only what clients may read.
 */
describe.each(testBackends())('parameters on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let platform: Headers;
  let water: Headers;
  let energy: Headers;
  let waterMember: Headers;
  /** Every answer a browser got in this file, for the secret check at the end. */
  const answers: string[] = [];

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    waterMember = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? (method === 'POST' ? { payload: {} } : {}) : { payload }),
    });
    answers.push(
      String(res.headers['content-type'] ?? '').includes('spreadsheet')
        ? await workbookText(res.rawPayload)
        : res.body,
    );
    return res;
  };
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const refused = async (
    method: Method,
    url: string,
    headers: Headers,
    payload: object | undefined,
    status: number,
  ) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { Error: string; Message: string; Details?: { path: string; message: string }[] };
  };
  const byKey = async (headers: Headers, scope: 'dmp' | 'ump', key: string) =>
    (await ok('GET', `/${scope}/admin/parameters?key=${key}`, headers)).items.find(
      (row: { key: string }) => row.key === key,
    );
  const clientValues = (headers: Headers) => ok('GET', '/ump/param/get', headers);

  it('shows each effective value with where it comes from', async () => {
    const mapCenter = await byKey(water, 'ump', 'mapCenter');
    expect(mapCenter).toMatchObject({
      value: '120.15,30.28',
      defaultValue: '116.40,39.90',
      source: 'tenant',
    });
    expect(await byKey(energy, 'ump', 'mapCenter')).toMatchObject({
      value: '116.40,39.90',
      source: 'platform',
    });
    const sources = await ok('GET', '/ump/admin/parameters?source=tenant', water);
    expect(sources.items.map((row: { key: string }) => row.key)).toEqual(['mapCenter']);

    // Back to the default, then the tenant's own value again; the history says what changed.
    await ok('POST', `/ump/admin/parameters/${mapCenter.id}/reset`, water);
    const reset = await byKey(water, 'ump', 'mapCenter');
    expect(reset).toMatchObject({ value: '116.40,39.90', source: 'platform' });
    const saved = await ok('PUT', `/ump/admin/parameters/${mapCenter.id}`, water, {
      value: '121.47,31.23',
      version: reset.version,
    });
    expect(saved).toMatchObject({ value: '121.47,31.23', source: 'tenant' });
    expect(await clientValues(waterMember)).toMatchObject({ mapCenter: '121.47,31.23' });
    const history = await ok('GET', `/ump/admin/parameters/${mapCenter.id}/history`, water);
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: { value: { before: '116.40,39.90', after: '121.47,31.23' } },
    });
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['update', 'reset']);
    // Another tenant's page shows nothing of it.
    expect((await ok('GET', `/ump/admin/parameters/${mapCenter.id}/history`, energy)).length).toBe(0);
  });

  it('checks every value against its type, on its field', async () => {
    const pageSize = await byKey(water, 'ump', 'defaultPageSize');
    const wrong = await refused(
      'PUT',
      `/ump/admin/parameters/${pageSize.id}`,
      water,
      { value: '二十', version: pageSize.version },
      400,
    );
    expect(wrong).toMatchObject({
      Error: 'PARAMETER_VALUE_INVALID',
      Details: [{ path: 'body.value', message: '请输入数字' }],
    });
    const theme = await ok('POST', '/dmp/admin/parameters', platform, {
      key: 'theme',
      name: '主题',
      type: 'choice',
      value: 'light',
      choices: [
        { value: 'light', label: '浅色' },
        { value: 'dark', label: '深色' },
      ],
      clientReadable: true,
      tenantEditable: true,
    });
    const notAChoice = await refused(
      'PUT',
      `/ump/admin/parameters/${theme.id}`,
      water,
      { value: 'blue', version: 0 },
      400,
    );
    expect(notAChoice.Details).toEqual([{ path: 'body.value', message: '请从可选值中选择' }]);
    await ok('PUT', `/ump/admin/parameters/${theme.id}`, water, { value: 'dark', version: 0 });
    const json = await refused(
      'POST',
      '/dmp/admin/parameters',
      platform,
      { key: 'layout', name: '布局', type: 'json', value: '{a:1}' },
      400,
    );
    expect(JSON.stringify(json)).toContain('请输入有效的 JSON');
    // A tenant's value that would not fit a new type keeps the type as it is.
    const clash = await refused(
      'PUT',
      `/dmp/admin/parameters/${theme.id}`,
      platform,
      {
        choices: [{ value: 'light', label: '浅色' }],
        version: theme.version,
      },
      409,
    );
    expect(clash.Message).toBe('有1个租户设置的值不符合新的类型或可选值，请先清除租户设置');
    await ok('POST', `/dmp/admin/parameters/${theme.id}/reset-overrides`, platform);
    expect(await byKey(water, 'ump', 'theme')).toMatchObject({ value: 'light', source: 'platform' });
  });

  it('protects built-in parameters and what the platform keeps for itself', async () => {
    const pageSize = await byKey(platform, 'dmp', 'defaultPageSize');
    expect(pageSize).toMatchObject({ builtin: true, type: 'number' });
    expect(
      (await refused('DELETE', `/dmp/admin/parameters/${pageSize.id}`, platform, undefined, 422)).Error,
    ).toBe('BUILTIN_RECORD');
    expect(
      (
        await refused(
          'PUT',
          `/dmp/admin/parameters/${pageSize.id}`,
          platform,
          { type: 'text', version: pageSize.version },
          422,
        )
      ).Error,
    ).toBe('BUILTIN_RECORD');

    // Not editable by tenants: refused, and a value set before no longer counts.
    const refresh = await byKey(water, 'ump', 'noticeRefreshSeconds');
    await ok('PUT', `/ump/admin/parameters/${refresh.id}`, water, { value: '30', version: refresh.version });
    const definition = await byKey(platform, 'dmp', 'noticeRefreshSeconds');
    await ok('PUT', `/dmp/admin/parameters/${definition.id}`, platform, {
      tenantEditable: false,
      version: definition.version,
    });
    expect(await byKey(water, 'ump', 'noticeRefreshSeconds')).toMatchObject({
      value: '60',
      source: 'platform',
    });
    expect(await clientValues(waterMember)).toMatchObject({ noticeRefreshSeconds: '60' });
    const current = await byKey(water, 'ump', 'noticeRefreshSeconds');
    expect(
      (
        await refused(
          'PUT',
          `/ump/admin/parameters/${refresh.id}`,
          water,
          { value: '10', version: current.version },
          422,
        )
      ).Error,
    ).toBe('PARAMETER_NOT_TENANT_EDITABLE');
    // Tenants cannot define parameters, nor reach the platform's page.
    expect(
      (await call('POST', '/ump/admin/parameters', water, { key: 'x', name: 'x', type: 'text', value: '' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/dmp/admin/parameters', water)).statusCode).toBe(403);
    expect((await call('GET', '/ump/admin/parameters', waterMember)).statusCode).toBe(403);
  });

  it('answers clients only the parameters marked readable by them', async () => {
    // Closed unless the platform opens it: to clients, and to tenants' own values.
    const quota = await ok('POST', '/dmp/admin/parameters', platform, {
      key: 'internalQuota',
      name: '内部配额',
      type: 'number',
      value: '5',
    });
    expect(quota).toMatchObject({ clientReadable: false, tenantEditable: false, builtin: false });
    const all = await clientValues(waterMember);
    expect(all).not.toHaveProperty('internalQuota');
    expect(Object.keys(all)).toEqual(['defaultPageSize', 'mapCenter', 'noticeRefreshSeconds', 'theme']);
    const hidden = await refused('GET', '/ump/param/get?key=internalQuota', waterMember, undefined, 404);
    expect(hidden.Message).toBe('参数不存在：internalQuota');
  });

  it('never sends a secret to a browser, while server code can read it', async () => {
    const created = await ok('POST', '/dmp/admin/parameters', platform, {
      key: 'smsVendorKey',
      name: '短信服务密钥',
      type: 'secret',
      value: PLATFORM_SECRET,
      description: '服务端调用短信服务商时使用',
      tenantEditable: true,
    });
    expect(created).toMatchObject({ type: 'secret', value: null, secretSet: true, clientReadable: false });
    expect(
      (
        await refused(
          'POST',
          '/dmp/admin/parameters',
          platform,
          { key: 'leaky', name: 'x', type: 'secret', value: 'y', clientReadable: true },
          400,
        )
      ).Message,
    ).toContain('密文参数不能开放给客户端读取');
    const rotated = await ok('PUT', `/dmp/admin/parameters/${created.id}`, platform, {
      value: ROTATED_SECRET,
      version: created.version,
    });
    expect(rotated.updatedAt).not.toBe(created.updatedAt);
    expect(
      (
        await refused(
          'PUT',
          `/dmp/admin/parameters/${created.id}`,
          platform,
          { type: 'text', version: rotated.version },
          422,
        )
      ).Error,
    ).toBe('PARAMETER_TYPE_CHANGE_REFUSED');
    const own = await ok('PUT', `/ump/admin/parameters/${created.id}`, water, {
      value: WATER_SECRET,
      version: 0,
    });
    expect(own).toMatchObject({ value: null, defaultValue: null, secretSet: true, source: 'tenant' });

    expect(await app.services.parameters.serverValueOf('t-water', 'smsVendorKey')).toBe(WATER_SECRET);
    expect(await app.services.parameters.serverValueOf('t-energy', 'smsVendorKey')).toBe(ROTATED_SECRET);
    expect(await app.services.parameters.serverValueOf(null, 'smsVendorKey')).toBe(ROTATED_SECRET);

    // Every GET route of the API, for the platform's administrator, a tenant's and its member.
    const inWater = bearer(await tokenFor(app, infra.db, 'admin', 't-water'));
    // Every GET route but the sign-out (it would end the session the walk goes on with).
    const operations = operationsOf(app.server.swagger()).filter(
      (op) => op.method === 'GET' && op.path !== '/uniwim/ump/loginLog/logOut',
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const headers of [platform, water, inWater, waterMember, energy]) {
      for (const operation of operations) {
        const url = operation.path.replace(/\{[^}]+\}/g, created.id);
        await call('GET', url, headers);
      }
      await call('GET', '/dmp/admin/parameters/export', headers);
      await call('GET', '/ump/admin/parameters/export', headers);
    }
    const exported = await call('GET', '/ump/admin/parameters/export', water);
    expect(exported.statusCode).toBe(200);
    expect(await workbookText(exported.rawPayload)).toContain('smsVendorKey');
    expect(answers.length).toBeGreaterThan(5 * operations.length);
    for (const secret of SECRETS) {
      expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
      expect(app.logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
    // Nor is it in the operation log's record of the change.
    const logged = await infra.db.asPlatform((tx) =>
      tx.execute(sql`SELECT changes::text AS changes FROM operation_logs WHERE resource = 'parameters'`),
    );
    expect(JSON.stringify(logged)).not.toContain('SECRET');
    // Every GET route five times over: longer than one test's default on a busy machine.
  }, 120_000);
});
