import { DEFAULT_TIME_ZONE } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsActor } from '../../src/modules/platform-settings/service';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;

const ACTOR: SettingsActor = {
  accountId: 'acc-admin',
  name: 'test',
  ip: null,
  userAgent: null,
  requestId: null,
};

const sheetsOf = async (file: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };
  return { rows: rowsOf(workbook.worksheets[0]), info: rowsOf(workbook.worksheets[1]) };
};

const multipart = (file: Buffer) => {
  const boundary = `----uniwim${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/**
 * Issue 25: one time zone. A tenant's zone is a setting; the reader is told it with the current
 * user; exports write their times in it and say so, with an information sheet written for people;
 * imports read their times in it.
 */
describe.each(testBackends())('times in the reader’s zone on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Headers;
  let energyAdmin: Headers;
  let platform: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const zoneOf = async (headers: Headers) =>
    (await call('GET', '/ump/currUserInfo', headers)).json().Response.timeZone;

  it("keeps a tenant's zone as a setting, checked against the zones Intl knows, and tells its readers", async () => {
    const { version, settings } = (await call('GET', '/ump/admin/tenant-settings', waterAdmin)).json()
      .Response;
    expect(settings.basics.timeZone).toBe(DEFAULT_TIME_ZONE);
    for (const wrong of ['Mars/Olympus_Mons', '+08:00', '']) {
      const refused = await call('PUT', '/ump/admin/tenant-settings', waterAdmin, {
        version,
        basics: { ...settings.basics, timeZone: wrong },
      });
      expect(refused.statusCode, wrong).toBe(400);
      expect(refused.json().Details).toEqual([expect.objectContaining({ path: 'basics.timeZone' })]);
    }
    const saved = await call('PUT', '/ump/admin/tenant-settings', waterAdmin, {
      version,
      basics: { ...settings.basics, timeZone: 'America/New_York' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.settings.basics.timeZone).toBe('America/New_York');
    // The zone of the active tenant; the platform's outside one.
    await expect.poll(() => zoneOf(waterAdmin), { timeout: 10_000 }).toBe('America/New_York');
    expect(await zoneOf(energyAdmin)).toBe(DEFAULT_TIME_ZONE);
    expect(await zoneOf(platform)).toBe(DEFAULT_TIME_ZONE);
  });

  it('exports times in the zone, says which, and writes its information sheet for people', async () => {
    // Saturday 2026-11-28 19:12:36 UTC: 14:12 in New York, 03:12 on Sunday in Shanghai.
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, error_code, created_at) VALUES
          ('t-water', 'tz-exp-1', NULL, 'tz.export', 'password', 'failure', 'WRONG_PASSWORD', timestamptz '2026-11-28 19:12:36+00'),
          ('t-water', 'tz-exp-2', NULL, 'tz.export', 'password', 'success', NULL, timestamptz '2026-11-28 19:12:36+00')`),
    );
    const query =
      'result=failure&createdAtFrom=2026-11-27T19:17:10.921Z&createdAtTo=2026-11-29T00:00:00.000Z';
    const exported = await call('GET', `/ump/admin/login-logs/export?${query}`, waterAdmin);
    expect(exported.statusCode, exported.body).toBe(200);
    const { rows, info } = await sheetsOf(exported.rawPayload);
    const timeColumn = rows[0]!.indexOf('时间 (UTC-05:00 America/New_York)');
    expect(timeColumn, String(rows[0])).toBeGreaterThanOrEqual(0);
    const row = rows.find((cells) => cells.includes('tz.export'))!;
    expect(row[timeColumn]).toBe('2026-11-28 14:12:36');
    expect(rows.filter((cells) => cells.includes('tz.export'))).toHaveLength(1);

    const byLabel = new Map(info.map((cells) => [String(cells[0]), cells.slice(1).map(String)]));
    expect(byLabel.get('导出时间')?.[0]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(UTC-0[45]:00 America\/New_York\)$/,
    );
    expect(byLabel.get('时区')?.[0]).toMatch(/^UTC-0[45]:00 America\/New_York · /);
    // The filters in the list's words: a row each, the times read in the zone.
    const filterRows = info
      .slice(info.findIndex((cells) => cells[0] === '筛选条件'))
      .map((cells) => cells[1]);
    expect(filterRows).toEqual(['结果：失败', '时间：从 2026-11-27 14:17 至 2026-11-28 19:00']);
    // Nothing for a person to decode: no ISO instant and no field name anywhere in the sheet.
    const text = JSON.stringify(info);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(text).not.toMatch(/createdAtFrom|result=/);

    const english = await sheetsOf(
      (await call('GET', `/ump/admin/login-logs/export?${query}&lang=en`, waterAdmin)).rawPayload,
    );
    expect(english.rows[0]).toContain('Time (UTC-05:00 America/New_York)');
    const englishFilters = english.info.slice(english.info.findIndex((cells) => cells[0] === 'Filters'));
    expect(englishFilters.map((cells) => cells[1])).toEqual([
      'Result: Failure',
      'Time: from 2026-11-27 14:17 to 2026-11-28 19:00',
    ]);

    // Energy lives in Shanghai: its export says so.
    const energy = await sheetsOf(
      (await call('GET', '/ump/admin/login-logs/export?createdAtFrom=2026-11-27T00:00:00Z', energyAdmin))
        .rawPayload,
    );
    expect(energy.rows[0]).toContain('时间 (UTC+08:00 Asia/Shanghai)');
  });

  it("ends a member's expiry given as a day at that day's end in the tenant's zone", async () => {
    const id = await accountIdOf(infra.db, 'water.op');
    const set = await call('POST', `/ump/admin/users/${id}/set-expiry`, waterAdmin, {
      expiresAt: '2099-12-31',
    });
    expect(set.statusCode, set.body).toBe(200);
    const member = (await call('GET', `/ump/admin/users/${id}`, waterAdmin)).json().Response;
    // Water lives in New York (the first test): the day ends at 05:00 UTC the next morning.
    expect(member.expiresAt).toBe('2100-01-01T04:59:59.999Z');
    await call('POST', `/ump/admin/users/${id}/set-expiry`, waterAdmin, { expiresAt: null });
  });

  it("counts the home page's sign-ins of today from midnight in the tenant's zone", async () => {
    const { version, settings } = (await call('GET', '/ump/admin/tenant-settings', energyAdmin)).json()
      .Response;
    const saved = await call('PUT', '/ump/admin/tenant-settings', energyAdmin, {
      version,
      basics: { ...settings.basics, timeZone: 'America/Los_Angeles' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const today = async () =>
      (await call('GET', '/ump/home/widgets/sign-ins-today', energyAdmin)).json().Response.data.value;
    const before = await today();
    // A minute either side of midnight in Los Angeles: only the later one is today's there (in
    // Shanghai both or neither are, whatever the hour).
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
        SELECT 't-energy', 'tz-home-' || m, 'u', 'password', 'success',
          ((now() AT TIME ZONE 'America/Los_Angeles')::date::timestamp AT TIME ZONE 'America/Los_Angeles') + m * interval '1 minute'
        FROM (VALUES (-1), (1)) AS v(m)`),
    );
    expect(await today()).toBe(before + 1);
  });

  it("reads imported times in the importer's zone, and names it in the template", async () => {
    const { version, settings } = await app.services.platformSettings.read();
    await app.services.platformSettings.save({ version, regional: { timeZone: 'Asia/Tokyo' } }, ACTOR);
    try {
      // The current user's answer is kept a few seconds.
      await expect.poll(() => zoneOf(platform), { timeout: 10_000 }).toBe('Asia/Tokyo');
      const template = await call('GET', '/dmp/admin/tenants/import-template', platform);
      const { rows } = await sheetsOf(template.rawPayload);
      expect(rows[0]).toContain('到期时间 (UTC+09:00 Asia/Tokyo)');

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('租户');
      sheet.addRow(['编码', '租户名称', '到期时间 (UTC+09:00 Asia/Tokyo)', '管理员手机号']);
      sheet.addRow(['tz-tokyo', '东京时区租户', '2027-12-31 00:00:00', '13900000777']);
      const body = multipart(Buffer.from(await workbook.xlsx.writeBuffer()));
      const committed = await app.server.inject({
        method: 'POST',
        url: '/dmp/admin/tenants/import?mode=commit',
        headers: { ...platform, ...body.headers },
        payload: body.payload,
      });
      expect(committed.statusCode, committed.body).toBe(200);
      expect(committed.json().Response).toMatchObject({ created: 1, failed: 0 });
      const listed = (await call('GET', '/dmp/admin/tenants?code=tz-tokyo', platform)).json().Response;
      // Midnight in Tokyo is 15:00 the day before in UTC.
      expect(listed.items[0]).toMatchObject({ code: 'tz-tokyo', expiresAt: '2027-12-30T15:00:00.000Z' });
    } finally {
      const current = await app.services.platformSettings.read();
      await app.services.platformSettings.save(
        { version: current.version, regional: settings.regional },
        ACTOR,
      );
    }
  });
});
