import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAttempt } from '../../src/modules/auth/login-log';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const TENANT_LOG = '/ump/admin/login-logs';
const PLATFORM_LOG = '/dmp/admin/login-logs';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0';

interface Row {
  id: string;
  tenantId: string | null;
  username: string;
  result: string;
  reason: string | null;
  region: string | null;
  regionProvince: string | null;
  browser: string | null;
  flags: string[];
  locked: boolean;
  [key: string]: unknown;
}

describe.each(testBackends())('the login log on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let energyAdmin: Record<string, string>;
  let platformAdmin: Record<string, string>;
  let energyRowId: string;

  const run = (statement: ReturnType<typeof sql>) => infra.db.asPlatform((tx) => tx.execute(statement));
  const accountIdOf = async (username: string) =>
    (
      (await run(sql`SELECT id FROM accounts WHERE username = ${username}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;

  const list = async (url: string, headers: Record<string, string>, query = '') => {
    const res = await app.server.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { items: Row[]; total: number };
  };

  /** One attempt through the real writer, flushed so each batch sees the ones before. */
  const attempt = async (fields: Partial<LoginAttempt> & Pick<LoginAttempt, 'username' | 'result'>) => {
    await app.services.loginLog.record({
      tenantId: 't-water',
      accountId: null,
      mode: 'password',
      errorCode: fields.result === 'failure' ? 'INVALID_CREDENTIALS' : null,
      ip: '127.0.0.1',
      userAgent: CHROME_WINDOWS,
      ...fields,
    });
    await app.services.loginLog.flush();
  };

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
    await app.services.loginLog.flush();
    // Start from an empty log: the sign-ins above are not this test's.
    await run(sql`DELETE FROM login_logs`);
    await run(sql`DELETE FROM login_footprints`);
    const op = await accountIdOf('water.op');
    // water.op: Shenzhen on Chrome, then Beijing (new region), then Beijing on WeChat (new device).
    await attempt({ username: 'water.op', accountId: op, result: 'success', ip: '120.24.78.68' });
    await attempt({ username: 'water.op', accountId: op, result: 'success', ip: '202.106.0.20' });
    await attempt({
      username: 'water.op',
      accountId: op,
      result: 'success',
      ip: '202.106.0.20',
      userAgent: WECHAT_IPHONE,
      mode: 'sms',
    });
    // Five failures of one name from five addresses: the fifth is a burst.
    for (let i = 1; i <= 5; i++) {
      await attempt({ username: 'Water.Op', result: 'failure', ip: `10.9.0.${i}`, userAgent: FIREFOX_MAC });
    }
    // Another tenant's sign-in from the same loopback address.
    await attempt({
      tenantId: 't-energy',
      username: 'energy.staff',
      accountId: await accountIdOf('energy.staff'),
      result: 'success',
    });
    const energy = await list(PLATFORM_LOG, platformAdmin, 'username=energy.staff');
    energyRowId = energy.items[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('parses region, device and browser once, at write time', async () => {
    const { items, total } = await list(TENANT_LOG, waterAdmin, 'result=success');
    expect(total).toBe(3);
    // Newest first.
    expect(items.map((r) => [r.region, r.browser, r.os, r.deviceType, r.client, r.mode])).toEqual([
      ['中国 北京市', 'WeChat', 'iOS', 'mobile', 'mobile', 'sms'],
      ['中国 北京市', 'Chrome', 'Windows', 'desktop', 'web', 'password'],
      ['中国 广东省 深圳市', 'Chrome', 'Windows', 'desktop', 'web', 'password'],
    ]);
    const stored = (await run(
      sql`SELECT region_country, region_province, browser FROM login_logs WHERE username = 'energy.staff'`,
    )) as unknown as { rows: Record<string, string>[] };
    expect(stored.rows).toEqual([{ region_country: '本机', region_province: null, browser: 'Chrome' }]);
  });

  it('flags a new region, a new device and the fifth failure within ten minutes', async () => {
    const { items } = await list(TENANT_LOG, waterAdmin, 'flagged=true');
    expect(items.map((r) => r.flags)).toEqual([['failure-burst'], ['new-device'], ['new-region']]);
    const failures = await list(TENANT_LOG, waterAdmin, 'result=failure');
    expect(failures.total).toBe(5);
    expect(failures.items.filter((r) => r.flags.length > 0)).toHaveLength(1);
    expect(failures.items[0]).toMatchObject({
      reason: '用户名或密码错误',
      region: '内网',
      browser: 'Firefox',
    });
    // A sixth failure from one new address is a burst by the account name.
    await attempt({ username: 'water.op', result: 'failure', ip: '10.9.0.99' });
    expect((await list(TENANT_LOG, waterAdmin, 'flagged=true&result=failure')).total).toBe(2);
  });

  it('filters by each field and by time range', async () => {
    const total = async (query: string) => (await list(TENANT_LOG, waterAdmin, query)).total;
    expect(await total('region=%E5%8C%97%E4%BA%AC')).toBe(2);
    expect(await total('region=%E5%B9%BF%E4%B8%9C')).toBe(1);
    expect(await total('browser=WeChat')).toBe(1);
    expect(await total('os=macOS')).toBe(5);
    expect(await total('deviceType=mobile')).toBe(1);
    expect(await total('client=mobile')).toBe(1);
    expect(await total('mode=sms,qr')).toBe(1);
    expect(await total('ip=10.9.0')).toBe(6);
    expect(await total('username=WATER')).toBe(9);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      await total(`createdAtFrom=${encodeURIComponent(hourAgo)}&createdAtTo=${encodeURIComponent(inAnHour)}`),
    ).toBe(9);
    expect(await total(`createdAtFrom=${encodeURIComponent(inAnHour)}`)).toBe(0);
    expect(await total(`createdAtTo=${encodeURIComponent(hourAgo)}`)).toBe(0);
  });

  it('orders a filtered page by time either way, page after page (the page walks the time indexes)', async () => {
    const times = (items: Row[]) => items.map((row) => Date.parse(String(row.createdAt)));
    const newest = await list(TENANT_LOG, waterAdmin, 'username=water&pageSize=4');
    const next = await list(TENANT_LOG, waterAdmin, 'username=water&pageSize=4&page=2');
    const all = [...times(newest.items), ...times(next.items)];
    expect(all).toHaveLength(8);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const oldest = await list(TENANT_LOG, waterAdmin, 'username=water&sort=createdAt&pageSize=4');
    const ascending = times(oldest.items);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThanOrEqual(Math.min(...all));
    expect(oldest.items[0]?.username).toBe('water.op');
  });

  it('exports what the list shows, page by page in time order', async () => {
    const file = await app.server.inject({
      method: 'GET',
      url: `${TENANT_LOG}/export?result=failure`,
      headers: waterAdmin,
    });
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    // The time column names the zone its times are in (issue 25).
    expect(rows[0]).toEqual(
      expect.arrayContaining(['时间 (UTC+08:00 Asia/Shanghai)', '账号', '地区', '浏览器', '异常']),
    );
    expect(rows).toHaveLength(7);
    const account = (rows[0] as string[]).indexOf('账号');
    expect(new Set(rows.slice(1).map((row) => String(row[account]).toLowerCase()))).toEqual(
      new Set(['water.op']),
    );
  });

  it("shows a tenant administrator their tenant's rows only, by any filter or id", async () => {
    expect((await list(TENANT_LOG, waterAdmin, 'ip=127.0.0.1')).total).toBe(0);
    expect((await list(TENANT_LOG, waterAdmin, 'username=energy')).total).toBe(0);
    const byId = await app.server.inject({
      method: 'GET',
      url: `${TENANT_LOG}/${energyRowId}`,
      headers: waterAdmin,
    });
    expect(byId.statusCode).toBe(404);
    const own = await app.server.inject({
      method: 'GET',
      url: `${TENANT_LOG}/${energyRowId}`,
      headers: energyAdmin,
    });
    expect(own.statusCode).toBe(200);
    const energy = await list(TENANT_LOG, energyAdmin);
    expect(energy.items.map((r) => r.tenantId)).toEqual(['t-energy']);
    const unlock = await app.server.inject({
      method: 'POST',
      url: `${TENANT_LOG}/${energyRowId}/unlock`,
      headers: waterAdmin,
      payload: {},
    });
    expect(unlock.statusCode).toBe(404);
    // The platform sees every tenant, and narrows by tenant name.
    expect((await list(PLATFORM_LOG, platformAdmin)).total).toBe(10);
    const byTenant = await list(PLATFORM_LOG, platformAdmin, `tenant=${encodeURIComponent('能源')}`);
    expect(byTenant.items.map((r) => [r.username, r.tenantName])).toEqual([['energy.staff', '示范能源公司']]);
  });

  it('unlocks a locked account from its row, and refuses a row that is not locked', async () => {
    const settings = {
      enabled: true,
      maxFailures: 2,
      ipMaxFailures: 1000,
      windowMs: 60_000,
      lockMs: 600_000,
    };
    for (let i = 0; i < 2; i++) await app.services.lockout.recordFailure('water.op', '10.70.0.1', settings);
    const [row] = (await list(TENANT_LOG, waterAdmin, 'result=success&browser=WeChat')).items;
    expect(row!.locked).toBe(true);
    const unlock = () =>
      app.server.inject({
        method: 'POST',
        url: `${TENANT_LOG}/${row!.id}/unlock`,
        headers: waterAdmin,
        payload: {},
      });
    const done = await unlock();
    expect(done.statusCode, done.body).toBe(200);
    expect(await app.services.lockout.lockedUsernames()).not.toContain('water.op');
    const again = await unlock();
    expect(again.statusCode).toBe(422);
    expect(again.json().Code).toBe(42225);
  });

  it('counts a large result only up to 1,000 and says so', async () => {
    await run(sql`INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
      SELECT 't-energy', 'bulk-' || g, 'bulk.user', 'password', 'failure', now() - (g || ' seconds')::interval
      FROM generate_series(1, 1050) g`);
    const page = await list(TENANT_LOG, energyAdmin, 'username=bulk&pageSize=20');
    expect(page.total).toBe(1_001);
    expect(page.items).toHaveLength(20);
  });
});
